/**
 * The engines behind a search: Meilisearch when configured and reachable (with a pause after a failure), else
 * PostgreSQL's ranked walk. Either way the rows, and where the phrase occurs in them, come from PostgreSQL.
 */
import { toChunk } from '../content/content-store.ts'
import type { AppContext } from '../context.ts'
import { log } from '../log.ts'
import { LIMITS } from '../shared/limits.ts'
import { estimateWalk } from './estimate.ts'
import { locateMatch } from './match.ts'
import { meiliCandidates, meiliEnabled } from './meili.ts'
import { rankedPage } from './ranked-store.ts'
import { type ResultRow, loadResultRows } from './search-store.ts'
import type { QueryPlan } from './terms.ts'
import type { SearchHit, SearchRequest, SearchResult } from './types.ts'
import { VARIETY_BLOCK, mixSources } from './variety.ts'

/**
 * The answer of the engine that serves this search: Meilisearch first when it is configured and not paused, else
 * PostgreSQL. `want` is the end of the variety block holding the page, `end` the end of the page (both capped).
 */
export async function searchEngines(
  ctx: AppContext,
  plan: QueryPlan,
  request: SearchRequest,
  want: number,
  end: number,
): Promise<SearchResult> {
  return (
    (await meiliSearch(ctx, plan, request, want, end)) ??
    (await postgresSearch(ctx, plan, request, want, end))
  )
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

/** After Meilisearch fails, searches to that server go to PostgreSQL for this long before it is tried again. */
const MEILI_RETRY_MS = 30_000
const meiliRetryAt = new Map<string, number>()

/**
 * Asks Meilisearch when it is configured and not paused; null means "ask PostgreSQL". A failure pauses it for
 * `MEILI_RETRY_MS` (shared by searches and filter counts).
 */
export async function askMeili<T>(ctx: AppContext, work: () => Promise<T>): Promise<T | null> {
  if (!meiliEnabled(ctx.config)) return null
  const server = ctx.config.MEILI_URL!
  if (Date.now() < (meiliRetryAt.get(server) ?? 0)) return null
  try {
    return await work()
  } catch (error) {
    // one log line and one failed request per pause, not one per search while it is down
    meiliRetryAt.set(server, Date.now() + MEILI_RETRY_MS)
    log.warn(`meilisearch unreachable, searching PostgreSQL for the next ${MEILI_RETRY_MS / 1000} s`, {
      error: (error as Error).message,
    })
    return null
  }
}

/** The search answered by Meilisearch (candidates) and PostgreSQL (rows), or null to search PostgreSQL alone. */
async function meiliSearch(
  ctx: AppContext,
  plan: QueryPlan,
  request: SearchRequest,
  want: number,
  end: number,
): Promise<SearchResult | null> {
  const answer = await askMeili(ctx, () =>
    meiliCandidates(ctx.config, plan, request.filters, want, request.sort),
  )
  if (!answer) return null
  const cap = LIMITS.searchMaxResults
  // Meilisearch sorted them already; only the relevance order mixes sources
  const sorted =
    (request.sort ?? 'relevance') === 'relevance'
      ? mixSources(answer.candidates, VARIETY_BLOCK)
      : answer.candidates
  const ordered = sorted.slice(request.offset, end)
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
  request: SearchRequest,
  want: number,
  end: number,
): Promise<SearchResult> {
  const cap = LIMITS.searchMaxResults
  const { offset } = request
  const walked = await rankedPage(
    ctx.db,
    plan,
    request.filters,
    { want, offset, limit: end - offset },
    request.sort,
  )
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
