/**
 * The phrase vocabulary of type-ahead and "did you mean" (decision 090), pure: the word n-grams a clip adds to
 * `search_phrases`, the prefix a typed text asks for, and the edit distance corrections are measured with.
 */
import { tokenize } from './terms.ts'

/** Longest phrase counted for type-ahead, in words. */
export const PHRASE_MAX_WORDS = 4
/** Longest phrase stored, in characters (a btree key stays small; longer grams are noise). */
export const PHRASE_MAX_CHARS = 80

/** The distinct word 1- to `PHRASE_MAX_WORDS`-grams of a normalised text (`search_text`): what the clip counts for. */
export function phraseGrams(searchText: string | null): string[] {
  if (!searchText) return []
  const tokens = searchText.split(' ').filter((token) => token.length > 0)
  const grams = new Set<string>()
  for (let n = 1; n <= PHRASE_MAX_WORDS; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const gram = tokens.slice(i, i + n).join(' ')
      if (gram.length <= PHRASE_MAX_CHARS) grams.add(gram)
    }
  }
  return [...grams]
}

/**
 * The words of a phrase, from its text: one space between words, and grams of whole words only (so a count of
 * spaces is enough).
 */
export function wordCount(phrase: string): number {
  let n = 1
  for (let i = 0; i < phrase.length; i++) if (phrase.charCodeAt(i) === 32) n++
  return n
}

/**
 * What a typed text asks type-ahead for: its normalised words joined by one space, plus a space when the user has
 * finished the last word (typed a space after it), so that "how " asks for the words after "how". Null when no
 * word remains, the text has a wildcard, or it has more words than a stored phrase.
 */
export function completionPrefix(typed: string): string | null {
  if (typed.includes('*')) return null
  const tokens = tokenize(typed)
  if (tokens.length === 0) return null
  const ended = /\s$/.test(typed)
  if (tokens.length > PHRASE_MAX_WORDS || (ended && tokens.length === PHRASE_MAX_WORDS)) return null
  return tokens.join(' ') + (ended ? ' ' : '')
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), or `max + 1` as soon as
 * it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  if (a === b) return 0
  const n = b.length
  let prev2 = new Array<number>(n + 1).fill(0)
  let prev = Array.from({ length: n + 1 }, (_, j) => j)
  let cur = new Array<number>(n + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    let rowMin = i
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      let value = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, prev2[j - 2]! + 1)
      }
      cur[j] = value
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    ;[prev2, prev, cur] = [prev, cur, prev2]
  }
  return Math.min(prev[n]!, max + 1)
}

/** The most edits a word of this length may be corrected by: none for one letter, 1 up to 4 letters, then 2. */
export function maxEdits(word: string): number {
  if (word.length <= 1) return 0
  return word.length <= 4 ? 1 : 2
}

/** A word of the vocabulary with the clips it is said in. */
export interface VocabularyWord {
  word: string
  clips: number
}

/** A replacement for one word of a query, and what it costs (edits, or letters added at its end). */
export interface WordOption {
  word: string
  cost: number
  clips: number
}

/** Letters a word may be completed by when it is not the last one ("thank you" from "than you" is a typo, not this). */
const MAX_ENDING_LETTERS = 3

/**
 * The vocabulary sorted by word, with each word's length, for the lookups corrections make (closest spellings by
 * edit distance, completions by prefix). Built once per vocabulary load.
 */
export class Vocabulary {
  readonly words: VocabularyWord[]
  readonly #index = new Map<string, number>()

  constructor(words: VocabularyWord[]) {
    this.words = [...words].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    for (const entry of this.words) this.#index.set(entry.word, entry.clips)
  }

  clipsOf(word: string): number {
    return this.#index.get(word) ?? 0
  }

  /** Words that start with `prefix` and are longer, by clips (most first), at most `limit`. */
  completions(prefix: string, limit: number, maxExtra = Number.POSITIVE_INFINITY): VocabularyWord[] {
    let lo = 0
    let hi = this.words.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.words[mid]!.word < prefix) lo = mid + 1
      else hi = mid
    }
    const out: VocabularyWord[] = []
    for (let i = lo; i < this.words.length && this.words[i]!.word.startsWith(prefix); i++) {
      const entry = this.words[i]!
      if (entry.word.length > prefix.length && entry.word.length - prefix.length <= maxExtra) out.push(entry)
    }
    return out.sort((a, b) => b.clips - a.clips).slice(0, limit)
  }

  /**
   * The options for one word of a query, cheapest first (then most said): the word itself when it is in the
   * vocabulary, words within `maxEdits`, and words it is the start of (any ending for the last word of a query,
   * up to `MAX_ENDING_LETTERS` otherwise), each costing one.
   */
  options(word: string, last: boolean, limit: number): WordOption[] {
    const found = new Map<string, WordOption>()
    const add = (option: WordOption) => {
      const had = found.get(option.word)
      if (!had || had.cost > option.cost) found.set(option.word, option)
    }
    const own = this.clipsOf(word)
    if (own > 0) add({ word, cost: 0, clips: own })
    const max = maxEdits(word)
    if (max > 0) {
      for (const entry of this.words) {
        if (Math.abs(entry.word.length - word.length) > max || entry.word === word) continue
        // the first letter is rarely the one mistyped: skip most of the vocabulary cheaply
        if (
          entry.word.charCodeAt(0) !== word.charCodeAt(0) &&
          entry.word.charCodeAt(1) !== word.charCodeAt(1)
        )
          continue
        const distance = editDistance(word, entry.word, max)
        if (distance <= max) add({ word: entry.word, cost: distance, clips: entry.clips })
      }
    }
    if (word.length >= 2) {
      for (const entry of this.completions(word, limit, last ? Number.POSITIVE_INFINITY : MAX_ENDING_LETTERS))
        add({ word: entry.word, cost: 1, clips: entry.clips })
    }
    return [...found.values()].sort((a, b) => a.cost - b.cost || b.clips - a.clips).slice(0, limit)
  }
}

/** A corrected phrase and what its words cost in total. */
export interface CorrectionCandidate {
  phrase: string
  cost: number
  /** The clips of its rarest word: a phrase of common words sorts before one of rare words at the same cost. */
  weight: number
}

/**
 * Corrected phrases for `tokens`, cheapest first: every combination of the words' options (each list cut to
 * `perWord`) that changes at least one word, at most `limit` of them and at most `maxCost` edits in all.
 */
export function correctionCandidates(
  options: WordOption[][],
  limit: number,
  maxCost: number,
): CorrectionCandidate[] {
  let partial: { words: string[]; cost: number; weight: number }[] = [
    { words: [], cost: 0, weight: Number.POSITIVE_INFINITY },
  ]
  for (const list of options) {
    const next: typeof partial = []
    for (const head of partial) {
      for (const option of list) {
        const cost = head.cost + option.cost
        if (cost > maxCost) continue
        next.push({
          words: [...head.words, option.word],
          cost,
          weight: Math.min(head.weight, option.clips),
        })
      }
    }
    // keep the search bounded: the cheapest, most common partial phrases
    partial = next.sort((a, b) => a.cost - b.cost || b.weight - a.weight).slice(0, limit * 4)
  }
  return partial
    .filter((candidate) => candidate.cost > 0)
    .sort((a, b) => a.cost - b.cost || b.weight - a.weight)
    .slice(0, limit)
    .map((candidate) => ({
      phrase: candidate.words.join(' '),
      cost: candidate.cost,
      weight: candidate.weight,
    }))
}
