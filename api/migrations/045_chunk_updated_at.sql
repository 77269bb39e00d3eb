-- When a chunk last changed, so that a Meilisearch rebuild can send again what its writers changed while it ran (the
-- writers sent those changes to the index being replaced). Set by a row trigger, whoever writes; rows that exist
-- now take the time of this migration (a constant default: no table rewrite).
alter table content_chunks add column updated_at timestamptz not null default now();

create function touch_content_chunk() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger content_chunks_touch before update on content_chunks
  for each row execute function touch_content_chunk();
