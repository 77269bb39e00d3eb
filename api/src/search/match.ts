/** Where a phrase occurs in one clip: word range and time range, so the player can start at the phrase. */
import type { PhraseMatch } from '../shared/wire.ts'
import { findPhrase, tokenize } from './terms.ts'

/** One word with its time in the clip (segment JSON, spec §3). */
export interface WordTiming {
  word: string
  start: number
  end: number
}

/** The match info each search result carries beside the chunk fields (the shared wire type). */
export type MatchInfo = PhraseMatch

/**
 * Locates `queryTokens` (normalised, `*` for one word) in a clip. Times come from the word timings when they
 * spell the same words as the transcript, else they are estimated by character position over the duration.
 */
export function locateMatch(
  transcript: string,
  words: WordTiming[] | null,
  duration: number,
  queryTokens: string[],
): MatchInfo | null {
  const rawWords = transcript.split(/\s+/).filter((word) => word.length > 0)
  const tokens: string[] = []
  const tokenToRaw: number[] = []
  rawWords.forEach((raw, index) => {
    for (const token of tokenize(raw)) {
      tokens.push(token)
      tokenToRaw.push(index)
    }
  })
  const found = findPhrase(tokens, queryTokens)
  if (!found) return null
  const first = tokenToRaw[found[0]]!
  const last = tokenToRaw[found[1]]!
  const timed = alignTimings(words, tokens)
  let start: number
  let end: number
  if (timed) {
    start = timed[found[0]]!.start
    end = timed[found[1]]!.end
  } else {
    const total = rawWords.reduce((sum, word) => sum + word.length + 1, 0) || 1
    const before = rawWords.slice(0, first).reduce((sum, word) => sum + word.length + 1, 0)
    const through = rawWords.slice(0, last + 1).reduce((sum, word) => sum + word.length + 1, 0)
    start = (duration * before) / total
    end = (duration * through) / total
  }
  return {
    text: rawWords.slice(first, last + 1).join(' '),
    word_start: first,
    word_end: last,
    start: round(start),
    end: round(Math.max(start, end)),
    timed: timed !== null,
  }
}

/** The timing of each token when the timed words spell exactly the transcript's tokens, else null. */
function alignTimings(words: WordTiming[] | null, tokens: string[]): WordTiming[] | null {
  if (!words || words.length === 0) return null
  const out: WordTiming[] = []
  for (const word of words) {
    for (const token of tokenize(String(word.word ?? ''))) {
      if (tokens[out.length] !== token) return null
      out.push(word)
    }
  }
  return out.length === tokens.length ? out : null
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000
}
