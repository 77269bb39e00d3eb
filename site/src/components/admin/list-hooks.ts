/**
 * Browser helpers the admin list islands share: the whole list the server embedded as JSON beside the island,
 * and the incrementally rendered window of rows (decision 085).
 */
import { useEffect, useRef, useState } from 'react'
import { ROW_WINDOW } from './admin-list.ts'

/**
 * Calls `use` with the list the page embedded under `id` once the document holds it: the element comes after the
 * island (so the first rows paint before it arrives), and an island may hydrate while the rest still streams in.
 * Returns a cleanup.
 */
export function whenEmbeddedList<T>(id: string, use: (list: T[] | null) => void): () => void {
  if (document.getElementById(id) || document.readyState !== 'loading') {
    use(readEmbeddedList<T>(id))
    return () => undefined
  }
  const ready = () => use(readEmbeddedList<T>(id))
  document.addEventListener('DOMContentLoaded', ready, { once: true })
  return () => document.removeEventListener('DOMContentLoaded', ready)
}

/** The JSON the page embedded under `id`, or null. */
export function readEmbeddedList<T>(id: string): T[] | null {
  const element = document.getElementById(id)
  if (!element?.textContent) return null
  try {
    const value = JSON.parse(element.textContent) as unknown
    return Array.isArray(value) ? (value as T[]) : null
  } catch (error) {
    console.warn('[admin] embedded list unreadable:', error)
    return null
  }
}

/**
 * How many rows to render: `ROW_WINDOW` at first and after every change of `resetKey` (a new search, filter or
 * sort), `ROW_WINDOW` more each time the returned sentinel scrolls into view (or is pressed).
 */
export function useRowWindow(
  total: number,
  resetKey: string,
): { limit: number; more(): void; sentinel: React.RefObject<HTMLButtonElement | null> } {
  const [limit, setLimit] = useState(ROW_WINDOW)
  const sentinel = useRef<HTMLButtonElement | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view starts again from the first window
  useEffect(() => setLimit(ROW_WINDOW), [resetKey])
  const more = () => setLimit((current) => Math.min(current + ROW_WINDOW, Math.max(total, ROW_WINDOW)))
  const hasMore = total > limit
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-observe when the window grows
  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) more()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasMore, limit, total])
  return { limit, more, sentinel }
}
