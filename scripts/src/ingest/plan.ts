/**
 * From cues to clips: merges very short neighbouring cues, pads each clip without reaching into the speech of
 * its neighbours, and fixes word timings (from the input, or estimated) for every cue.
 */
import { SubtitleError, type Cue, type TimedWord } from './subtitles.ts'
import { splitWords } from './text.ts'
import { estimateWordTimings, round } from './word-timing.ts'

export interface PlanOptions {
  /** Clips shorter than this (seconds) or with a single word merge with a close neighbour. */
  minDuration: number
  /** Merging stops when a clip would grow longer than this. */
  maxMergedDuration: number
  /** Neighbours further apart than this (seconds) never merge. */
  maxMergeGap: number
  /** Silence kept before and after the speech of a clip, when the neighbours leave room. */
  padding: number
}

export const DEFAULT_PLAN_OPTIONS: PlanOptions = {
  minDuration: 1.2,
  maxMergedDuration: 8,
  maxMergeGap: 0.8,
  padding: 0.25,
}

/** A cue inside a clip, with its words, all in seconds of the source. */
export interface PlannedCue {
  start: number
  end: number
  text: string
  words: TimedWord[]
  translations: Record<string, string>
  /** Whether the word timings came from the input (true) or were estimated. */
  timedInput: boolean
}

export interface ClipPlan {
  /** 0-based order within the content item. */
  order: number
  /** Cut points in the source, padding included. */
  start: number
  end: number
  cues: PlannedCue[]
  text: string
  wordCount: number
}

/** Plans the clips of a cue list over media `mediaDuration` seconds long; `file` names the subtitles in errors. */
export function planClips(
  cues: Cue[],
  mediaDuration: number,
  file: string,
  options: PlanOptions = DEFAULT_PLAN_OPTIONS,
): ClipPlan[] {
  const usable: Cue[] = []
  for (const cue of cues) {
    if (cue.start >= mediaDuration - 0.05)
      throw new SubtitleError(
        file,
        cue.line,
        `cue starts at ${cue.start.toFixed(3)}s, after the end of the media (${mediaDuration.toFixed(3)}s)`,
      )
    usable.push(cue.end > mediaDuration ? { ...cue, end: mediaDuration } : cue)
  }
  const groups: Cue[][] = []
  const isShort = (group: Cue[]) =>
    group.at(-1)!.end - group[0]!.start < options.minDuration ||
    group.reduce((n, cue) => n + splitWords(cue.text).length, 0) < 2
  for (const cue of usable) {
    const last = groups.at(-1)
    if (
      last &&
      (isShort(last) || isShort([cue])) &&
      cue.start - last.at(-1)!.end <= options.maxMergeGap &&
      cue.end - last[0]!.start <= options.maxMergedDuration
    ) {
      last.push(cue)
    } else {
      groups.push([cue])
    }
  }
  return groups.map((group, order) => {
    const speechStart = group[0]!.start
    const speechEnd = group.at(-1)!.end
    const previousEnd = order > 0 ? groups[order - 1]!.at(-1)!.end : 0
    const nextStart = order < groups.length - 1 ? groups[order + 1]![0]!.start : mediaDuration
    const planned = group.map(
      (cue): PlannedCue => ({
        start: cue.start,
        end: cue.end,
        // the transcript is exactly its words joined by spaces, so word positions match the transcript
        text: cue.words ? cue.words.map((w) => w.word).join(' ') : splitWords(cue.text).join(' '),
        words: cue.words ?? estimateWordTimings(cue.text, cue.start, cue.end),
        translations: cue.translations,
        timedInput: Boolean(cue.words),
      }),
    )
    const text = planned.map((cue) => cue.text).join(' ')
    return {
      order,
      start: round(Math.max(0, previousEnd, speechStart - options.padding)),
      end: round(Math.min(mediaDuration, nextStart, speechEnd + options.padding)),
      cues: planned,
      text,
      wordCount: planned.reduce((n, cue) => n + cue.words.length, 0),
    }
  })
}

/** Segment JSON of a clip (spec §3): times relative to the clip start, clamped into the clip. */
export function segmentJson(clip: ClipPlan): {
  segments: { index: number; start: number; end: number; words: TimedWord[] }[]
} {
  const duration = clip.end - clip.start
  const rel = (t: number) => round(Math.min(duration, Math.max(0, t - clip.start)))
  return {
    segments: clip.cues.map((cue, index) => ({
      index,
      start: rel(cue.start),
      end: rel(cue.end),
      words: cue.words.map((w) => ({ word: w.word, start: rel(w.start), end: rel(w.end) })),
    })),
  }
}
