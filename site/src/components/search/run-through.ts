/**
 * Run-through of search results (issue 18): the player plays the results in order, through the pages. This is the
 * list it walks: the pages of results loaded so far, where it stands among all results, and the next and
 * previous pages fetched ahead so that moving on never waits for the network. Framework-free, so it is tested
 * on its own (run-through.test.ts); `run-through-modal.tsx` puts it in the video modal.
 */
import type { SiteChunk } from '../../lib/api.ts'

/** One page of results as the search API answers it. */
export interface ResultsPage {
  items: SiteChunk[]
  total: number
  /** The total is exact (not capped, not estimated). */
  exact: boolean
}

export interface RunThroughStart {
  pageSize: number
  /** The page (1-based) the learner opened a result from, its results and total. */
  page: number
  items: SiteChunk[]
  total: number
  exact: boolean
  /** The 0-based index of the opened result within `items`. */
  index: number
  fetchPage(page: number): Promise<ResultsPage>
}

/** The run through all results of one search. */
export interface RunThroughList {
  /** The result on stage. */
  current(): SiteChunk | undefined
  /** Where it stands: 1-based among all results; `total` null while the count is not exact. */
  position(): { index: number; total: number | null }
  /** The neighbouring result when its page is loaded (for preloading its media). */
  neighbour(direction: 'previous' | 'next'): SiteChunk | undefined
  /**
   * Move by one result, fetching its page when needed. `wrap` goes round from the last result to the first (the
   * Previous/Next buttons, spec §4); without it the run stops at the last one. Answers whether it moved.
   */
  step(direction: 'previous' | 'next', wrap: boolean): Promise<boolean>
  /** Hear every move and every page arriving; returns the function that stops listening. */
  subscribe(listener: () => void): () => void
}

/** Start a run at `start.index` of page `start.page`; the neighbouring pages load ahead at once when needed. */
export function createRunThroughList(start: RunThroughStart): RunThroughList {
  const size = start.pageSize
  const pages = new Map<number, SiteChunk[]>([[start.page, start.items]])
  const loading = new Map<number, Promise<void>>()
  const listeners = new Set<() => void>()
  let total = start.total
  let exact = start.exact
  let at = (start.page - 1) * size + start.index
  let moves = 0

  const pageOf = (index: number): number => Math.floor(index / size) + 1
  const itemAt = (index: number): SiteChunk | undefined => pages.get(pageOf(index))?.[index % size]
  const notify = (): void => {
    for (const listener of [...listeners]) listener()
  }

  function learn(page: number, answer: ResultsPage): void {
    pages.set(page, answer.items)
    if (answer.exact) {
      total = answer.total
      exact = true
    }
    // a short page is the last one: the end is known whatever the count said
    if (answer.items.length < size) {
      total = (page - 1) * size + answer.items.length
      exact = true
    } else if (!exact) {
      total = Math.max(total, page * size)
    }
  }

  function load(page: number): Promise<void> {
    if (page < 1 || pages.has(page)) return Promise.resolve()
    const pending = loading.get(page)
    if (pending) return pending
    const request = start
      .fetchPage(page)
      .then((answer) => {
        learn(page, answer)
        notify()
      })
      .catch((error: unknown) => {
        // spec §8: search failures are only logged; the run stays where it is
        console.warn('[search] a page of the run-through failed:', error)
      })
      .finally(() => loading.delete(page))
    loading.set(page, request)
    return request
  }

  /** Fetch the pages of the next and previous results ahead (issue 18: the switch never waits). */
  function ahead(): void {
    void load(pageOf(exact && at + 1 >= total ? 0 : at + 1))
    // two results ahead: the next page is there well before the run reaches it
    if (!exact || at + 2 < total) void load(pageOf(at + 2))
    if (at > 0 || exact) void load(pageOf(at > 0 ? at - 1 : Math.max(total - 1, 0)))
  }

  async function step(direction: 'previous' | 'next', wrap: boolean): Promise<boolean> {
    const move = ++moves
    let target = direction === 'next' ? at + 1 : at - 1
    if (direction === 'next' && exact && target >= total) {
      if (!wrap) return false
      target = 0
    }
    if (target < 0) {
      if (!wrap || !exact || total === 0) return false
      target = total - 1
    }
    if (!itemAt(target)) await load(pageOf(target))
    // a later move won over this one while its page loaded
    if (move !== moves) return false
    if (!itemAt(target)) {
      // past the real end (the count was an estimate): go round, or stop
      if (direction !== 'next' || !wrap || target === 0) return false
      return step('next', wrap)
    }
    at = target
    ahead()
    notify()
    return true
  }

  ahead()
  return {
    current: () => itemAt(at),
    position: () => ({ index: at + 1, total: exact ? total : null }),
    neighbour(direction) {
      if (direction === 'next') return itemAt(exact && at + 1 >= total ? 0 : at + 1)
      return itemAt(at > 0 ? at - 1 : total - 1)
    },
    step,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A run of one clip (a shared `?clip=` address naming a clip that is not among the shown results). */
export function singleClipRun(chunk: SiteChunk): RunThroughList {
  const page: ResultsPage = { items: [chunk], total: 1, exact: true }
  return createRunThroughList({ pageSize: 1, page: 1, ...page, index: 0, fetchPage: async () => page })
}
