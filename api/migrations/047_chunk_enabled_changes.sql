-- Audit trail of the admin enable/disable of clips (issue 15, docs/decisions/084): one row per real change, written
-- in the same transaction as the change. The admin's username is copied at write time so that the record outlives
-- the admin row (admin_id becomes null when an admin is deleted); a clip's rows go with the clip.
create table chunk_enabled_changes (
  id bigint generated always as identity primary key,
  chunk_id bigint not null references content_chunks (id) on delete cascade,
  admin_id bigint references admins (id) on delete set null,
  admin_username text not null,
  changed_at timestamptz not null default statement_timestamp(),
  enabled_before boolean not null,
  enabled_after boolean not null,
  -- a call that sets the state a clip already has writes no row
  check (enabled_before <> enabled_after)
);
-- a clip's last change (the chunk list's lateral join) is one index probe; id breaks ties within one timestamp
create index chunk_enabled_changes_chunk_idx on chunk_enabled_changes (chunk_id, changed_at desc, id desc);
-- deleting an admin sets its rows' admin_id to null without scanning the table
create index chunk_enabled_changes_admin_idx on chunk_enabled_changes (admin_id) where admin_id is not null;
