-- Phrase search (issue 4). Word timings and the PostgreSQL search data live on the chunk row itself, so the
-- partial index follows `enabled` without any sync: a disabled chunk is simply not in the index.

-- Word timings of the clip, as segment JSON has them: [{ "word", "start", "end" }], seconds in the clip.
alter table content_chunks add column words jsonb;
-- The transcript normalised as spec §5 says, words joined by one space (phrase recheck for long queries and *).
alter table content_chunks add column search_text text;
-- Word 1- to 3-gram terms, each prefixed with the clip's word count ("7|dont know"), so one GIN lookup per word
-- count walks the matches from the shortest clips up (ranking) and stops once a page is full.
alter table content_chunks add column search_terms text[];

create index content_chunks_search_terms_idx on content_chunks using gin (search_terms) where enabled;
-- chunks a writer has not indexed yet (onChunksWritten and `pnpm content reindex` fill them in)
create index content_chunks_search_pending_idx on content_chunks (id) where search_terms is null;
