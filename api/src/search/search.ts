/**
 * Phrase search, the domain side: plans the query, asks the engine (Meilisearch when configured and reachable,
 * else PostgreSQL) for ranked candidates, mixes sources, and answers chunks with where the phrase occurs.
 */
import { toChunk } from '../content/content-store.ts'
import type { Chunk } from '../content/types.ts'
import type { AppContext } from '../context.ts'
import { log } from '../log.ts'
import { LIMITS } from '../shared/limits.ts'
import { type MatchInfo, locateMatch } from './match.ts'
import { meiliCandidates, meiliEnabled } from './meili.ts'
import {
  type Candidate,
  type SearchFilters,
  countMatches,
  findCandidates,
  indexChunkText,
  loadResultRows,
  pendingChunkIds,
  sampleMatchTexts,
} from './search-store.ts'
import { MAX_GRAM, type QueryPlan, findPhrase, planQuery } from './terms.ts'

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
  /** Matching chunks, counted up to `LIMITS.searchMaxResults`. */
  total: number
  /** True when more chunks match than `total` says. */
  capped: boolean
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
  if (!plan || request.offset >= cap) return { hits: [], total: 0, capped: false, engine: 'postgres' }
  const end = Math.min(request.offset + request.limit, cap)
  // candidates through the end of the block holding the last wanted result, so each block is mixed the same way
  const want = Math.min(Math.ceil(end / VARIETY_BLOCK) * VARIETY_BLOCK, cap)
  const cache = searchCache(ctx)
  const generation = await cache.generation()
  const key = JSON.stringify([plan.tokens, request.filters, request.offset, request.limit])
  const cached = cache.get(key, generation)
  if (cached) return cached
  const { answer, engine } = await askEngine(ctx, plan, request.filters, want, cap)
  const ordered = mixSources(answer.candidates, VARIETY_BLOCK).slice(request.offset, end)
  const rows = await loadResultRows(
    ctx.db,
    ordered.map((candidate) => candidate.id),
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const hits: SearchHit[] = []
  for (const candidate of ordered) {
    const row = byId.get(candidate.id)
    if (!row) continue // disabled or deleted since the engine answered
    const match = locateMatch(row.transcribed_text, row.words, row.chunk_duration, plan.tokens)
    if (!match) continue // an engine's approximate candidate that is not the phrase
    hits.push({ ...toChunk(row, ctx.mediaBase), match })
  }
  const result = { hits, total: Math.min(answer.total, cap), capped: answer.total > cap, engine }
  cache.set(key, generation, result)
  return result
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

/** After Meilisearch fails, searches go to PostgreSQL for this long before it is tried again. */
const MEILI_RETRY_MS = 30_000
let meiliRetryAt = 0

async function askEngine(
  ctx: AppContext,
  plan: QueryPlan,
  filters: SearchFilters,
  want: number,
  cap: number,
): Promise<{ answer: EngineAnswer; engine: SearchResult['engine'] }> {
  if (meiliEnabled(ctx.config) && Date.now() >= meiliRetryAt) {
    try {
      return { answer: await meiliCandidates(ctx.config, plan, filters, want), engine: 'meilisearch' }
    } catch (error) {
      // one log line and one failed request per pause, not one per search while it is down
      meiliRetryAt = Date.now() + MEILI_RETRY_MS
      log.warn(`meilisearch unreachable, searching PostgreSQL for the next ${MEILI_RETRY_MS / 1000} s`, {
        error: (error as Error).message,
      })
    }
  }
  await sweepPending(ctx)
  // one ranked walk serves both the page and the count: it stops one past the cap
  const found = await findCandidates(ctx.db, plan, filters, cap + 1)
  return { answer: { candidates: found.slice(0, want), total: found.length }, engine: 'postgres' }
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

/** A phrase close to a query that has results, and how many (counted up to the cap). */
export interface Suggestion {
  phrase: string
  count: number
}

/** Words of a query that suggestions look at. */
const SUGGEST_MAX_WORDS = 8

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
    const count = await countMatches(ctx.db, sub, {}, cap)
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
  if (anchor && out.length < max && anchor.length < MAX_GRAM + 2) {
    const sub = planQuery(anchor.join(' '))
    if (sub) {
      const following = new Map<string, number>()
      for (const text of await sampleMatchTexts(ctx.db, sub, VARIETY_BLOCK)) {
        const tokens = text.split(' ')
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
