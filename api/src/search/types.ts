/** What a search is asked and answers, shared by the engines, the answer cache and the routes. */
import type { SearchHit } from '../shared/wire.ts'
import type { Candidate, SearchFilters, SearchSort } from './search-store.ts'

export type { SearchHit } from '../shared/wire.ts'

export interface SearchRequest {
  q: string
  filters: SearchFilters
  /** `relevance` unless given. */
  sort?: SearchSort
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
