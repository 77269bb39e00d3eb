/**
 * Data access of the filter counts (issue 18, decision 098): the ranked walk of decision 010 up to the result cap,
 * grouped by what the search page filters on.
 */
import { type Queryable, namedStatementsSafe } from '../db/connect.ts'
import type { MediaType, SearchFilters } from './search-store.ts'
import { type QueryPlan, gramHash } from './terms.ts'
import { rankTerms, walkConditions } from './ranked-store.ts'

/** Matching clips that share a lowercased genre, category and media type. */
export interface FacetGroup {
  genre: string | null
  category: string | null
  media: MediaType
  n: number
}

/** What one counting walk saw: its groups (over at most `cap` clips) and whether more clips match. */
export interface FacetWalk {
  groups: FacetGroup[]
  capped: boolean
}

/**
 * The counting walk: the enabled chunks holding every gram of the plan, rank by rank as the search reads them,
 * filtered like the search, stopping after `cap + 1` rows; the first `cap` are grouped by genre, category and
 * media type (with the content item's values lowercased, as the filters compare them).
 */
export function facetWalkStatement(
  plan: QueryPlan,
  filters: SearchFilters,
  cap: number,
): { text: string; filterParams: unknown[] } {
  const filterParams: unknown[] = []
  // $1 ranks, $2 terms per rank; the cap is written into the text, as the search does (decision 013)
  const param = (value: unknown) => {
    filterParams.push(value)
    return `$${2 + filterParams.length}`
  }
  const conditions = walkConditions(plan, filters, param)
  const walk = Math.trunc(cap) + 1
  const text = `with walk as materialized (
  select c.id, c.content_metadata_id as source, c.chunk_type
  from unnest($1::int[], $2::text[]) as w(n, terms)
  cross join lateral (
    select c.id, c.content_metadata_id, c.chunk_type from content_chunks c
    where c.enabled and c.search_terms @> w.terms::bigint[]${conditions.map((condition) => ` and ${condition}`).join('')}
    limit ${walk}
  ) c
  limit ${walk}
), counted as (
  select source, chunk_type from walk limit ${walk - 1}
)
select lower(m.genre) as genre, lower(m.content_category) as category,
  case when k.chunk_type = 'video' then 'video' else 'audio' end as media, count(*)::int as n,
  (select count(*)::int from walk) as found
from counted k
left join content_metadata m on m.id = k.source
group by 1, 2, 3`
  return { text, filterParams }
}

/** Runs the counting walk (a named prepared statement on PostgreSQL, as the search's walk is). */
export async function facetWalk(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  cap: number,
): Promise<FacetWalk> {
  const { text, filterParams } = facetWalkStatement(plan, filters, cap)
  const { ranks, terms } = rankTerms(plan)
  const values = [ranks, terms, ...filterParams]
  const named = await namedStatementsSafe(db)
  const { rows } = await db.query<FacetGroup & { found: number }>(
    named ? { name: `phrase_facets_${gramHash(text).toString(36)}`, text, values } : { text, values },
  )
  return {
    groups: rows.map(({ genre, category, media, n }) => ({ genre, category, media, n })),
    capped: (rows[0]?.found ?? 0) > cap,
  }
}
