/**
 * Meilisearch adapter, used when `MEILI_URL` is set. Documents carry the spec §5 normalised transcript, so both
 * engines agree on what matches; Meilisearch answers ranked candidate ids and PostgreSQL the chunk rows.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type EnqueuedTaskPromise,
  Meilisearch,
  MeilisearchApiError,
  type Task,
  type WaitOptions,
} from 'meilisearch'
import type { Config } from '../config.ts'
import type { Candidate, MeiliSourceRow, SearchFilters, SearchSort } from './search-store.ts'
import { type QueryPlan, WILDCARD, rankWords } from './terms.ts'

/** One chunk as Meilisearch stores it. */
export interface MeiliChunkDocument {
  id: number
  content_metadata_id: number
  /** The transcript normalised as spec §5 says (words joined by one space). */
  text: string
  rank_words: number
  enabled: boolean
  genre: string | null
  category: string | null
  year: number | null
  /** 'video' or 'audio' (every other chunk type, spec §3), for the media type filter. */
  media: 'video' | 'audio'
  /** Clip length in seconds, for the `shortest` order. */
  duration: number
}

/** Maps a chunk row to its document; filters compare lowercased genre and category, as the SQL side does. */
export function toMeiliDocument(row: MeiliSourceRow): MeiliChunkDocument {
  const text = row.search_text ?? ''
  return {
    id: row.id,
    content_metadata_id: row.content_metadata_id,
    text,
    rank_words: rankWords(text === '' ? 0 : text.split(' ').length),
    enabled: row.enabled,
    genre: row.genre?.toLowerCase() ?? null,
    category: row.content_category?.toLowerCase() ?? null,
    year: row.release_year,
    media: row.chunk_type === 'video' ? 'video' : 'audio',
    duration: row.chunk_duration,
  }
}

/** The search request sent to Meilisearch for a plan. */
export interface MeiliQuery {
  q: string
  filter: string
  sort: string[]
  limit: number
  offset: number
  matchingStrategy: 'all'
  attributesToRetrieve: string[]
}

/**
 * Builds the request: each run of words between wildcards is a quoted phrase (Meilisearch has no one-word
 * wildcard; the result step rechecks the exact pattern), shortest clips first, disabled chunks filtered out.
 */
export function buildMeiliQuery(
  plan: QueryPlan,
  filters: SearchFilters,
  limit: number,
  sort: SearchSort = 'relevance',
): MeiliQuery {
  const runs: string[][] = [[]]
  for (const token of plan.tokens) {
    if (token === WILDCARD) runs.push([])
    else runs[runs.length - 1]!.push(token)
  }
  const q = runs
    .filter((run) => run.length > 0)
    .map((run) => `"${run.join(' ')}"`)
    .join(' ')
  const filter = ['enabled = true']
  if (filters.genre !== undefined) filter.push(`genre = ${quoteFilterValue(filters.genre.toLowerCase())}`)
  if (filters.category !== undefined)
    filter.push(`category = ${quoteFilterValue(filters.category.toLowerCase())}`)
  if (filters.yearFrom !== undefined) filter.push(`year >= ${Math.trunc(filters.yearFrom)}`)
  if (filters.yearTo !== undefined) filter.push(`year <= ${Math.trunc(filters.yearTo)}`)
  if (filters.mediaType !== undefined) filter.push(`media = ${quoteFilterValue(filters.mediaType)}`)
  return {
    q,
    filter: filter.join(' AND '),
    sort: MEILI_SORTS[sort],
    limit,
    offset: 0,
    matchingStrategy: 'all',
    attributesToRetrieve: ['id', 'content_metadata_id'],
  }
}

/** Meilisearch's sort for each order; ties by id, as on PostgreSQL. */
const MEILI_SORTS: Record<SearchSort, string[]> = {
  relevance: ['rank_words:asc', 'id:asc'],
  shortest: ['duration:asc', 'id:asc'],
  // documents without a year sort after those with one (Meilisearch puts missing values last)
  newest: ['year:desc', 'id:asc'],
}

/** Quotes a value for a Meilisearch filter expression. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

/** True when `MEILI_URL` is configured. */
export function meiliEnabled(config: Config): boolean {
  return Boolean(config.MEILI_URL)
}

const clients = new Map<string, Meilisearch>()

/** The client for the configured server (one per URL and key, reused). */
export function meiliClient(config: Config): Meilisearch {
  const key = `${config.MEILI_URL}\u0000${config.MEILI_MASTER_KEY ?? ''}`
  let client = clients.get(key)
  if (!client) {
    client = new Meilisearch({
      host: config.MEILI_URL!,
      ...(config.MEILI_MASTER_KEY ? { apiKey: config.MEILI_MASTER_KEY } : {}),
      // a search that cannot answer quickly falls back to PostgreSQL rather than keep the user waiting
      timeout: 2000,
    })
    clients.set(key, client)
  }
  return client
}

const SETTINGS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../meili/settings.json',
)

/** The index settings of `meili/settings.json` (the one source, shared with the compose file). */
export function meiliSettings(): Record<string, unknown> {
  return JSON.parse(readFileSync(SETTINGS_FILE, 'utf8')) as Record<string, unknown>
}

/** Ranked candidates and their estimated count from Meilisearch. Throws when it is unreachable. */
export async function meiliCandidates(
  config: Config,
  plan: QueryPlan,
  filters: SearchFilters,
  want: number,
  sort: SearchSort = 'relevance',
): Promise<{ candidates: Candidate[]; total: number }> {
  const { q, ...options } = buildMeiliQuery(plan, filters, want, sort)
  const result = await meiliClient(config).index<MeiliChunkDocument>(config.MEILI_INDEX).search(q, options)
  return {
    candidates: result.hits.map((hit) => ({ id: hit.id, metadataId: hit.content_metadata_id })),
    total: result.estimatedTotalHits ?? result.hits.length,
  }
}

/** The attributes the search page counts clips by (all filterable in `meili/settings.json`). */
export const MEILI_FACETS = ['genre', 'category', 'media'] as const

/** The request for filter counts: the search's phrase and filters, no hits, the facets' distribution. */
export function buildMeiliFacetQuery(
  plan: QueryPlan,
  filters: SearchFilters,
): { q: string; filter: string; facets: string[]; limit: 0; matchingStrategy: 'all' } {
  const { q, filter } = buildMeiliQuery(plan, filters, 0)
  return { q, filter, facets: [...MEILI_FACETS], limit: 0, matchingStrategy: 'all' }
}

/**
 * Clips per value of each facet (`facets` in the search request), counted by Meilisearch over every match of the
 * phrase under the filters. Throws when it is unreachable.
 */
export async function meiliFacetCounts(
  config: Config,
  plan: QueryPlan,
  filters: SearchFilters,
): Promise<Record<(typeof MEILI_FACETS)[number], Record<string, number>>> {
  const { q, ...options } = buildMeiliFacetQuery(plan, filters)
  const result = await meiliClient(config).index<MeiliChunkDocument>(config.MEILI_INDEX).search(q, options)
  const distribution = result.facetDistribution ?? {}
  return {
    genre: distribution.genre ?? {},
    category: distribution.category ?? {},
    media: distribution.media ?? {},
  }
}

/** A Meilisearch task that ended in any state but `succeeded`. */
export class MeiliTaskError extends Error {
  override name = 'MeiliTaskError'
  readonly task: Task
  constructor(task: Task) {
    super(
      `meilisearch task ${task.uid} (${task.type}${task.indexUid ? ` on ${task.indexUid}` : ''}) ${task.status}` +
        (task.error ? `: ${task.error.code}: ${task.error.message}` : ''),
    )
    this.task = task
  }
}

/** How long a rebuild waits for one task, and how often it asks. */
export const REBUILD_WAIT: WaitOptions = { timeout: 10 * 60_000, interval: 200 }

/**
 * Waits for an enqueued task and returns it once it succeeded. `waitTask` of the client resolves with a task that
 * failed or was canceled too; this throws `MeiliTaskError` for those, so a rebuild never swaps in a half-built index.
 */
export async function settle(enqueued: EnqueuedTaskPromise, wait: WaitOptions = REBUILD_WAIT): Promise<Task> {
  const task = await enqueued.waitTask(wait)
  if (task.status !== 'succeeded') throw new MeiliTaskError(task)
  return task
}

/** True when the index exists, false when Meilisearch says `index_not_found`; other failures are thrown. */
export async function meiliIndexExists(client: Meilisearch, uid: string): Promise<boolean> {
  try {
    await client.getRawIndex(uid)
    return true
  } catch (error) {
    if (error instanceof MeilisearchApiError && error.cause?.code === 'index_not_found') return false
    throw error
  }
}

/**
 * Rebuilds the live index without downtime: creates `<live>_build_<time>` with the settings of
 * `meili/settings.json`, lets `fill` add every document to it (each batch waited for), creates the live index if
 * there is none, swaps the two in one task and deletes the old one (now under the build name). Every task must
 * succeed, else it throws and the live index is left as it was (the build index is deleted when possible).
 *
 * The swap is sent as `{ indexes: [live, build] }` without the `rename` field: servers before v1.18 (the compose
 * file runs v1.15) refuse unknown fields, and later ones default it to false, which is the swap wanted here.
 */
export async function rebuildMeiliIndex(
  config: Config,
  fill: (add: (documents: MeiliChunkDocument[]) => Promise<void>) => Promise<void>,
  options: { wait?: WaitOptions; now?: () => number } = {},
): Promise<{ live: string; build: string }> {
  const wait = options.wait ?? REBUILD_WAIT
  const client = meiliClient(config)
  const live = config.MEILI_INDEX
  const build = `${live}_build_${(options.now ?? Date.now)()}`
  await settle(client.createIndex(build, { primaryKey: 'id' }), wait)
  try {
    await settle(client.index(build).updateSettings(meiliSettings()), wait)
    await fill(async (documents) => {
      if (documents.length > 0) {
        await settle(client.index(build).addDocuments(documents, { primaryKey: 'id' }), wait)
      }
    })
    if (!(await meiliIndexExists(client, live)))
      await settle(client.createIndex(live, { primaryKey: 'id' }), wait)
    // `rename` left out on purpose (see above); the client's type asks for it
    await settle(
      client.swapIndexes([{ indexes: [live, build] } as { indexes: [string, string]; rename: boolean }]),
      wait,
    )
  } catch (error) {
    await client.deleteIndex(build).catch(() => {}) // best effort: do not leave a half-built index behind
    throw error
  }
  await settle(client.deleteIndex(build), wait) // after the swap this name holds the previous live documents
  return { live, build }
}

/** Upserts documents into an index and waits until Meilisearch has applied them. */
export async function addMeiliDocuments(
  config: Config,
  indexUid: string,
  documents: MeiliChunkDocument[],
  wait: WaitOptions = REBUILD_WAIT,
): Promise<void> {
  if (documents.length === 0) return
  await settle(meiliClient(config).index(indexUid).addDocuments(documents, { primaryKey: 'id' }), wait)
}
