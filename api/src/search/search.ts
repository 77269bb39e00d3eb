/**
 * Phrase search, the domain entry: plans the query, answers from this process's cache when the database has not
 * changed, else asks the engines (`engine.ts`). The module map is in this folder's README.
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../shared/limits.ts'
import { searchCache } from './answer-cache.ts'
import { searchEngines } from './engine.ts'
import { planQuery } from './terms.ts'
import type { SearchRequest, SearchResult } from './types.ts'
import { VARIETY_BLOCK } from './variety.ts'

export { invalidateSearchCache, setSearchCacheSize } from './answer-cache.ts'
export { type Suggestion, suggestPhrases } from './suggest.ts'
export type { EngineAnswer, SearchHit, SearchRequest, SearchResult } from './types.ts'

/** Runs a search. Throws `QueryError` (terms.ts) for a query that cannot be searched. */
export async function searchChunks(ctx: AppContext, request: SearchRequest): Promise<SearchResult> {
  const plan = planQuery(request.q)
  const cap = LIMITS.searchMaxResults
  if (!plan || request.offset >= cap) {
    return { hits: [], total: 0, capped: false, estimated: false, engine: 'postgres' }
  }
  const end = Math.min(request.offset + request.limit, cap)
  // candidates through the end of the block holding the last wanted result, so each block is mixed the same way;
  // another order needs every match (up to the cap) before it can say which come first
  const sort = request.sort ?? 'relevance'
  const want = sort === 'relevance' ? Math.min(Math.ceil(end / VARIETY_BLOCK) * VARIETY_BLOCK, cap) : cap
  const cache = searchCache(ctx)
  const generation = await cache.generation()
  const key = JSON.stringify([plan.tokens, request.filters, sort, request.offset, request.limit])
  const cached = cache.get(key, generation)
  if (cached) return cached
  const result = await searchEngines(ctx, plan, { ...request, sort }, want, end)
  cache.set(key, generation, result)
  return result
}
