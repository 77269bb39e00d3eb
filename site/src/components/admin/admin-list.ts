/**
 * The pure list logic of the admin screens (spec §2.12): search, filters, sorts, totals, export file names and
 * the last-change label. Shared by the pages (the server renders the first rows of the default view) and the
 * islands (which recompute the same view on the client, so hydration matches), and unit-tested on its own.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { AdminChunk, AdminContentMetadata } from '@phrasereel/api/shared/wire'

/** Rows rendered at first and added each time the list's end scrolls into view (decision 085). */
export const ROW_WINDOW = 50

export type SortDirection = 'asc' | 'desc'
export type ContentSort = 'name' | 'category' | 'chunks' | 'year'
export type ChunkSort = 'file' | 'duration' | 'type' | 'status'
export type ChunkFilter = 'all' | 'enabled' | 'disabled'

export const CONTENT_SORTS: readonly { value: ContentSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'category', label: 'Category' },
  { value: 'chunks', label: 'Chunks' },
  { value: 'year', label: 'Year' },
]

export const CHUNK_SORTS: readonly { value: ChunkSort; label: string }[] = [
  { value: 'file', label: 'File name' },
  { value: 'duration', label: 'Duration' },
  { value: 'type', label: 'Type' },
  { value: 'status', label: 'Status' },
]

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** Compares two possibly missing values: missing ones last in either direction. */
function compareMaybe<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return compare(a, b) * sign
}

const byNumber = (a: number, b: number) => a - b
const byText = (a: string, b: string) => collator.compare(a, b)
const textOrNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null)

/** Lowercased text a search term is looked for in (computed once per item, not per keystroke). */
function searchable(...parts: (string | number | null | undefined)[]): string {
  return parts
    .filter((p) => p !== null && p !== undefined)
    .join('\n')
    .toLowerCase()
}

// ---- dashboard -------------------------------------------------------------------------------------------

/** A content item with its precomputed search text. */
export interface ContentRow {
  item: AdminContentMetadata
  haystack: string
}

export function toContentRows(items: readonly AdminContentMetadata[]): ContentRow[] {
  return items.map((item) => ({
    item,
    haystack: searchable(item.name, item.content_category, item.genre, item.content_part, item.release_year),
  }))
}

/** Totals of the dashboard: content items, total chunks, categories (distinct, non-empty). */
export function contentTotals(items: readonly AdminContentMetadata[]): {
  items: number
  chunks: number
  categories: number
} {
  let chunks = 0
  const categories = new Set<string>()
  for (const item of items) {
    chunks += item.chunk_count
    const category = textOrNull(item.content_category)
    if (category) categories.add(category)
  }
  return { items: items.length, chunks, categories: categories.size }
}

/** The distinct categories, sorted, for the category filter. */
export function categoriesOf(items: readonly AdminContentMetadata[]): string[] {
  const categories = new Set<string>()
  for (const item of items) {
    const category = textOrNull(item.content_category)
    if (category) categories.add(category)
  }
  return [...categories].sort(byText)
}

/** The rows sorted by `sort` and `direction` (a new array; ties by id, in the same direction). */
export function sortContent(
  rows: readonly ContentRow[],
  sort: ContentSort,
  direction: SortDirection,
): ContentRow[] {
  const sign = direction === 'asc' ? 1 : -1
  const key = (row: ContentRow): string | number | null => {
    const { item } = row
    if (sort === 'name') return textOrNull(item.name)
    if (sort === 'category') return textOrNull(item.content_category)
    if (sort === 'chunks') return item.chunk_count
    return item.release_year
  }
  const keyed = rows.map((row) => ({ row, key: key(row) }))
  keyed.sort((a, b) => {
    const order =
      typeof a.key === 'number' || typeof b.key === 'number'
        ? compareMaybe(a.key as number | null, b.key as number | null, byNumber, sign)
        : compareMaybe(a.key as string | null, b.key as string | null, byText, sign)
    return order || (a.row.item.id - b.row.item.id) * sign
  })
  return keyed.map((k) => k.row)
}

/** The rows whose text holds `query` (trimmed, case-insensitive) and whose category is `category` ('' = all). */
export function filterContent(rows: readonly ContentRow[], query: string, category: string): ContentRow[] {
  const term = query.trim().toLowerCase()
  if (!term && !category) return rows as ContentRow[]
  return rows.filter(
    (row) =>
      (!term || row.haystack.includes(term)) &&
      (!category || textOrNull(row.item.content_category) === category),
  )
}

// ---- chunks page -----------------------------------------------------------------------------------------

/** A chunk with its precomputed search text and file-name number. */
export interface ChunkRow {
  chunk: AdminChunk
  haystack: string
  fileNumber: number | null
}

/** The numeric part of a file name ('12.mp4' → 12, 'clip_007.mp4' → 7; the extension aside), or null. */
export function fileNumber(fileName: string): number | null {
  const match = /(\d+)(?!.*\d)/.exec(fileName.replace(/\.[^.]*$/, ''))
  return match ? Number(match[1]) : null
}

export function toChunkRow(chunk: AdminChunk): ChunkRow {
  return {
    chunk,
    haystack: searchable(chunk.transcribed_text, chunk.play_file_name, chunk.chunk_type),
    fileNumber: fileNumber(chunk.play_file_name),
  }
}

/** Stats of the chunks page: total, enabled, disabled, and the total duration in seconds. */
export function chunkStats(chunks: readonly AdminChunk[]): {
  total: number
  enabled: number
  disabled: number
  seconds: number
} {
  let enabled = 0
  let seconds = 0
  for (const chunk of chunks) {
    if (chunk.enabled) enabled += 1
    seconds += chunk.chunk_duration
  }
  return { total: chunks.length, enabled, disabled: chunks.length - enabled, seconds }
}

/** The rows sorted (a new array); file names by their numeric part, then by name; ties by id likewise. */
export function sortChunks(rows: readonly ChunkRow[], sort: ChunkSort, direction: SortDirection): ChunkRow[] {
  const sign = direction === 'asc' ? 1 : -1
  const compare = (a: ChunkRow, b: ChunkRow): number => {
    if (sort === 'file') {
      return (
        compareMaybe(a.fileNumber, b.fileNumber, byNumber, sign) ||
        byText(a.chunk.play_file_name, b.chunk.play_file_name) * sign
      )
    }
    if (sort === 'duration') return (a.chunk.chunk_duration - b.chunk.chunk_duration) * sign
    if (sort === 'type') return byText(a.chunk.chunk_type, b.chunk.chunk_type) * sign
    return (Number(a.chunk.enabled) - Number(b.chunk.enabled)) * sign
  }
  return [...rows].sort((a, b) => compare(a, b) || (a.chunk.id - b.chunk.id) * sign)
}

/** The rows whose transcript, file name or type holds `query`, with the enabled filter applied. */
export function filterChunks(rows: readonly ChunkRow[], query: string, filter: ChunkFilter): ChunkRow[] {
  const term = query.trim().toLowerCase()
  if (!term && filter === 'all') return rows as ChunkRow[]
  return rows.filter(
    (row) =>
      (!term || row.haystack.includes(term)) &&
      (filter === 'all' || row.chunk.enabled === (filter === 'enabled')),
  )
}

/** The ids from `anchor` to `target` (inclusive) in the order shown, or just `target` when `anchor` is gone. */
export function rangeIds(order: readonly number[], anchor: number | null, target: number): number[] {
  const to = order.indexOf(target)
  const from = anchor === null ? -1 : order.indexOf(anchor)
  if (to < 0) return []
  if (from < 0) return [target]
  return order.slice(Math.min(from, to), Math.max(from, to) + 1)
}

// ---- formatting ------------------------------------------------------------------------------------------

/** Seconds as m:ss (minutes unbounded: 75:03). */
export function formatMinutes(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

/** A date as YYYY-MM-DD in the browser's own time zone (the export file names of spec §9). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

export const contentExportName = (date: Date) => `content_metadata_${isoDay(date)}.json`
export const chunksExportName = (contentId: number, date: Date) =>
  `content_chunks_${contentId}_${isoDay(date)}.json`

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' })
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** '2 hours ago', 'just now' under a minute. */
export function ago(when: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(when)) / 1000))
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit)
  }
  return 'just now'
}

/** 'Disabled by alice, 2 hours ago', or null for a chunk never toggled. */
export function lastChangeLabel(chunk: AdminChunk, now: number): string | null {
  const change = chunk.last_change
  if (!change) return null
  return MESSAGES.lastChange
    .replace('{action}', change.enabled_after ? 'Enabled' : 'Disabled')
    .replace('{admin}', change.admin)
    .replace('{ago}', ago(change.changed_at, now))
}

/** Saves `data` as pretty JSON under `fileName` (a download in the browser). */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
