-- Anki and CSV exports (issue 18, docs/decisions/091). A row is the job: any replica can answer its status; it
-- runs in the process that took it (`worker`), which writes `heartbeat_at` as it goes so that a job whose process
-- died is reported as interrupted instead of running forever. Rows and their files are deleted after `expires_at`.
create table exports (
  -- 128 random bits (base64url): not guessable, and never listed
  id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  source text not null check (source in ('saved', 'collection')),
  collection_id bigint,
  format text not null check (format in ('apkg', 'csv')),
  language text check (language ~ '^[a-z]{2}$'),
  -- the site origin links in the deck point to (/play/{id})
  origin text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  done integer not null default 0 check (done >= 0),
  total integer not null default 0 check (total >= 0),
  -- what the finished export holds and left out: notes, phrases without a clip, clips without media
  summary jsonb,
  detail text,
  file_name text,
  file_size bigint,
  worker text not null,
  heartbeat_at timestamptz not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  check (source = 'saved' or collection_id is not null)
);
create index exports_user_created_idx on exports (user_id, created_at desc);
create index exports_expires_idx on exports (expires_at);
