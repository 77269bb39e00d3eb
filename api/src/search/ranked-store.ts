/**
 * Data access of the ranked walk (decisions 010 and 013): one statement that walks the matches of a plan by rank,
 * mixes sources, joins the page's rows, and reports what the walk saw for the total estimate.
 */
import { CHUNK_COLUMNS } from '../content/content-store.ts'
import { type Queryable, namedStatementsSafe } from '../db/connect.ts'
import type { ResultRow, SearchFilters, SearchSort } from './search-store.ts'
import { MAX_RANK_WORDS, type QueryPlan, RANK_SLOTS, gramHash } from './terms.ts'
import { VARIETY_BLOCK } from './variety.ts'

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
 * rows (every source's first clip, then every source's second...), as `mixSources` does. Any other `sort` orders
 * the rows walked by clip length or release year instead, with no mixing (the caller walks every match up to the
 * cap for it).
 */
export function rankedPageStatement(
  plan: QueryPlan,
  filters: SearchFilters,
  want: number,
  sort: SearchSort = 'relevance',
): { text: string; filterParams: unknown[] } {
  const filterParams: unknown[] = []
  // $1 ranks, $2 terms per rank, $3 offset, $4 limit. The row counts are written into the text (whole numbers
  // the caller computed, a handful of values): with them known, PostgreSQL settles on one generic plan per
  // prepared statement instead of planning every execution again (decision 013).
  const walk = Math.trunc(want) + 1
  const param = (value: unknown) => {
    filterParams.push(value)
    return `$${4 + filterParams.length}`
  }
  const conditions = walkConditions(plan, filters, param)
  const order = ORDERS[sort]
  const page =
    sort === 'relevance'
      ? `mixed as (
  select id, pos, (pos - 1) / ${VARIETY_BLOCK} as block,
    row_number() over (partition by (pos - 1) / ${VARIETY_BLOCK}, source order by pos) as round
  from ranked where pos <= ${walk - 1}
), page as (
  select id, ord from (select id, row_number() over (order by block, round, pos) as ord from mixed) o
  where ord > $3::int and ord <= $3::int + $4::int
)`
      : `page as (
  select id, pos as ord from ranked where pos <= ${walk - 1} and pos > $3::int and pos <= $3::int + $4::int
)`
  const text = `with walk as materialized (
  select c.id, c.content_metadata_id as source, w.n, c.ctid as tid${order.columns}
  from unnest($1::int[], $2::text[]) as w(n, terms)
  cross join lateral (
    select c.id, c.content_metadata_id, c.ctid${order.select} from content_chunks c
    where c.enabled and c.search_terms @> w.terms::bigint[]${conditions.map((condition) => ` and ${condition}`).join('')}
    limit ${walk}
  ) c
  limit ${walk}
), ranked as (
  select id, source, row_number() over (order by ${order.by}) as pos from walk
), ${page}, stats as (
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

/**
 * The per-row conditions of a walk beside `enabled` and the grams: the pattern recheck, the media type and the
 * content item's filters. `param` adds a value and returns its placeholder. Shared by the page and the facet counts.
 */
export function walkConditions(
  plan: QueryPlan,
  filters: SearchFilters,
  param: (value: unknown) => string,
): string[] {
  const conditions: string[] = []
  // the pattern check inside coalesce: PostgreSQL then estimates it at one row in two instead of a handful in all,
  // the walk's estimated cost stays far below jit_above_cost, and no search pays 0.5 to 2.4 s of JIT compilation
  if (!plan.exact) conditions.push(`coalesce(c.search_text ~ ${param(plan.pattern)}, false)`)
  // a plain column test per row, like `enabled`: audio is every chunk type but video (spec §3)
  if (filters.mediaType === 'video') conditions.push(`c.chunk_type = 'video'`)
  if (filters.mediaType === 'audio') conditions.push(`c.chunk_type <> 'video'`)
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
  return conditions
}

/** What each sort adds to the walk's rows and orders them by (ties by id, so pages never overlap). */
const ORDERS: Record<SearchSort, { columns: string; select: string; by: string }> = {
  relevance: { columns: '', select: '', by: 'n, tid' },
  shortest: { columns: ', c.chunk_duration as sort_key', select: ', c.chunk_duration', by: 'sort_key, id' },
  newest: {
    columns: ', c.release_year as sort_key',
    select:
      ', (select m.release_year from content_metadata m where m.id = c.content_metadata_id) as release_year',
    by: 'sort_key desc nulls last, id',
  },
}

/** Rank keys from the fewest words a match can have up, and the plan's terms at each (PostgreSQL array literals). */
export function rankTerms(plan: QueryPlan): { ranks: number[]; terms: string[] } {
  const hashes = plan.grams.map(gramHash)
  const ranks: number[] = []
  const terms: string[] = []
  for (let rank = Math.min(plan.tokens.length, MAX_RANK_WORDS); rank <= MAX_RANK_WORDS; rank++) {
    ranks.push(rank)
    terms.push(`{${hashes.map((hash) => hash * RANK_SLOTS + rank).join(',')}}`)
  }
  return { ranks, terms }
}

/**
 * Runs the ranked walk and the page (`rankedPageStatement`) as one statement. On PostgreSQL it is a named prepared
 * statement, named after a hash of its text, so each pooled connection parses it once and then only binds and
 * executes it; on PGlite, whose connections share one session, it stays unnamed (`namedStatementsSafe`).
 */
export async function rankedPage(
  db: Queryable,
  plan: QueryPlan,
  filters: SearchFilters,
  page: { want: number; offset: number; limit: number },
  sort: SearchSort = 'relevance',
): Promise<RankedPage> {
  const { text, filterParams } = rankedPageStatement(plan, filters, page.want, sort)
  const { ranks, terms } = rankTerms(plan)
  const values = [ranks, terms, page.offset, Math.max(0, page.limit), ...filterParams]
  const named = await namedStatementsSafe(db)
  const { rows } = await db.query<RankedPageRow>(
    named ? { name: `phrase_search_${gramHash(text).toString(36)}`, text, values } : { text, values },
  )
  const first = rows[0]
  return {
    rows: rows.filter((row) => row.ord !== null),
    found: first?.found ?? 0,
    perRank: new Map(first?.ranks ?? []),
    stopBlock: first?.stop_block ?? 0,
  }
}
