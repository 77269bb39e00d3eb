-- Type-ahead and "did you mean" (issue 18, docs/decisions/090). `search_phrases` holds every word 1- to 4-gram of the
-- enabled clips' normalised transcripts with the number of clips that say it; its one-word rows are the vocabulary
-- corrections are made from. Binary collation ("C"), so a prefix is a range of the primary key.
create table search_phrases (
  phrase text collate "C" primary key,
  words smallint not null,
  clips integer not null
);
-- the most said phrases under a 2- or 4-character start, read in order until eight match a longer prefix
create index search_phrases_head2_idx on search_phrases (left(phrase, 2), clips desc);
create index search_phrases_head4_idx on search_phrases (left(phrase, 4), clips desc);
-- the vocabulary, read whole by each process now and then
create index search_phrases_vocabulary_idx on search_phrases (phrase) include (clips) where words = 1;

-- What each clip counts for in search_phrases: the normalised text whose phrases were added (null: nothing). The
-- writers' sync moves the counts by the difference between this and what the clip says now (its search_text when
-- enabled, else nothing), under a lock on this row, so counts stay exact with writers in parallel. No foreign key:
-- a deleted clip's row is what takes its phrases back out. Existing clips have no row yet: the background sweep
-- (phrase-sync.ts) counts them a window at a time after start-up, so this migration is instant at any size.
create table search_phrase_chunks (
  chunk_id bigint primary key,
  counted_text text
);
