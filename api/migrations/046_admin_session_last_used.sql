-- Admin sessions end after 12 hours without a request (issue 13, docs/decisions/080), besides their 30-day expiry:
-- the time of the last request is kept per session. Sessions that exist now count as used at this migration (a
-- constant default: no table rewrite).
alter table admin_sessions add column last_used_at timestamptz not null default now();
create index admin_sessions_last_used_idx on admin_sessions (last_used_at);
