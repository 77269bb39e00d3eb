-- Issue 18 (docs/decisions/097): a member stays a phrase (spec §3), and may remember the clip it was added from,
-- so a collection can play its own clips. A clip removed from the corpus leaves the phrase without a clip.
alter table collection_members
  add column chunk_id bigint references content_chunks (id) on delete set null;
