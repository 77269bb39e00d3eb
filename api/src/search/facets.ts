/**
 * Filter counts for the search page (issue 18, decision 098): per genre, category and media type, how many clips
 * match the phrase. Each facet is counted under the other facets' filters and the year range, not its own, so a
 * chosen genre still shows what the other genres would give. Meilisearch counts with `facets`; PostgreSQL walks
 * the matches up to the result cap, once per distinct set of filters (once when no facet is filtered).
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../shared/limits.ts'
import type { FacetCount, SearchFacets } from '../shared/wire.ts'
import { searchCache } from './answer-cache.ts'
import { askMeili } from './engine.ts'
import { facetWalk } from './facet-store.ts'
import { meiliFacetCounts } from './meili.ts'
import type { SearchFilters } from './search-store.ts'
import { type QueryPlan, planQuery } from './terms.ts'

type Facet = 'genre' | 'category' | 'media'
const FACETS: readonly Facet[] = ['genre', 'category', 'media']

/** The filter each facet leaves out of its own count. */
const OWN_FILTER: Record<Facet, keyof SearchFilters> = {
  genre: 'genre',
  category: 'category',
  media: 'mediaType',
}

/** Counts per filter value for a phrase. Throws `QueryError` (terms.ts) for a query that cannot be searched. */
export async function searchFacets(
  ctx: AppContext,
  request: { q: string; filters: SearchFilters },
): Promise<SearchFacets> {
  const plan = planQuery(request.q)
  if (!plan) return { genre: [], category: [], media: [], capped: false, engine: 'postgres' }
  const cache = searchCache(ctx)
  const generation = await cache.generation()
  const key = JSON.stringify(['facets', plan.tokens, request.filters])
  const cached = cache.get<SearchFacets>(key, generation)
  if (cached) return cached
  const answer =
    (await askMeili(ctx, () => meiliFacets(ctx, plan, request.filters))) ??
    (await postgresFacets(ctx, plan, request.filters))
  cache.set(key, generation, answer)
  return answer
}

/** The filters a facet is counted under: all given, but its own. */
function filtersFor(facet: Facet, filters: SearchFilters): SearchFilters {
  const { [OWN_FILTER[facet]]: _own, ...rest } = filters
  // drop the undefined ones so that equal filter sets have equal keys
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as SearchFilters
}

/** Runs `count` once per distinct filter set the facets need, and hands each facet its counts. */
async function perFacet<T>(
  filters: SearchFilters,
  count: (filters: SearchFilters) => Promise<T>,
): Promise<Record<Facet, T>> {
  const runs = new Map<string, Promise<T>>()
  const pending = FACETS.map((facet) => {
    const own = filtersFor(facet, filters)
    const key = JSON.stringify(own)
    let run = runs.get(key)
    if (!run) {
      run = count(own)
      runs.set(key, run)
    }
    return run
  })
  const [genre, category, media] = (await Promise.all(pending)) as [T, T, T]
  return { genre, category, media }
}

async function meiliFacets(ctx: AppContext, plan: QueryPlan, filters: SearchFilters): Promise<SearchFacets> {
  const counted = await perFacet(filters, (own) => meiliFacetCounts(ctx.config, plan, own))
  return {
    genre: toCounts(counted.genre.genre),
    category: toCounts(counted.category.category),
    media: toCounts(counted.media.media),
    capped: false,
    engine: 'meilisearch',
  }
}

async function postgresFacets(
  ctx: AppContext,
  plan: QueryPlan,
  filters: SearchFilters,
): Promise<SearchFacets> {
  const counted = await perFacet(filters, (own) => facetWalk(ctx.db, plan, own, LIMITS.searchMaxResults))
  const tally = (facet: Facet): Record<string, number> => {
    const counts: Record<string, number> = {}
    for (const group of counted[facet].groups) {
      const value = group[facet]
      if (value === null || value === '') continue
      counts[value] = (counts[value] ?? 0) + group.n
    }
    return counts
  }
  return {
    genre: toCounts(tally('genre')),
    category: toCounts(tally('category')),
    media: toCounts(tally('media')),
    capped: FACETS.some((facet) => counted[facet].capped),
    engine: 'postgres',
  }
}

/** Values with their counts, most first (ties by value), at most `LIMITS.searchFacetValues`. */
function toCounts(counts: Record<string, number>): FacetCount[] {
  return Object.entries(counts)
    .filter(([value, count]) => value !== '' && count > 0)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, LIMITS.searchFacetValues)
}
