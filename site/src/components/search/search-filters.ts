/**
 * The search page's filters and order (issue 18, docs/decisions/098), as they travel in the address: `genre`,
 * `category`, `type`, `year_from`, `year_to` and `sort`, the names `GET /api/search` takes. Read leniently here (a
 * value the API would refuse is left out, a reversed year range is swapped), so a hand-edited address still shows
 * results. Shared by the server render of /search and the page script, which sends them with every page it loads.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'

export type SearchSortChoice = 'relevance' | 'shortest' | 'newest'
export type MediaChoice = 'video' | 'audio'

export const SORT_CHOICES: readonly SearchSortChoice[] = ['relevance', 'shortest', 'newest']
export const MEDIA_CHOICES: readonly MediaChoice[] = ['video', 'audio']

/** What the address asks for; absent means "any" (and `relevance` for the order). */
export interface SearchFilterState {
  genre?: string
  category?: string
  type?: MediaChoice
  yearFrom?: number
  yearTo?: number
  sort: SearchSortChoice
}

const TEXT_MAX = 100

function text(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name)?.trim().toLowerCase()
  return value && value.length <= TEXT_MAX ? value : undefined
}

function year(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name)?.trim()
  if (!value || !/^\d{1,4}$/.test(value)) return undefined
  const n = Number(value)
  return n >= LIMITS.searchYearMin && n <= LIMITS.searchYearMax ? n : undefined
}

function choice<T extends string>(
  params: URLSearchParams,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = params.get(name)
  return (choices as readonly string[]).includes(value ?? '') ? (value as T) : undefined
}

/** The filters and order in an address's query. */
export function readSearchFilters(params: URLSearchParams): SearchFilterState {
  const state: SearchFilterState = { sort: choice(params, 'sort', SORT_CHOICES) ?? 'relevance' }
  const genre = text(params, 'genre')
  const category = text(params, 'category')
  const type = choice(params, 'type', MEDIA_CHOICES)
  let yearFrom = year(params, 'year_from')
  let yearTo = year(params, 'year_to')
  if (yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo)
    [yearFrom, yearTo] = [yearTo, yearFrom]
  if (genre) state.genre = genre
  if (category) state.category = category
  if (type) state.type = type
  if (yearFrom !== undefined) state.yearFrom = yearFrom
  if (yearTo !== undefined) state.yearTo = yearTo
  return state
}

/** The state as query parameters (the API's and the page's names), leaving out "any" and the default order. */
export function searchFilterParams(state: SearchFilterState): [string, string][] {
  const params: [string, string][] = []
  if (state.genre) params.push(['genre', state.genre])
  if (state.category) params.push(['category', state.category])
  if (state.type) params.push(['type', state.type])
  if (state.yearFrom !== undefined) params.push(['year_from', String(state.yearFrom)])
  if (state.yearTo !== undefined) params.push(['year_to', String(state.yearTo)])
  if (state.sort !== 'relevance') params.push(['sort', state.sort])
  return params
}

/** How many filters narrow the results (the order is not one). */
export function activeFilterCount(state: SearchFilterState): number {
  return [state.genre, state.category, state.type, state.yearFrom, state.yearTo].filter(
    (value) => value !== undefined,
  ).length
}

/** The search page's address for a query, filters and order (page 1). */
export function searchUrl(q: string, state: SearchFilterState): string {
  return `/search?${new URLSearchParams([['q', q], ...searchFilterParams(state)])}`
}

/** A facet value as a label: its first letter upper case ('drama' → 'Drama'). */
export function facetLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}

/** Wide screens show the filters open; narrow ones keep them folded unless one is set (the server decides that). */
const WIDE = '(min-width: 768px)'

/**
 * The filter form in the browser: it already works as a plain GET form; this opens the disclosure on wide
 * screens and, on submit, leaves empty fields and the default order out of the address, so shared links stay short.
 */
export function startSearchFilters(root: HTMLElement): void {
  const details = root.querySelector<HTMLDetailsElement>('details[data-search-filters]')
  const form = root.querySelector<HTMLFormElement>('form[data-search-filters-form]')
  if (!details || !form) return
  if (window.matchMedia(WIDE).matches) details.open = true
  form.addEventListener('submit', (event) => {
    if (!form.checkValidity()) return
    event.preventDefault()
    const data = new FormData(form)
    const params = new URLSearchParams()
    for (const [name, value] of data) if (typeof value === 'string') params.append(name, value)
    const q = params.get('q') ?? ''
    window.location.assign(searchUrl(q, readSearchFilters(params)))
  })
}
