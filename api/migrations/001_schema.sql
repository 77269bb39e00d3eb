-- PhraseReel base schema: every entity of spec §3. Forward-only: never edit an applied migration, add a new one.

-- Content ----------------------------------------------------------------------------------------------------

create table content_metadata (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) > 0),
  content_part text,
  content_category text,
  genre text,
  release_year integer check (release_year between 1800 and 2200),
  external_link text,
  -- Stable key of the source (e.g. a hash of the media file and its subtitles) so that ingesting the same
  -- source twice finds the existing row instead of creating a duplicate.
  source_key text unique,
  created_at timestamptz not null default now()
);
create index content_metadata_name_idx on content_metadata (lower(name));

create table content_chunks (
  id bigint generated always as identity primary key,
  content_metadata_id bigint not null references content_metadata (id) on delete cascade,
  -- order of the clip within its content item (0-based), used by previous/next navigation
  chunk_order integer not null check (chunk_order >= 0),
  play_file_name text not null,
  segment_file_name text,
  thumbnail_file_name text,
  chunk_type text not null default 'video',
  chunk_duration double precision not null default 0 check (chunk_duration >= 0),
  -- position of the clip in the source media, in seconds
  source_start double precision,
  source_end double precision,
  enabled boolean not null default true,
  transcribed_text text not null,
  word_count integer not null default 0 check (word_count >= 0),
  -- uniform random key so that random-chunks is an index range scan, not ORDER BY random() over the table
  random_key double precision not null default random(),
  created_at timestamptz not null default now(),
  unique (content_metadata_id, chunk_order),
  unique (content_metadata_id, play_file_name),
  check (source_end is null or source_start is null or source_end >= source_start)
);
create index content_chunks_random_idx on content_chunks (random_key) where enabled;
create index content_chunks_nav_idx on content_chunks (content_metadata_id, chunk_order) where enabled;

create table chunk_translations (
  chunk_id bigint not null references content_chunks (id) on delete cascade,
  -- two-letter language code as the UI uses it (spec §3 flags)
  language text not null check (language ~ '^[a-z]{2}$'),
  translation_data jsonb,
  translation_literal_data jsonb,
  translation_comprehension_data jsonb,
  primary key (chunk_id, language)
);

-- Totals shown in the top bar (chunks/count, words/count). Recomputed by the writers (ingest, import, admin
-- enable/disable) so that reading them is a primary-key lookup, not a count over a million rows.
create table content_stats (
  id integer primary key default 1 check (id = 1),
  chunk_count bigint not null default 0,
  word_count bigint not null default 0,
  updated_at timestamptz not null default now()
);
insert into content_stats (id) values (1);

-- Accounts ---------------------------------------------------------------------------------------------------

create table users (
  id bigint generated always as identity primary key,
  email text not null,
  -- null for accounts created through Google or Apple only
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  is_verified boolean not null default false,
  profile_picture_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_idx on users (lower(email));

-- Lucia-style sessions: the id is the SHA-256 (hex) of the token the client holds; the token is never stored.
create table sessions (
  id text primary key,
  user_id bigint not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id);
create index sessions_expires_idx on sessions (expires_at);

create table email_verification_codes (
  user_id bigint primary key references users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  sent_at timestamptz not null default now()
);

create table oauth_identities (
  provider text not null check (provider in ('google', 'apple')),
  subject text not null,
  user_id bigint not null references users (id) on delete cascade,
  email text,
  created_at timestamptz not null default now(),
  primary key (provider, subject)
);
create index oauth_identities_user_idx on oauth_identities (user_id);

-- Fixed-window counters shared by every app process (rate limits hold across processes).
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  count integer not null default 0
);

create table admins (
  id bigint generated always as identity primary key,
  username text not null unique,
  password_hash text not null,
  created_at timestamptz not null default now()
);

create table admin_sessions (
  id text primary key,
  admin_id bigint not null references admins (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index admin_sessions_admin_idx on admin_sessions (admin_id);

-- User content -----------------------------------------------------------------------------------------------

create table likes (
  user_id bigint not null references users (id) on delete cascade,
  content_metadata_id bigint not null references content_metadata (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, content_metadata_id)
);
create index likes_user_created_idx on likes (user_id, created_at desc);
create index likes_content_idx on likes (content_metadata_id);

create table saves (
  user_id bigint not null references users (id) on delete cascade,
  content_metadata_id bigint not null references content_metadata (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, content_metadata_id)
);
create index saves_user_created_idx on saves (user_id, created_at desc);
create index saves_content_idx on saves (content_metadata_id);

create table play_history (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  content_chunk_id bigint not null references content_chunks (id) on delete cascade,
  content_metadata_id bigint not null references content_metadata (id) on delete cascade,
  played_at timestamptz not null default now()
);
create index play_history_user_played_idx on play_history (user_id, played_at desc);
create index play_history_chunk_idx on play_history (content_chunk_id);
create index play_history_content_idx on play_history (content_metadata_id);

-- Collections ------------------------------------------------------------------------------------------------

create table collections (
  id bigint generated always as identity primary key,
  owner_id bigint not null references users (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 100),
  description text check (description is null or length(description) <= 500),
  is_public boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index collections_owner_idx on collections (owner_id, created_at desc);
create index collections_public_idx on collections (created_at desc) where is_public;

create table collection_members (
  collection_id bigint not null references collections (id) on delete cascade,
  -- 1-based position, as the members object is keyed '1','2',...
  position integer not null check (position >= 1),
  phrase text not null check (length(phrase) between 1 and 200),
  -- the phrase normalised as spec §5 says; duplicates are rejected on it
  phrase_norm text not null,
  primary key (collection_id, position),
  unique (collection_id, phrase_norm)
);

create table collection_likes (
  collection_id bigint not null references collections (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (collection_id, user_id)
);
create index collection_likes_user_idx on collection_likes (user_id);
