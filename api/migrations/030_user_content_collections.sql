-- Likes, saves, play history and collections (issue 6). See docs/decisions/030-033.

-- A like or save remembers the clip the user was on (sent explicitly, or the one they last played of that
-- content item); the liked/saved lists show that clip, falling back to the item's first enabled clip.
alter table likes add column content_chunk_id bigint references content_chunks (id) on delete set null;
alter table saves add column content_chunk_id bigint references content_chunks (id) on delete set null;

-- Play history keeps one row per (user, clip): playing a clip again moves it to the top instead of adding rows,
-- so a user's history is bounded by the number of clips.
delete from play_history a using play_history b
  where a.user_id = b.user_id and a.content_chunk_id = b.content_chunk_id
    and (a.played_at < b.played_at or (a.played_at = b.played_at and a.id < b.id));
create unique index play_history_user_chunk_idx on play_history (user_id, content_chunk_id);
-- "the clip this user last played of this content item", used when a like or save is stored
create index play_history_user_content_idx on play_history (user_id, content_metadata_id, played_at desc);

-- Collections: a version counter bumped (with updated_at) by every change, likes included, so cached collection
-- pages can be validated with one primary-key lookup; and the owner's tags.
alter table collections add column version bigint not null default 1;
alter table collections add column tags text[] not null default '{}';
