-- A counter that moves whenever chunks or content metadata change, whoever writes them. App processes keep
-- search answers in memory tagged with the generation they were computed at and drop them once it moves, so a
-- cache never outlives a change by more than the short interval at which a process re-reads the counter.
create table search_state (
  id integer primary key default 1 check (id = 1),
  generation bigint not null default 0
);
insert into search_state (id) values (1);

create function bump_search_generation() returns trigger language plpgsql as $$
begin
  update search_state set generation = generation + 1 where id = 1;
  return null;
end
$$;

create trigger content_chunks_search_generation after insert or update or delete or truncate on content_chunks
  for each statement execute function bump_search_generation();
create trigger content_metadata_search_generation after insert or update or delete or truncate
  on content_metadata for each statement execute function bump_search_generation();
