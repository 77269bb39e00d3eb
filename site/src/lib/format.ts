/** Pure display helpers for cards (spec §2.7): the type label, time-ago labels and counts. */

/** The subset of a chunk the card labels read. */
export interface LabelSource {
  content_metadata?: { name?: string | null; content_category?: string | null; genre?: string | null } | null
}

const TYPE_KEYWORDS = ['food', 'podcast', 'business', 'insider', 'bbc'] as const

/**
 * Card type label (spec §2.7): the genre; else the first of food, podcast, business, insider or bbc that the
 * category or the name contains; else 'media'.
 */
export function typeLabel(chunk: LabelSource): string {
  const meta = chunk.content_metadata
  const genre = meta?.genre?.trim()
  if (genre) return genre.toLowerCase()
  const haystack = `${meta?.content_category ?? ''} ${meta?.name ?? ''}`.toLowerCase()
  return TYPE_KEYWORDS.find((keyword) => haystack.includes(keyword)) ?? 'media'
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Time-ago label (spec §2.7): Just now, Xm ago, Xh ago, Xd ago, then the date after 7 days. */
export function timeAgo(when: Date | string | number, now: Date | number = Date.now()): string {
  const then = new Date(when)
  const elapsed = Number(now) - then.getTime()
  if (!Number.isFinite(elapsed)) return ''
  if (elapsed < MINUTE) return 'Just now'
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`
  if (elapsed <= 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`
  return then.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
}

/** A count with thousands separators (counters, result totals). */
export function formatCount(n: number): string {
  return Math.max(0, Math.round(n)).toLocaleString('en-US')
}

/** A result total as the server reported it: exact, an estimate, or the cap that paging reaches. */
export interface ResultTotal {
  total: number
  /** More match than the cap (`X-Total-Count-Capped`). */
  capped?: boolean
  /** The total is an estimate (`X-Total-Count-Estimated`, decision 013). */
  estimated?: boolean
}

/**
 * The N of 'Found N result(s)': exact counts as they are, the cap as '1,000+', and an estimate as 'about' its value
 * to two significant figures, so that no guess reads as a count.
 */
export function formatResultTotal({ total, capped, estimated }: ResultTotal): string {
  if (capped) return `${formatCount(total)}+`
  if (!estimated || total < 100) return formatCount(total)
  const step = 10 ** (Math.floor(Math.log10(total)) - 1)
  return `about ${formatCount(Math.round(total / step) * step)}`
}

/** Genres of the loaded clips for the home filter bar (spec §2.3): lowercased, unique, sorted. */
export function genresOf(chunks: readonly LabelSource[]): string[] {
  const genres = new Set<string>()
  for (const chunk of chunks) {
    const genre = chunk.content_metadata?.genre?.trim().toLowerCase()
    if (genre) genres.add(genre)
  }
  return [...genres].sort((a, b) => a.localeCompare(b))
}

/** Chunk duration as minutes:seconds. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

/** Fills `{name}` placeholders of a message template. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
