-- One ingest run per source at a time (docs/decisions/044). A run holds a lease on its source key and renews it
-- while it works; a second run of the same source waits for the lease to be released (or to go stale when its
-- holder died without releasing it). A row rather than pg_advisory_lock because the embedded PGlite serves every
-- connection from one session, where advisory locks never exclude each other.
create table ingest_leases (
  source_key text primary key,
  holder text not null,
  acquired_at timestamptz not null default now(),
  renewed_at timestamptz not null default now()
);
