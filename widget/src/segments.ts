import type { PhraseTimes, Segment, SegmentWord } from './types.ts'

/** Parse segment JSON (spec §3) leniently: drops malformed segments and words instead of failing. */
export function parseSegments(data: unknown): Segment[] {
  const raw = (data as { segments?: unknown } | null)?.segments
  if (!Array.isArray(raw)) return []
  const segments: Segment[] = []
  raw.forEach((item: unknown, position: number) => {
    const seg = item as Partial<Segment> | null
    if (!seg || !isTime(seg.start) || !isTime(seg.end)) return
    const words = Array.isArray(seg.words)
      ? seg.words.filter(
          (w: unknown): w is SegmentWord =>
            !!w &&
            typeof (w as SegmentWord).word === 'string' &&
            isTime((w as SegmentWord).start) &&
            isTime((w as SegmentWord).end),
        )
      : []
    segments.push({
      index: typeof seg.index === 'number' ? seg.index : position,
      start: seg.start,
      end: seg.end,
      words,
    })
  })
  return segments.sort((a, b) => a.start - b.start)
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
}

/** Index of the segment playing at `time` (start inclusive, end exclusive), or -1 between segments. */
export function findSegmentIndex(segments: readonly Segment[], time: number): number {
  // binary search: clips are short, but the player calls this on every animation frame
  let low = 0
  let high = segments.length - 1
  while (low <= high) {
    const mid = (low + high) >> 1
    const seg = segments[mid]!
    if (time < seg.start) high = mid - 1
    else if (time >= seg.end) low = mid + 1
    else return mid
  }
  return -1
}

/**
 * Index of the word being said at `time` within `words`: the last word that has started and not ended; -1 when
 * none (before the first word, in a pause, or after the last).
 */
export function findWordIndex(words: readonly SegmentWord[], time: number): number {
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!
    if (time >= w.start) return time < w.end ? i : -1
  }
  return -1
}

/** All words of all segments in order (the clip's word list; literal translations index into it). */
export function flattenWords(segments: readonly Segment[]): SegmentWord[] {
  return segments.flatMap((s) => s.words)
}

/** Where the player starts for a phrase: a short lead-in before it so the learner hears it in context. */
export const PHRASE_LEAD_IN_S = 0.6
/** How long after the phrase ends 'Loop phrase' keeps playing before it jumps back. */
export const PHRASE_TAIL_S = 0.3

/** The start time for a phrase with its lead-in, never before the clip's start. */
export function phraseStartTime(match: PhraseTimes): number {
  return Math.max(0, match.start - PHRASE_LEAD_IN_S)
}

/** Format seconds as m:ss. */
export function formatTime(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
