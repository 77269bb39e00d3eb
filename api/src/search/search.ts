/**
 * Phrase search, the domain side: plans the query, asks the engine (Meilisearch when configured and reachable,
 * else PostgreSQL) for ranked candidates, mixes sources, and answers chunks with where the phrase occurs.
 */
import { CHUNK_COLUMNS, toChunk } from '../content/content-store.ts'
import type { Chunk } from '../content/types.ts'
import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/connect.ts'
import { log } from '../log.ts'
import { LIMITS } from '../shared/limits.ts'
import { type MatchInfo, locateMatch } from './match.ts'
import { meiliCandidates, meiliEnabled } from './meili.ts'
import {
  type Candidate,
  type ResultRow,
  type SearchFilters,
  indexChunkText,
  loadResultRows,
  pendingChunkIds,
} from './search-store.ts'
import {
  MAX_RANK_WORDS,
  type QueryPlan,
  RANK_SLOTS,
  findPhrase,
  gramHash,
  planQuery,
  tokenize,
} from './terms.ts'

/** Ranked candidates are mixed across sources within blocks of this many, so paging stays stable. */
export const VARIETY_BLOCK = 200

/** A search result: the public chunk plus where the phrase occurs in it. */
export interface SearchHit extends Chunk {
  match: MatchInfo
}

export interface SearchRequest {
  q: string
  filters: SearchFilters
  limit: number
  offset: number
}

export interface SearchResult {
  hits: SearchHit[]
  /** Matching chunks: exact when `estimated` is false, at most `LIMITS.searchMaxResults`. */
  total: number
  /** True when more chunks match than `total` says (more than `LIMITS.searchMaxResults`). */
  capped: boolean
  /**
   * True when `total` is an estimate: more chunks match than the search read (the end of the variety block
   * holding the page), and the rest was extrapolated rather than counted (decision 013).
   */
  estimated: boolean
  engine: 'postgres' | 'meilisearch'
}

/** Ranked candidates and their count from one engine. */
export interface EngineAnswer {
  candidates: Candidate[]
  total: number
}

/** Runs a search. Throws `QueryError` (terms.ts) for a query that cannot be searched. */
export async function searchChunks(ctx: AppContext, request: SearchRequest): Promise<SearchResult> {
  const plan = planQuery(request.q)
  const cap = LIMITS.searchMaxResults
  if (!plan || request.offset >= cap) {
    return { hits: [], total: 0, capped: false, estimated: false, engine: 'postgres' }
  }
  const end = Math.min(request.offset + request.limit, cap)
  // candidates through the end of the block holding the last wanted result, so each block is mixed the same way
  const want = Math.min(Math.ceil(end / VARIETY_BLOCK) * VARIETY_BLOCK, cap)
  const cache = searchCache(ctx)
  const generation = await cache.generation()
  const key = JSON.stringify([plan.tokens, request.filters, request.offset, request.limit])
  const cached = cache.get(key, generation)
  if (cached) return cached
  const result =
    (await meiliSearch(ctx, plan, request, want, end)) ??
    (await postgresSearch(ctx, plan, request.filters, want, request.offset, end))
  cache.set(key, generation, result)
  return result
}

/** Turns result rows into hits in the given order, dropping any whose text does not hold the phrase. */
function toHits(ctx: AppContext, plan: QueryPlan, rows: ResultRow[]): SearchHit[] {
  const hits: SearchHit[] = []
  for (const row of rows) {
    const match = locateMatch(row.transcribed_text, row.words, row.chunk_duration, plan.tokens)
    if (!match) continue // an engine's approximate candidate (or a hash collision) that is not the phrase
    hits.push({ ...toChunk(row, ctx.mediaBase), match })
  }
  return hits
}

/** Chunks indexed per sweep, and how often one process looks for chunks a writer left unindexed. */
const SWEEP_BATCH = 2000
const SWEEP_INTERVAL_MS = 5000
let lastSweep = 0
let sweeping: Promise<void> | null = null

/**
 * Safety net for writers that stored chunks without calling `onChunksWritten` (or rows migrated without search
 * data): at most every few seconds, index a batch of chunks whose search columns are missing. Costs one probe of
 * an empty partial index when there are none.
 */
async function sweepPending(ctx: AppContext): Promise<void> {
  const now = Date.now()
  if (sweeping) return sweeping
  if (now - lastSweep < SWEEP_INTERVAL_MS) return
  lastSweep = now
  sweeping = (async () => {
    const ids = await pendingChunkIds(ctx.db, 0, SWEEP_BATCH)
    if (ids.length > 0) await indexChunkText(ctx.db, ids)
    if (ids.length === SWEEP_BATCH) lastSweep = 0 // more to do: the next search continues
  })().finally(() => {
    sweeping = null
  })
  return sweeping
}

/** After Meilisearch fails, searches to that server go to PostgreSQL for this long before it is tried again. */
const MEILI_RETRY_MS = 30_000
const meiliRetryAt = new Map<string, number>()

/** The search answered by Meilisearch (candidates) and PostgreSQL (rows), or null to search PostgreSQL alone. */
async function meiliSearch(
  ctx: AppContext,
  plan: QueryPlan,
  request: SearchRequest,
  want: number,
  end: number,
): Promise<SearchResult | null> {
  if (!meiliEnabled(ctx.config)) return null
  const server = ctx.config.MEILI_URL!
  if (Date.now() < (meiliRetryAt.get(server) ?? 0)) return null
  let answer: EngineAnswer
  try {
    answer = await meiliCandidates(ctx.config, plan, request.filters, want)
  } catch (error) {
    // one log line and one failed request per pause, not one per search while it is down
    meiliRetryAt.set(server, Date.now() + MEILI_RETRY_MS)
    log.warn(`meilisearch unreachable, searching PostgreSQL for the next ${MEILI_RETRY_MS / 1000} s`, {
      error: (error as Error).message,
    })
    return null
  }
  const cap = LIMITS.searchMaxResults
  const ordered = mixSources(answer.candidates, VARIETY_BLOCK).slice(request.offset, end)
  const rows = await loadResultRows(
    ctx.db,
    ordered.map((candidate) => candidate.id),
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  // rows in the mixed order; a chunk disabled or deleted since Meilisearch answered is left out
  const inOrder = ordered.flatMap((candidate) => byId.get(candidate.id) ?? [])
  return {
    hits: toHits(ctx, plan, inOrder),
    total: Math.min(answer.total, cap),
    capped: answer.total > cap,
    estimated: answer.total > answer.candidates.length,
    engine: 'meilisearch',
  }
}

/**
 * PostgreSQL search in one statement (decision 013): the ranked walk of decision 010 reads no further than the end
 * of the variety block holding the page (plus one row, to know whether more match), mixes sources, joins the page's
 * rows, and reports what the walk saw so that the total can be estimated when it stopped early.
 */
async function postgresSearch(
  ctx: AppContext,
  plan: QueryPlan,
  filters: SearchFilters,
  want: number,
  offset: number,
  end: number,
): Promise<SearchResult> {
  await sweepPending(ctx)
  const cap = LIMITS.searchMaxResults
  const walked = await rankedPage(ctx.db, plan, filters, { want, offset, limit: end - offset })
  const hits = toHits(ctx, plan, walked.rows)
  if (walked.found <= want) {
    return { hits, total: walked.found, capped: false, estimated: false, engine: 'postgres' }
  }
  const estimate = await estimateWalk(ctx.db, plan, walked)
  return {
    hits,
    total: Math.min(estimate, cap),
    capped: estimate > cap,
    estimated: true,
    engine: 'postgres',
  }
}

/** What one ranked walk answers: the page's rows, and how far the walk got. */
export interface RankedPage {
  /** The page's rows, in result order (variety mixed). */
  rows: ResultRow[]
  /** Rows the walk read: every match when at most `want`, else `want + 1`. */
  found: number
  /** Rows read per rank key (clip word count). */
  perRank: Map<number, number>
  /** Heap block of the last row read at the highest rank read: how far that rank's scan got. */
  stopBlock: number
}

interface RankedPageRow extends ResultRow {
  found: number
  ranks: [number, number][]
  stop_block: number | null
  ord: number | null
}

/**
 * The ranked walk of decision 010 and the page in one statement. For each clip word count from the shortest a
 * match can have up, the enabled chunks holding every gram of the plan at that rank (one GIN probe per rank; a
 * bitmap scan, so rows come in heap order within a rank), rechecked by pattern when the grams do not prove the
 * phrase, filtered, stopping after `want + 1` rows. Sources are mixed within blocks of `VARIETY_BLOCK` ranked
 * rows (every source's first clip, then every source's second...), as `mixSources` does.
 */
export function rankedPageStatement(
  plan: QueryPlan,
  filters: SearchFilters,
  want: number,
): { text: string; filterParams: unknown[] } {
  const filterParams: unknown[] = []
  const conditions: string[] = []
  // $1 ranks, $2 terms per rank, $3 offset, $4 limit. The row counts are written into the text (whole numbers
  // the caller computed, a handful of values): with them known, PostgreSQL settles on one generic plan per
  // prepared statement instead of planning every execution again (decision 013).
  const walk = Math.trunc(want) + 1
  const param = (value: unknown) => {
    filterParams.push(value)
    return `$${4 + filterParams.length}`
  }
  // the pattern check inside coalesce: PostgreSQL then estimates it at one row in two instead of a handful in all,
  // the walk's estimated cost stays far below jit_above_cost, and no search pays 0.5 to 2.4 s of JIT compilation
  if (!plan.exact) conditions.push(`coalesce(c.search_text ~ ${param(plan.pattern)}, false)`)
  const meta: string[] = []
  if (filters.genre !== undefined) meta.push(`lower(m.genre) = ${param(filters.genre.toLowerCase())}`)
  if (filters.category !== undefined) {
    meta.push(`lower(m.content_category) = ${param(filters.category.toLowerCase())}`)
  }
  if (filters.yearFrom !== undefined) meta.push(`m.release_year >= ${param(filters.yearFrom)}::int`)
  if (filters.yearTo !== undefined) meta.push(`m.release_year <= ${param(filters.yearTo)}::int`)
  if (meta.length > 0) {
    // one hashed set of the content items that pass, checked per row: written inside coalesce so the planner
    // cannot turn it into a join driven by content_metadata (which it did, mis-estimating lower(genre): 565 ms
    // for a no-hit query with a genre filter on 1M chunks, 40,000 index probes)
    conditions.push(
      `coalesce(c.content_metadata_id in (select m.id from content_metadata m where ${meta.join(' and ')}), false)`,
    )
  }
  const text = `with walk as materialized (
  select c.id, c.content_metadata_id as source, w.n, c.ctid as tid
  from unnest($1::int[], $2::text[]) as w(n, terms)
  cross join lateral (
    select c.id, c.content_metadata_id, c.ctid from content_chunks c
    where c.enabled and c.search_terms @> w.terms::bigint[]${conditions.map((condition) => ` and ${condition}`).join('')}
    limit ${walk}
  ) c
  limit ${walk}
), ranked as (
  select id, source, row_number() over (order by n, tid) as pos from walk
), mixed as (
  select id, pos, (pos - 1) / ${VARIETY_BLOCK} as block,
    row_number() over (partition by (pos - 1) / ${VARIETY_BLOCK}, source order by pos) as round
  from ranked where pos <= ${walk - 1}
), page as (
  select id, ord from (select id, row_number() over (order by block, round, pos) as ord from mixed) o
  where ord > $3::int and ord <= $3::int + $4::int
), stats as (
  select (select count(*)::int from walk) as found,
    (select coalesce(json_agg(json_build_array(n, k)), '[]'::json)
       from (select n, count(*)::int as k from walk group by n) r) as ranks,
    (select max(((tid::text)::point)[0])::int from walk where n = (select max(n) from walk)) as stop_block
)
select s.found, s.ranks, s.stop_block, p.ord, ${CHUNK_COLUMNS}, c.words
from stats s
left join page p on true
left join content_chunks c on c.id = p.id
left join content_metadata m on m.id = c.content_metadata_id
order by p.ord`
  return { text, filterParams }
}

/** Rank keys from the fewest words a match can have up, and the plan's terms at each (PostgreSQL array literals). */
function rankTerms(plan: QueryPlan): { ranks: number[]; terms: string[] } {
  const hashes = plan.grams.map(gramHash)
  const ranks: number[] = []
  const terms: string[] = []
  for (let rank = Math.min(plan.tokens.length, MAX_RANK_WORDS); rank <= MAX_RANK_WORDS; rank++) {
    ranks.push(rank)
    terms.push(`{${hashes.map((hash) => hash * RANK_SLOTS + rank).join(',')}}`)
  }
  return { ranks, terms }
}

/** Runs the ranked walk and the page (`rankedPageStatement`) as one named prepared statement. */
export async function rankedPage(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  page: { want: number; offset: number; limit: number },
): Promise<RankedPage> {
  const { text, filterParams } = rankedPageStatement(plan, filters, page.want)
  const { ranks, terms } = rankTerms(plan)
  const values = [ranks, terms, page.offset, Math.max(0, page.limit), ...filterParams]
  const { rows } = await db.query<RankedPageRow>(await statement(db, text, values))
  const first = rows[0]
  return {
    rows: rows.filter((row) => row.ord !== null),
    found: first?.found ?? 0,
    perRank: new Map(first?.ranks ?? []),
    stopBlock: first?.stop_block ?? 0,
  }
}

const namedSafe = new WeakMap<Queryable, Promise<boolean>>()

/**
 * A query config that PostgreSQL prepares once per pooled connection under a name derived from its text (then only
 * binds and executes it). Not on PGlite: it serves every connection from one session, where two connections
 * preparing one name would collide, so there the statement stays unnamed.
 */
async function statement(
  db: Queryable,
  text: string,
  values: unknown[],
): Promise<{ text: string; values: unknown[]; name?: string }> {
  let safe = namedSafe.get(db)
  if (!safe) {
    safe = db
      .query<{ version: string }>('select version() as version')
      .then(({ rows }) => !/pglite|emscripten/i.test(rows[0]?.version ?? ''))
      .catch(() => {
        namedSafe.delete(db)
        return false
      })
    namedSafe.set(db, safe)
  }
  return (await safe) ? { name: `phrase_search_${textHash(text)}`, text, values } : { text, values }
}

function textHash(text: string): string {
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193)
    b = Math.imul(b ^ text.charCodeAt(i), 0x5bd1e995)
  }
  return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`
}

export interface EstimateInput {
  /** Words of the query (the shortest clip that can hold it). */
  phraseWords: number
  /** Rows the walk read per rank key; the highest rank read is where it stopped. */
  perRank: Map<number, number>
  /** Heap block of the last row read at the stop rank, and the table's heap blocks. */
  stopBlock: number
  relationBlocks: number
  /** Enabled chunks per rank key (a sample: only ratios matter), index = rank. */
  histogram: number[]
}

/**
 * Estimates how many chunks match when the walk stopped before the end (decision 013). Ranks below the stop rank
 * were read whole. The stop rank was read in heap order up to `stopBlock`, so its count is scaled by the share of
 * the table scanned. Ranks above it are extrapolated with the phrase's density per word position so far: a clip of
 * k words has k - n + 1 places where an n-word phrase can start, and the histogram says how many clips have k words.
 * Never less than the rows actually read.
 */
export function estimateTotal(input: EstimateInput): number {
  const ranks = [...input.perRank.keys()]
  const read = [...input.perRank.values()].reduce((sum, n) => sum + n, 0)
  if (ranks.length === 0) return 0
  const stop = Math.max(...ranks)
  const first = Math.min(Math.max(input.phraseWords, 1), MAX_RANK_WORDS)
  const below = read - (input.perRank.get(stop) ?? 0)
  const share = Math.min(1, Math.max(1 / input.relationBlocks, (input.stopBlock + 1) / input.relationBlocks))
  const atStop = (input.perRank.get(stop) ?? 0) / share
  // half a chunk of smoothing: a rank the sample missed still has some clips
  const weight = (rank: number) =>
    ((input.histogram[rank] ?? 0) + 0.5) * Math.max(1, rank - input.phraseWords + 1)
  let seen = 0
  for (let rank = first; rank <= stop; rank++) seen += weight(rank)
  let rest = 0
  for (let rank = stop + 1; rank <= MAX_RANK_WORDS; rank++) rest += weight(rank)
  // without a sample of clip lengths there is nothing to extrapolate with: the ranks read are the estimate
  const sampled = input.histogram.some((n) => n > 0)
  const density = sampled && seen > 0 ? (below + atStop) / seen : 0
  return Math.max(read, Math.round(below + atStop + density * rest))
}

/** The estimated total of a walk that stopped early, with the table's size and length sample of this process. */
async function estimateWalk(db: Queryable, plan: QueryPlan, walked: RankedPage): Promise<number> {
  const relationBlocks = await tableBlocks(db)
  return estimateTotal({
    phraseWords: plan.tokens.length,
    perRank: walked.perRank,
    stopBlock: walked.stopBlock,
    relationBlocks,
    histogram: await rankHistogram(db, relationBlocks),
  })
}

/** How long a process reuses the size of `content_chunks` (PGlite answers pg_relation_size slowly, ~2 ms). */
const BLOCKS_TTL_MS = 10_000
const blocks = new WeakMap<Queryable, { at: number; value: Promise<number> }>()

/** Heap blocks of `content_chunks`, re-read at most every `BLOCKS_TTL_MS`. */
function tableBlocks(db: Queryable): Promise<number> {
  const entry = blocks.get(db)
  if (entry && Date.now() - entry.at < BLOCKS_TTL_MS) return entry.value
  const value = db
    .query<{ n: number }>(
      `select (pg_relation_size('content_chunks') / current_setting('block_size')::int)::int as n`,
    )
    .then(({ rows }) => Math.max(1, rows[0]?.n ?? 1))
  blocks.set(db, { at: Date.now(), value })
  value.catch(() => blocks.delete(db))
  return value
}

/** How long a process keeps its sample of clip lengths, and how many heap blocks the sample reads. */
const HISTOGRAM_TTL_MS = 10 * 60_000
const HISTOGRAM_SAMPLE_BLOCKS = 400
const histograms = new WeakMap<Queryable, { at: number; value: Promise<number[]> }>()

/**
 * Enabled chunks per rank key, from a sample of about `HISTOGRAM_SAMPLE_BLOCKS` heap blocks (the whole table when
 * small), kept per process for `HISTOGRAM_TTL_MS` and refreshed in the background after that.
 */
export function rankHistogram(db: Queryable, relationBlocks: number): Promise<number[]> {
  const entry = histograms.get(db)
  if (entry && Date.now() - entry.at < HISTOGRAM_TTL_MS) return entry.value
  const value = sampleHistogram(db, relationBlocks)
  histograms.set(db, { at: Date.now(), value })
  value.catch(() => histograms.delete(db))
  // while a refresh runs, the previous sample answers
  return entry ? entry.value : value
}

async function sampleHistogram(db: Queryable, relationBlocks: number): Promise<number[]> {
  const percent = Math.min(100, (100 * HISTOGRAM_SAMPLE_BLOCKS) / Math.max(1, relationBlocks))
  const query = (pct: number) =>
    db.query<{ r: number; n: number }>(
      `select (search_terms[1] % ${RANK_SLOTS})::int as r, count(*)::int as n
       from content_chunks tablesample system ($1::real) repeatable (1)
       where enabled and search_terms is not null group by 1`,
      [pct],
    )
  let { rows } = await query(percent)
  if (percent < 100 && rows.reduce((sum, row) => sum + row.n, 0) < 500) rows = (await query(100)).rows
  const histogram = new Array<number>(MAX_RANK_WORDS + 1).fill(0)
  for (const row of rows) if (row.r >= 0 && row.r <= MAX_RANK_WORDS) histogram[row.r] = row.n
  return histogram
}

/** Answers kept per process, and how often a process re-reads the change counter (`search_state`). */
let cacheEntries = 2000
const GENERATION_CHECK_MS = 1000

/**
 * Search answers (pages of results) in memory, tagged with the database's change counter (bumped by triggers on every write to
 * chunks or content metadata). A write made through `onChunksWritten` in this process shows at once; one made
 * elsewhere within `GENERATION_CHECK_MS`.
 */
class SearchCache {
  readonly #db: AppContext['db']
  readonly #entries = new Map<string, { generation: number; answer: SearchResult }>()
  #generation = 0
  #checkedAt = 0
  #checking: Promise<number> | null = null

  constructor(db: AppContext['db']) {
    this.#db = db
  }

  async generation(): Promise<number> {
    if (Date.now() - this.#checkedAt < GENERATION_CHECK_MS) return this.#generation
    this.#checking ??= this.#db
      .query<{ generation: number }>('select generation from search_state where id = 1')
      .then(({ rows }) => {
        this.#generation = rows[0]?.generation ?? 0
        this.#checkedAt = Date.now()
        return this.#generation
      })
      .finally(() => {
        this.#checking = null
      })
    return this.#checking
  }

  get(key: string, generation: number): SearchResult | null {
    const entry = this.#entries.get(key)
    if (!entry || entry.generation !== generation) return null
    this.#entries.delete(key) // re-insert: the Map's order is the recency order
    this.#entries.set(key, entry)
    return entry.answer
  }

  set(key: string, generation: number, answer: SearchResult): void {
    if (cacheEntries === 0) return
    this.#entries.set(key, { generation, answer })
    if (this.#entries.size > cacheEntries) this.#entries.delete(this.#entries.keys().next().value!)
  }

  /** Forget the counter so the next search re-reads it. */
  invalidate(): void {
    this.#checkedAt = 0
  }
}

const caches = new WeakMap<AppContext['db'], SearchCache>()

function searchCache(ctx: AppContext): SearchCache {
  let cache = caches.get(ctx.db)
  if (!cache) {
    cache = new SearchCache(ctx.db)
    caches.set(ctx.db, cache)
  }
  return cache
}

/** Sets how many answers a process keeps (0 turns the cache off, as the benchmark does to measure the engine). */
export function setSearchCacheSize(entries: number): void {
  cacheEntries = Math.max(0, Math.floor(entries))
}

/** Makes this process re-read the change counter before its next search (writers call it via onChunksWritten). */
export function invalidateSearchCache(ctx: AppContext): void {
  caches.get(ctx.db)?.invalidate()
}

/**
 * Variety across sources: within each block of ranked candidates, the first clip of every source comes before
 * the second clip of any source, and so on, keeping rank order inside each round. Deterministic, so pages agree.
 */
export function mixSources(candidates: Candidate[], block: number): Candidate[] {
  const out: Candidate[] = []
  for (let start = 0; start < candidates.length; start += block) {
    const seen = new Map<number, number>()
    const keyed = candidates.slice(start, start + block).map((candidate, rank) => {
      const round = seen.get(candidate.metadataId) ?? 0
      seen.set(candidate.metadataId, round + 1)
      return { candidate, round, rank }
    })
    keyed.sort((a, b) => a.round - b.round || a.rank - b.rank)
    for (const item of keyed) out.push(item.candidate)
  }
  return out
}

/**
 * How many chunks hold a phrase: exact up to `VARIETY_BLOCK`, estimated beyond (at most `cap`), from the same
 * bounded walk as a search.
 */
async function countPhrase(ctx: AppContext, plan: QueryPlan, cap: number): Promise<number> {
  const walked = await rankedPage(ctx.db, plan, {}, { want: VARIETY_BLOCK, offset: 0, limit: 0 })
  if (walked.found <= VARIETY_BLOCK) return walked.found
  return Math.min(cap, await estimateWalk(ctx.db, plan, walked))
}

/** A phrase close to a query that has results, and how many (estimated beyond a few hundred, up to the cap). */
export interface Suggestion {
  phrase: string
  count: number
}

/** Words of a query that suggestions look at. */
const SUGGEST_MAX_WORDS = 8
/** Longest leading part of a query that suggestions continue with a following word. */
const SUGGEST_CONTINUE_MAX_WORDS = 4

/**
 * Close phrases that do have results: the query with words left off at either end (longest first), and common
 * continuations of the longest leading part that matches. Meant for a query without results; empty when nothing
 * close has any.
 */
export async function suggestPhrases(ctx: AppContext, q: string, max = 5): Promise<Suggestion[]> {
  const plan = planQuery(q)
  if (!plan) return []
  // bounded work whatever the query: its first words only, and only the parts at either end of it
  const words = plan.tokens.slice(0, SUGGEST_MAX_WORDS)
  const cap = LIMITS.searchMaxResults
  const out: Suggestion[] = []
  const seen = new Set<string>([words.join(' ')])
  const consider = async (tokens: string[]): Promise<number> => {
    const phrase = tokens.join(' ')
    if (seen.has(phrase) || tokens.every((token) => token === '*')) return 0
    seen.add(phrase)
    const sub = planQuery(phrase)
    if (!sub) return 0
    const count = await countPhrase(ctx, sub, cap)
    if (count > 0) out.push({ phrase, count })
    return count
  }
  let anchor: string[] | null = null
  for (let keep = words.length - 1; keep >= 1 && out.length < max; keep--) {
    const prefix = words.slice(0, keep)
    if ((await consider(prefix)) > 0) anchor ??= prefix
    if (out.length < max) await consider(words.slice(words.length - keep))
    if (out.length > 0) break
  }
  if (anchor && out.length < max && anchor.length <= SUGGEST_CONTINUE_MAX_WORDS) {
    const sub = planQuery(anchor.join(' '))
    if (sub) {
      const following = new Map<string, number>()
      // the first block of ranked matches, through the same statement as a search (no JIT, no filter join)
      const sample = await rankedPage(
        ctx.db,
        sub,
        {},
        { want: VARIETY_BLOCK, offset: 0, limit: VARIETY_BLOCK },
      )
      for (const row of sample.rows) {
        const tokens = tokenize(row.transcribed_text)
        const at = findPhrase(tokens, anchor)
        const next = at ? tokens[at[1] + 1] : undefined
        if (next) following.set(next, (following.get(next) ?? 0) + 1)
      }
      const common = [...following.entries()].sort((a, b) => b[1] - a[1]).slice(0, max - out.length)
      for (const [next] of common) await consider([...anchor, next])
    }
  }
  return out.sort((a, b) => b.phrase.split(' ').length - a.phrase.split(' ').length || b.count - a.count)
}
