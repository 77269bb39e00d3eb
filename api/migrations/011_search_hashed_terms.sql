-- Search terms become 64-bit integers: a 47-bit hash of the word n-gram times 64 plus the clip's word count.
-- Integer keys make the GIN index smaller and its inserts and lookups cheaper than text keys compared under the
-- database collation (measured in docs/benchmarks.md). Existing rows are re-indexed by the search module: a
-- search first indexes chunks whose terms are missing, and `pnpm content reindex` does all of them at once.
drop index content_chunks_search_terms_idx;
alter table content_chunks alter column search_terms type bigint[] using null;
update content_chunks set search_text = null where search_text is not null;
create index content_chunks_search_terms_idx on content_chunks using gin (search_terms) where enabled;
