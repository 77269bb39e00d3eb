-- Likes and saves mark the clip the learner chose (issue 17, docs/decisions/088). A user may like several clips
-- of one content item; each mark names its clip. Marks of a content item without any clip keep a null clip (one
-- per user and item). A mark goes with its clip: clips are deleted only with their content item, which takes its
-- marks anyway.

-- Existing marks that remembered no clip (liked without playing, before 030, or whose clip was deleted) take the
-- clip the lists showed for them until now: the item's first enabled clip, else its first clip.
update likes mk set content_chunk_id = (
    select c.id from content_chunks c where c.content_metadata_id = mk.content_metadata_id
    order by c.enabled desc, c.chunk_order limit 1)
  where mk.content_chunk_id is null;
update saves mk set content_chunk_id = (
    select c.id from content_chunks c where c.content_metadata_id = mk.content_metadata_id
    order by c.enabled desc, c.chunk_order limit 1)
  where mk.content_chunk_id is null;

alter table likes drop constraint likes_pkey;
alter table saves drop constraint saves_pkey;
alter table likes drop constraint likes_content_chunk_id_fkey;
alter table saves drop constraint saves_content_chunk_id_fkey;
alter table likes add constraint likes_content_chunk_id_fkey
  foreign key (content_chunk_id) references content_chunks (id) on delete cascade;
alter table saves add constraint saves_content_chunk_id_fkey
  foreign key (content_chunk_id) references content_chunks (id) on delete cascade;

-- one mark per user and clip; one clip-less mark per user and item
create unique index likes_user_chunk_idx on likes (user_id, content_chunk_id);
create unique index saves_user_chunk_idx on saves (user_id, content_chunk_id);
create unique index likes_user_content_whole_idx on likes (user_id, content_metadata_id)
  where content_chunk_id is null;
create unique index saves_user_content_whole_idx on saves (user_id, content_metadata_id)
  where content_chunk_id is null;
-- "does this user mark any clip of this item" (the status without a clip, DELETE without a clip)
create index likes_user_content_idx on likes (user_id, content_metadata_id);
create index saves_user_content_idx on saves (user_id, content_metadata_id);
create index likes_chunk_idx on likes (content_chunk_id);
create index saves_chunk_idx on saves (content_chunk_id);
