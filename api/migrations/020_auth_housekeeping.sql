-- Accounts and sessions (issue 5): housekeeping indexes for pruning stale rate-limit counters and spent codes.
create index rate_limits_window_idx on rate_limits (window_start);
create index email_verification_codes_expires_idx on email_verification_codes (expires_at);
create index admin_sessions_expires_idx on admin_sessions (expires_at);
