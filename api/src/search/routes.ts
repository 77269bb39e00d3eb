import type { AppContext } from '../context.ts'
import { BadRequestError } from '../http/errors.ts'
import { RawAnswer, json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { LIMITS } from '../shared/limits.ts'
import { completePhrases } from './complete.ts'
import { correctPhrase } from './correct.ts'
import { searchFacets } from './facets.ts'
import { type SearchResult, searchChunks, suggestPhrases } from './search.ts'
import { type MediaType, SEARCH_SORTS, type SearchFilters, type SearchSort } from './search-store.ts'
import { QueryError } from './terms.ts'

/**
 * `GET /api/search?q=` (and `/api/search/`, spec §7.2): a JSON list of chunks with match info. Paging with `limit`
 * and `offset`; `X-Total-Count` says how many match (up to `LIMITS.searchMaxResults`, with `X-Total-Count-Capped:
 * true` when more do): exact when the search read every match, else an estimate flagged by
 * `X-Total-Count-Estimated: true` (decision 013). Filters: `genre`, `category`, `year_from`, `year_to`, `type`
 * (`video` or `audio`); order: `sort` (`relevance`, the default, `shortest` or `newest`).
 * `GET /api/search/facets?q=` (same filters): clips per genre, category and media type (decision 098).
 * `GET /api/search/suggest?q=`: close phrases that have results, as `[{ phrase, count }]`.
 * `GET /api/search/complete?q=`: type-ahead, up to 8 phrases that start with `q`, most said first, as
 * `[{ phrase, count }]` (`[]` below 2 characters). `GET /api/search/correct?q=`: "did you mean", a close phrase
 * that has results as `{ phrase, count }`, or null (decision 090).
 */
export function registerSearchRoutes(router: Router<AppContext>): void {
  router.get('/api/search', async ({ url, ctx }) => {
    const q = readQuery(url)
    const limit = readInt(url, 'limit', 1, LIMITS.searchMaxLimit) ?? LIMITS.searchDefaultLimit
    const offset = readInt(url, 'offset', 0, LIMITS.searchMaxResults) ?? 0
    const sort = readSort(url)
    const result = await run(() => searchChunks(ctx, { q, filters: readFilters(url), sort, limit, offset }))
    return searchAnswer(result)
  })

  router.get('/api/search/facets', async ({ url, ctx }) => {
    const q = readQuery(url)
    const facets = await run(() => searchFacets(ctx, { q, filters: readFilters(url) }))
    return json(facets, 200, { 'cache-control': 'public, max-age=30' })
  })

  router.get('/api/search/suggest', async ({ url, ctx }) => {
    const q = readQuery(url)
    return json(await run(() => suggestPhrases(ctx, q)), 200, { 'cache-control': 'public, max-age=30' })
  })

  router.get('/api/search/complete', async ({ url, ctx }) => {
    const q = readQuery(url)
    return json(await completePhrases(ctx, q), 200, { 'cache-control': 'public, max-age=10' })
  })

  router.get('/api/search/correct', async ({ url, ctx }) => {
    const q = readQuery(url)
    return json(await correctPhrase(ctx, q), 200, { 'cache-control': 'public, max-age=30' })
  })
}

/**
 * The answer of a search, its JSON text made once per result: a page served from the answer cache is the same
 * `SearchResult` object, so repeating it costs no serialisation (a `RawAnswer` goes to the socket as it is).
 */
const answers = new WeakMap<SearchResult, RawAnswer>()

function searchAnswer(result: SearchResult): RawAnswer {
  let answer = answers.get(result)
  if (!answer) {
    answer = new RawAnswer(
      200,
      {
        'content-type': 'application/json; charset=utf-8',
        'x-total-count': String(result.total),
        'x-total-count-capped': String(result.capped),
        'x-total-count-estimated': String(result.estimated),
        'x-search-engine': result.engine,
        'access-control-expose-headers': 'X-Total-Count, X-Total-Count-Capped, X-Total-Count-Estimated',
        'cache-control': 'public, max-age=30',
      },
      JSON.stringify(result.hits),
    )
    answers.set(result, answer)
  }
  return answer
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof QueryError) throw new BadRequestError(error.message)
    throw error
  }
}

function readQuery(url: URL): string {
  const q = url.searchParams.get('q')
  if (q === null || q.trim() === '') throw new BadRequestError('q is required')
  if (q.length > LIMITS.searchQueryMaxLength) {
    throw new BadRequestError(`q must be at most ${LIMITS.searchQueryMaxLength} characters`)
  }
  return q
}

function readInt(url: URL, name: string, min: number, max: number): number | undefined {
  const value = url.searchParams.get(name)
  if (value === null || value === '') return undefined
  if (!/^\d{1,9}$/.test(value)) throw new BadRequestError(`${name} must be a whole number`)
  const n = Number(value)
  if (n < min || n > max) throw new BadRequestError(`${name} must be between ${min} and ${max}`)
  return n
}

function readText(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name)?.trim()
  if (!value) return undefined
  if (value.length > 100) throw new BadRequestError(`${name} must be at most 100 characters`)
  return value
}

function readFilters(url: URL): SearchFilters {
  const filters: SearchFilters = {
    genre: readText(url, 'genre'),
    category: readText(url, 'category'),
    yearFrom: readInt(url, 'year_from', LIMITS.searchYearMin, LIMITS.searchYearMax),
    yearTo: readInt(url, 'year_to', LIMITS.searchYearMin, LIMITS.searchYearMax),
    mediaType: readChoice(url, 'type', MEDIA_TYPES),
  }
  if (filters.yearFrom !== undefined && filters.yearTo !== undefined && filters.yearFrom > filters.yearTo) {
    throw new BadRequestError('year_from must not be after year_to')
  }
  return filters
}

const MEDIA_TYPES: readonly MediaType[] = ['video', 'audio']

/** One of a fixed set of values, or undefined when the parameter is absent or empty. */
function readChoice<T extends string>(url: URL, name: string, choices: readonly T[]): T | undefined {
  const value = url.searchParams.get(name)
  if (value === null || value === '') return undefined
  if (!(choices as readonly string[]).includes(value)) {
    throw new BadRequestError(`${name} must be one of ${choices.join(', ')}`)
  }
  return value as T
}

function readSort(url: URL): SearchSort {
  return readChoice(url, 'sort', SEARCH_SORTS) ?? 'relevance'
}
