/** Page numbers for the results pager (spec §2.4). */

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

/** Pages either side of the current one in the window. */
export const PAGE_WINDOW = 1

/**
 * The buttons between Previous and Next: every page when there are 10 or fewer, else the first, the last, a
 * window around the current page and ellipses where pages are left out.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return []
  if (totalPages <= 10) return Array.from({ length: totalPages }, (_, i) => i + 1)
  const page = Math.min(Math.max(current, 1), totalPages)
  const shown = new Set<number>([1, totalPages])
  for (let n = page - PAGE_WINDOW; n <= page + PAGE_WINDOW; n++) shown.add(n)
  // near either end, show the first or last five so the pager keeps its width
  if (page <= 4) for (let n = 2; n <= 5; n++) shown.add(n)
  if (page >= totalPages - 3) for (let n = totalPages - 4; n < totalPages; n++) shown.add(n)
  const pages = [...shown].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b)
  const items: PageItem[] = []
  for (const [i, n] of pages.entries()) {
    const previous = pages[i - 1]
    if (previous !== undefined && n - previous === 2)
      items.push(previous + 1) // an ellipsis would hide one page
    else if (previous !== undefined && n - previous > 2)
      items.push(n === totalPages ? 'ellipsis-end' : 'ellipsis-start')
    items.push(n)
  }
  return items
}

/** Number of pages for a total and a page size. */
export function pageCount(total: number, pageSize: number): number {
  return total > 0 ? Math.ceil(total / pageSize) : 0
}
