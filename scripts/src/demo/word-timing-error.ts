/**
 * Error of the word-timing estimate on the demo corpus, whose true word times are known (each word was
 * synthesised on its own). For every cue the estimate sees only what a subtitle gives (text, start, end) and is
 * compared with the true start and end of each word. A uniform split (every word the same share) is the baseline.
 */
import { splitWords } from '../ingest/text.ts'
import { estimateWordTimings } from '../ingest/word-timing.ts'
import type { DemoManifest } from './corpus.ts'

export interface TimingError {
  words: number
  cues: number
  /** Mean and 90th percentile absolute error of word starts and ends, in milliseconds. */
  meanMs: number
  p90Ms: number
  /** Share of word boundaries within 100 ms of the truth. */
  within100ms: number
}

function summarise(errors: number[], cues: number, words: number): TimingError {
  const sorted = [...errors].sort((a, b) => a - b)
  return {
    words,
    cues,
    meanMs: Math.round((errors.reduce((a, b) => a + b, 0) / errors.length) * 1000),
    p90Ms: Math.round(sorted[Math.floor(sorted.length * 0.9)]! * 1000),
    within100ms: errors.filter((e) => e <= 0.1).length / errors.length,
  }
}

/** The estimate's error and the uniform baseline's, over every cue of the corpus (or of the items `include` keeps). */
export function measureWordTimingError(
  manifest: DemoManifest,
  include: (slug: string) => boolean = () => true,
): { estimate: TimingError; uniform: TimingError } {
  const estimate: number[] = []
  const uniform: number[] = []
  let cues = 0
  let words = 0
  for (const item of manifest.items.filter((i) => include(i.slug)))
    for (const chunk of item.chunks) {
      // a clip's words split into cues at the segment boundaries the manifest keeps as word runs
      const truth = chunk.words
      if (truth.length === 0) continue
      cues++
      words += truth.length
      const text = truth.map((w) => w.word).join(' ')
      const start = truth[0]!.start
      const end = truth.at(-1)!.end
      const guess = estimateWordTimings(text, start, end)
      const share = (end - start) / splitWords(text).length
      truth.forEach((word, i) => {
        estimate.push(Math.abs(guess[i]!.start - word.start), Math.abs(guess[i]!.end - word.end))
        uniform.push(Math.abs(start + i * share - word.start), Math.abs(start + (i + 1) * share - word.end))
      })
    }
  return { estimate: summarise(estimate, cues, words), uniform: summarise(uniform, cues, words) }
}
