/**
 * Data access of phrase search on PostgreSQL (and PGlite): the per-chunk search data, the change counter, the rows
 * a result or a Meilisearch document is built from, and the table statistics the total estimate reads. The ranked
 * walk, the search statement itself, is in `ranked-store.ts`.
 */
import { CHUNK_COLUMNS, type ChunkRow } from '../content/content-store.ts'
import type { Queryable } from '../db/connect.ts'
import type { WordTiming } from './match.ts'
import { RANK_SLOTS, chunkTerms, tokenize } from './terms.ts'

/** Optional narrowing of a search by its content metadata. */
export interface SearchFilters {
  genre?: string | undefined
  category?: string | undefined
  yearFrom?: number | undefined
  yearTo?: number | undefined
  /** 'video' clips, or 'audio' ones (every other chunk type, spec §3). */
  mediaType?: MediaType | undefined
}

/** What a filter on the media type keeps (spec §3: chunk_type video, or other meaning audio). */
export type MediaType = 'video' | 'audio'

/**
 * The order of results: the ranked walk with sources mixed (`relevance`, the default), or every match up to
 * `LIMITS.searchMaxResults` ordered by clip length (`shortest`) or by release year, newest first (`newest`).
 */
export type SearchSort = 'relevance' | 'shortest' | 'newest'
export const SEARCH_SORTS: readonly SearchSort[] = ['relevance', 'shortest', 'newest']

/** A ranked candidate: the chunk and the content item it belongs to (for variety across sources). */
export interface Candidate {
  id: number
  metadataId: number
}

/** A chunk row with what the match info needs. */
export interface ResultRow extends ChunkRow {
  words: WordTiming[] | null
}

/** The fields of a chunk row that its Meilisearch document is built from (`toMeiliDocument`). */
export interface MeiliSourceRow {
  id: number
  content_metadata_id: number
  search_text: string | null
  enabled: boolean
  genre: string | null
  content_category: string | null
  release_year: number | null
  chunk_type: string
  chunk_duration: number
}

/**
 * Moves the change counter (`search_state.generation`) that kept answers are tagged with. Writers that defer the
 * triggers' bump (`phrasereel.defer_generation_bump`, migration 043) call it right after their commit.
 */
export async function bumpSearchGeneration(db: Queryable): Promise<void> {
  await db.query('update search_state set generation = generation + 1 where id = 1')
}

/** The change counter that statement triggers on chunks and content metadata bump (0 before the first write). */
export async function readSearchGeneration(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ generation: number }>('select generation from search_state where id = 1')
  return rows[0]?.generation ?? 0
}

/**
 * Brings the search columns of these chunks up to date with their transcripts; returns how many it rewrote.
 * Writers that store chunks without them (ingest, fixtures) get them here, through `onChunksWritten`.
 */
export async function indexChunkText(db: Queryable, chunkIds: number[]): Promise<number> {
  if (chunkIds.length === 0) return 0
  const { rows } = await db.query<{
    id: number
    transcribed_text: string
    search_text: string | null
    search_terms: string | null
  }>(
    `select id, transcribed_text, search_text, search_terms::text from content_chunks where id = any($1::bigint[])`,
    [chunkIds],
  )
  const ids: number[] = []
  const texts: string[] = []
  const terms: string[] = []
  for (const row of rows) {
    const tokens = tokenize(row.transcribed_text)
    const searchText = tokens.join(' ')
    // terms change with the text, and with the term scheme itself (decision 046 dropped word triples)
    const termLiteral = `{${chunkTerms(tokens).join(',')}}`
    if (row.search_text === searchText && row.search_terms === termLiteral) continue
    ids.push(row.id)
    texts.push(searchText)
    terms.push(termLiteral)
  }
  if (ids.length === 0) return 0
  await db.query(
    `update content_chunks c set search_text = v.search_text, search_terms = v.terms::bigint[]
     from unnest($1::bigint[], $2::text[], $3::text[]) as v(id, search_text, terms)
     where c.id = v.id`,
    [ids, texts, terms],
  )
  return ids.length
}

/** Ids of chunks whose search columns were never written, in id order after `afterId`. */
export async function pendingChunkIds(db: Queryable, afterId: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'select id from content_chunks where search_terms is null and id > $1 order by id limit $2',
    [afterId, limit],
  )
  return rows.map((row) => row.id)
}

/** Ids of every chunk, in id order after `afterId`. */
export async function chunkIdsAfter(db: Queryable, afterId: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'select id from content_chunks where id > $1 order by id limit $2',
    [afterId, limit],
  )
  return rows.map((row) => row.id)
}

/** How many chunks there are, enabled or not. */
export async function countChunks(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from content_chunks')
  return rows[0]?.n ?? 0
}

/** The database's clock (transaction start), so that comparisons with row timestamps use one clock. */
export async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: Date }>('select now() as now')
  return rows[0]!.now
}

/** Ids of chunks created or updated at or after `since` minus `margin` (a PostgreSQL interval). */
export async function chunkIdsChangedSince(db: Queryable, since: Date, margin: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select id from content_chunks
     where created_at >= $1::timestamptz - $2::interval or updated_at >= $1::timestamptz - $2::interval`,
    [since, margin],
  )
  return rows.map((row) => row.id)
}

/** Stores the word timings of a clip (seconds in the clip); the ingest pipeline calls it with the segment words. */
export async function saveChunkWords(db: Queryable, chunkId: number, words: WordTiming[]): Promise<void> {
  const compact = words.map((word) => ({ word: word.word, start: word.start, end: word.end }))
  await db.query('update content_chunks set words = $2::jsonb where id = $1', [
    chunkId,
    JSON.stringify(compact),
  ])
}

/** Enabled chunks by id with their word timings, in no particular order. */
export async function loadResultRows(db: Queryable, ids: number[]): Promise<ResultRow[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<ResultRow>(
    `select ${CHUNK_COLUMNS}, c.words from content_chunks c join content_metadata m on m.id = c.content_metadata_id
     where c.id = any($1::bigint[]) and c.enabled`,
    [ids],
  )
  return rows
}

/** Rows of these chunks as Meilisearch documents are built from (disabled ones included; deleted ones absent). */
export async function loadMeiliRows(db: Queryable, chunkIds: number[]): Promise<MeiliSourceRow[]> {
  const { rows } = await db.query<MeiliSourceRow>(
    `select c.id, c.content_metadata_id, c.search_text, c.enabled, m.genre, m.content_category, m.release_year,
       c.chunk_type, c.chunk_duration
     from content_chunks c join content_metadata m on m.id = c.content_metadata_id
     where c.id = any($1::bigint[])`,
    [chunkIds],
  )
  return rows
}

/** Heap blocks of `content_chunks` (at least 1). */
export async function readTableBlocks(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select (pg_relation_size('content_chunks') / current_setting('block_size')::int)::int as n`,
  )
  return Math.max(1, rows[0]?.n ?? 1)
}

/**
 * Enabled, indexed chunks per rank key (clip word count) in a `tablesample system` of `percent` of the heap blocks
 * (repeatable, so one process samples the same blocks each time).
 */
export async function sampleRankCounts(db: Queryable, percent: number): Promise<{ r: number; n: number }[]> {
  const { rows } = await db.query<{ r: number; n: number }>(
    `select (search_terms[1] % ${RANK_SLOTS})::int as r, count(*)::int as n
     from content_chunks tablesample system ($1::real) repeatable (1)
     where enabled and search_terms is not null group by 1`,
    [percent],
  )
  return rows
}
