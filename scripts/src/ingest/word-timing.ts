/**
 * Word timings estimated inside a cue when the input has none (method and measured error: docs/word-timing.md).
 * Each word gets a share of the cue proportional to its spoken weight (its letters plus a constant per word), and
 * punctuation adds a pause after the word it ends.
 */
import type { TimedWord } from './subtitles.ts'
import { splitWords } from './text.ts'

/** Weight every word costs besides its letters, in letters (articulation onset and release). */
const WORD_BASE = 6
/** Pause after a word ending in a comma-like mark, in letters. */
const PAUSE_COMMA = 3
/** Pause after a word ending a sentence, in letters. */
const PAUSE_SENTENCE = 5

/**
 * Spoken weight of a written word in "letters": letters count one each, digits two and a half (they are read as
 * words), and characters of syllabic scripts (CJK, kana, Hangul) three each.
 */
export function spokenWeight(word: string): number {
  let weight = 0
  for (const char of word) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(char)) weight += 3
    else if (/\p{N}/u.test(char)) weight += 2.5
    else if (/\p{L}/u.test(char)) weight += 1
  }
  return weight
}

function pauseAfter(word: string): number {
  if (/[.!?…]["')\]]*$/.test(word)) return PAUSE_SENTENCE
  if (/[,;:—–-]["')\]]*$/.test(word)) return PAUSE_COMMA
  return 0
}

/** Timings of the words of `text` spread over `start`..`end` (seconds). */
export function estimateWordTimings(text: string, start: number, end: number): TimedWord[] {
  const words = splitWords(text)
  if (words.length === 0) return []
  const weights = words.map((word) => spokenWeight(word) + WORD_BASE)
  // the pause after the last word is outside the speech, so it does not count
  const pauses = words.map((word, i) => (i < words.length - 1 ? pauseAfter(word) : 0))
  const total = weights.reduce((a, b) => a + b, 0) + pauses.reduce((a, b) => a + b, 0)
  const unit = (end - start) / total
  const out: TimedWord[] = []
  let t = start
  words.forEach((word, i) => {
    const wordEnd = t + weights[i]! * unit
    out.push({ word, start: round(t), end: round(Math.min(end, wordEnd)) })
    t = wordEnd + pauses[i]! * unit
  })
  return out
}

/** Rounds to milliseconds, as segment JSON carries them. */
export function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000
}
