-- A large bulk import drops the search index of content_chunks, loads, and builds it again (docs/decisions/045).
-- The definition is kept here, committed with the drop, so an import that is interrupted before the rebuild is
-- repaired by the next import (which rebuilds every index listed here before it starts).
create table import_dropped_indexes (
  name text primary key,
  definition text not null,
  dropped_at timestamptz not null default now()
);
