/**
 * Search answers kept per process (decision 010), tagged with the database's change counter so that no answer
 * outlives a write by more than about a second, whichever process made it.
 */
import type { AppContext } from '../context.ts'
import { readSearchGeneration } from './search-store.ts'
import type { SearchResult } from './types.ts'

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
  readonly #entries = new Map<string, { generation: number; answer: unknown }>()
  #generation = 0
  #checkedAt = 0
  #checking: Promise<number> | null = null

  constructor(db: AppContext['db']) {
    this.#db = db
  }

  /** The change counter, re-read from the database at most every `GENERATION_CHECK_MS`. */
  async generation(): Promise<number> {
    if (Date.now() - this.#checkedAt < GENERATION_CHECK_MS) return this.#generation
    this.#checking ??= readSearchGeneration(this.#db)
      .then((generation) => {
        this.#generation = generation
        this.#checkedAt = Date.now()
        return this.#generation
      })
      .finally(() => {
        this.#checking = null
      })
    return this.#checking
  }

  /** The answer kept under `key` when it was made at `generation`, else null (a page, or filter counts). */
  get<T = SearchResult>(key: string, generation: number): T | null {
    const entry = this.#entries.get(key)
    if (!entry || entry.generation !== generation) return null
    this.#entries.delete(key) // re-insert: the Map's order is the recency order
    this.#entries.set(key, entry)
    return entry.answer as T
  }

  /** Keeps an answer, dropping the least recently used one beyond the size. */
  set(key: string, generation: number, answer: unknown): void {
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

/** The answer cache of this process for the context's database. */
export function searchCache(ctx: AppContext): SearchCache {
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
  invalidateSearchCacheOf(ctx.db)
}

/** The same for a database (the phrase counts' sync, which has no context). */
export function invalidateSearchCacheOf(db: AppContext['db']): void {
  caches.get(db)?.invalidate()
}

/** How many answers a process keeps (0: no caching, the benchmark's engine measurement). */
export function searchCacheSize(): number {
  return cacheEntries
}
