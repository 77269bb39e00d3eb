-- Accounts (issue 17, docs/decisions/089). 'Forgot your password?': one pending 8-digit reset code per user, kept
-- as a salted hash, apart from the email verification code so that neither flow cancels the other. Remembered
-- settings: a small JSON object of known keys on the user (validated by the API), empty by default (a constant
-- default: no table rewrite).
create table password_reset_codes (
  user_id bigint primary key references users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  sent_at timestamptz not null default now()
);
create index password_reset_codes_expires_idx on password_reset_codes (expires_at);

alter table users add column preferences jsonb not null default '{}'::jsonb;
