/** Data access of phrase search on PostgreSQL (and PGlite): the per-chunk search data and the ranked lookups. */
import { CHUNK_COLUMNS, type ChunkRow } from '../content/content-store.ts'
import type { Queryable } from '../db/connect.ts'
import type { WordTiming } from './match.ts'
import { MAX_RANK_WORDS, RANK_SLOTS, chunkTerms, gramHash, type QueryPlan, tokenize } from './terms.ts'

/** Optional narrowing of a search by its content metadata. */
export interface SearchFilters {
  genre?: string | undefined
  category?: string | undefined
  yearFrom?: number | undefined
  yearTo?: number | undefined
}

/** A ranked candidate: the chunk and the content item it belongs to (for variety across sources). */
export interface Candidate {
  id: number
  metadataId: number
}

/** A chunk row with what the match info needs. */
export interface ResultRow extends ChunkRow {
  words: WordTiming[] | null
}

/** The search columns of one chunk, computed from its transcript. */
export interface SearchData {
  searchText: string
  /** Terms as a PostgreSQL array literal (`{1,2}`), as one text per row travels best in a batch. */
  terms: string
}

/** Computes the search columns of a transcript (the index side of spec §5 normalisation). */
export function searchData(text: string): SearchData {
  const tokens = tokenize(text)
  return { searchText: tokens.join(' '), terms: `{${chunkTerms(tokens).join(',')}}` }
}

/**
 * Brings the search columns of these chunks up to date with their transcripts; returns how many it rewrote.
 * Writers that store chunks without them (ingest, fixtures) get them here, through `onChunksWritten`.
 */
export async function indexChunkText(db: Queryable, chunkIds: number[]): Promise<number> {
  if (chunkIds.length === 0) return 0
  const { rows } = await db.query<{ id: number; transcribed_text: string; search_text: string | null }>(
    `select id, transcribed_text, search_text from content_chunks where id = any($1::bigint[])`,
    [chunkIds],
  )
  const ids: number[] = []
  const texts: string[] = []
  const terms: string[] = []
  for (const row of rows) {
    const tokens = tokenize(row.transcribed_text)
    const searchText = tokens.join(' ')
    if (row.search_text === searchText) continue
    ids.push(row.id)
    texts.push(searchText)
    terms.push(`{${chunkTerms(tokens).join(',')}}`)
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

/** Stores the word timings of a clip (seconds in the clip); the ingest pipeline calls it with the segment words. */
export async function saveChunkWords(db: Queryable, chunkId: number, words: WordTiming[]): Promise<void> {
  const compact = words.map((word) => ({ word: word.word, start: word.start, end: word.end }))
  await db.query('update content_chunks set words = $2::jsonb where id = $1', [
    chunkId,
    JSON.stringify(compact),
  ])
}

/**
 * The lookup shared by candidates and count: for each clip word count from the shortest possible up, the enabled
 * chunks holding every gram of the plan (one GIN probe per word count), rechecked by pattern when the grams do not
 * prove the phrase, filtered, stopping at `$3` rows.
 */
function rankedLookup(plan: QueryPlan, filters: SearchFilters, params: unknown[]): string {
  const conditions: string[] = []
  if (!plan.exact) {
    params.push(plan.pattern)
    conditions.push(`c.search_text ~ $${params.length}`)
  }
  const meta: string[] = []
  if (filters.genre !== undefined) {
    params.push(filters.genre.toLowerCase())
    meta.push(`lower(m.genre) = $${params.length}`)
  }
  if (filters.category !== undefined) {
    params.push(filters.category.toLowerCase())
    meta.push(`lower(m.content_category) = $${params.length}`)
  }
  if (filters.yearFrom !== undefined) {
    params.push(filters.yearFrom)
    meta.push(`m.release_year >= $${params.length}`)
  }
  if (filters.yearTo !== undefined) {
    params.push(filters.yearTo)
    meta.push(`m.release_year <= $${params.length}`)
  }
  if (meta.length > 0) {
    conditions.push(
      `exists (select 1 from content_metadata m where m.id = c.content_metadata_id and ${meta.join(' and ')})`,
    )
  }
  // $1: rank keys from the fewest words a matching clip can have up, $2: the plan's terms at each rank (array
  // literals), $3: row limit. The nested loop keeps the rank order and stops at the limit.
  return `select c.id, c.content_metadata_id
    from unnest($1::int[], $2::text[]) as w(n, terms)
    cross join lateral (
      select c.id, c.content_metadata_id from content_chunks c
      where c.enabled and c.search_terms @> w.terms::bigint[]
        ${conditions.map((condition) => `and ${condition}`).join(' ')}
      limit $3
    ) c
    limit $3`
}

function baseParams(plan: QueryPlan, limit: number): unknown[] {
  const hashes = plan.grams.map(gramHash)
  const ranks: number[] = []
  const terms: string[] = []
  for (let rank = Math.min(plan.tokens.length, MAX_RANK_WORDS); rank <= MAX_RANK_WORDS; rank++) {
    ranks.push(rank)
    terms.push(`{${hashes.map((hash) => hash * RANK_SLOTS + rank).join(',')}}`)
  }
  return [ranks, terms, limit]
}

/** The first `limit` matching chunks in rank order (shortest clips first, then storage order). */
export async function findCandidates(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  limit: number,
): Promise<Candidate[]> {
  const params = baseParams(plan, limit)
  const { rows } = await db.query<{ id: number; content_metadata_id: number }>(
    rankedLookup(plan, filters, params),
    params,
  )
  return rows.map((row) => ({ id: row.id, metadataId: row.content_metadata_id }))
}

/** How many chunks match, counting no further than `cap` (a bounded answer costs bounded work). */
export async function countMatches(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  cap: number,
): Promise<number> {
  const params = baseParams(plan, cap)
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (${rankedLookup(plan, filters, params)}) x`,
    params,
  )
  return rows[0]?.n ?? 0
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

/** Normalised texts of up to `limit` enabled chunks containing the plan, for suggestions. */
export async function sampleMatchTexts(db: Queryable, plan: QueryPlan, limit: number): Promise<string[]> {
  const params = baseParams(plan, limit)
  const { rows } = await db.query<{ search_text: string }>(
    `select c.search_text from (${rankedLookup(plan, {}, params)}) x join content_chunks c on c.id = x.id`,
    params,
  )
  return rows.map((row) => row.search_text)
}
