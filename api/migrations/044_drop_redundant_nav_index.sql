-- content_chunks_nav_idx (content_metadata_id, chunk_order) where enabled repeats the unique constraint on the same
-- columns: previous/next and a collection's first clip are served by that unique index with `enabled` checked on
-- the row, and every insert paid for one B-tree more (docs/decisions/046).
drop index if exists content_chunks_nav_idx;
