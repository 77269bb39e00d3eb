/**
 * The type-ahead and "did you mean" parts of `pnpm bench search` (issue 18, decision 090): a mix of prefixes as
 * learners type them, and misspelled queries built from the corpus's own phrases, with how often a correction is
 * found and how often it is the phrase that was misspelled.
 */
import { random, type CorpusStats } from './search-corpus.ts'

/** What a query path answered. */
export type Getter = (pathAndQuery: string) => Promise<{ status: number; body: string }>

/**
 * Prefixes of real phrases as they are typed: for each of the frequent phrases, rare phrases and words, a cut at a
 * random point (at least 2 characters), so short common prefixes ("wh", "i do") and long specific ones both come.
 */
export function completionMix(stats: CorpusStats, seed: number): string[] {
  const next = random(seed + 7)
  const sources = [
    ...stats.frequentPhrases.slice(0, 100),
    ...stats.rarePhrases.slice(0, 100),
    ...Array.from(
      { length: 100 },
      () => stats.vocabulary[Math.floor(next() ** 2 * Math.min(stats.vocabulary.length, 5000))]!,
    ),
  ].map((phrase) => phrase.toLowerCase().replace(/[.,!?;:'"()]/g, ''))
  const out: string[] = []
  for (const phrase of sources) {
    if (phrase.length < 2) continue
    const cut = 2 + Math.floor(next() * (phrase.length - 1))
    out.push(phrase.slice(0, cut))
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

export type Misspelling = 'drop' | 'swap' | 'replace' | 'cut-ending'
const KINDS: Misspelling[] = ['drop', 'swap', 'replace', 'cut-ending']
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

/**
 * One error in one word of `phrase` (a word of at least 3 letters, one that keeps at least 2): a letter dropped,
 * two adjacent letters swapped, a letter replaced by another, or the last 1 to 3 letters of the last word cut.
 * Null when the phrase has no word it can be made in.
 */
export function misspell(phrase: string, kind: Misspelling, next: () => number): string | null {
  const words = phrase.split(' ')
  const fit = words.map((word, i) => ({ word, i })).filter(({ word }) => word.length >= 3)
  if (fit.length === 0) return null
  const { word, i } =
    kind === 'cut-ending'
      ? { word: words[words.length - 1]!, i: words.length - 1 }
      : fit[Math.floor(next() * fit.length)]!
  if (word.length < 3) return null
  const at = Math.floor(next() * word.length)
  let changed: string
  switch (kind) {
    case 'drop':
      changed = word.slice(0, at) + word.slice(at + 1)
      break
    case 'swap': {
      const k = Math.min(at, word.length - 2)
      if (word[k] === word[k + 1]) return null
      changed = word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2)
      break
    }
    case 'replace': {
      let letter = LETTERS[Math.floor(next() * LETTERS.length)]!
      if (letter === word[at]) letter = letter === 'z' ? 'a' : String.fromCharCode(letter.charCodeAt(0) + 1)
      changed = word.slice(0, at) + letter + word.slice(at + 1)
      break
    }
    case 'cut-ending':
      changed = word.slice(0, Math.max(2, word.length - 1 - Math.floor(next() * 3)))
      break
  }
  if (changed === word) return null
  const out = [...words]
  out[i] = changed
  return out.join(' ')
}

export interface CorrectionFigures {
  queries: number
  /** Misspellings that are themselves phrases with results (no correction is asked for them). */
  haveResults: number
  /** Of the rest: a correction was offered, and it was the phrase misspelled. */
  found: number
  recovered: number
  byKind: Record<Misspelling, { queries: number; found: number; recovered: number }>
  p50: number
  p95: number
}

/**
 * Misspells `count` phrases of the corpus (frequent and rare ones alternately, each error kind in turn), asks
 * `GET /api/search/correct` for each, one at a time, and counts.
 */
export async function measureCorrections(
  get: Getter,
  stats: CorpusStats,
  seed: number,
  count = 200,
): Promise<CorrectionFigures> {
  const next = random(seed + 11)
  const phrases = [...stats.frequentPhrases.slice(0, 100), ...stats.rarePhrases.slice(0, 200)]
    .map((phrase) => phrase.toLowerCase().replace(/[.,!?;:'"()]/g, ''))
    .filter((phrase) => phrase.length > 0)
  const byKind = Object.fromEntries(
    KINDS.map((kind) => [kind, { queries: 0, found: 0, recovered: 0 }]),
  ) as CorrectionFigures['byKind']
  const figures: CorrectionFigures = {
    queries: 0,
    haveResults: 0,
    found: 0,
    recovered: 0,
    byKind,
    p50: 0,
    p95: 0,
  }
  const latencies: number[] = []
  for (let i = 0; figures.queries < count && i < count * 4; i++) {
    const phrase = phrases[(i * 7) % phrases.length]!
    const kind = KINDS[i % KINDS.length]!
    const query = misspell(phrase, kind, next)
    if (!query) continue
    figures.queries++
    const search = await get(`/api/search?q=${encodeURIComponent(query)}&limit=1`)
    if (search.body !== '[]') {
      figures.haveResults++
      continue
    }
    const started = performance.now()
    const answer = await get(`/api/search/correct?q=${encodeURIComponent(query)}`)
    latencies.push(performance.now() - started)
    if (answer.status !== 200) throw new Error(`correct answered ${answer.status}: ${answer.body}`)
    const correction = JSON.parse(answer.body) as { phrase: string } | null
    byKind[kind].queries++
    if (correction) {
      figures.found++
      byKind[kind].found++
      if (correction.phrase === phrase) {
        figures.recovered++
        byKind[kind].recovered++
      }
    }
  }
  latencies.sort((a, b) => a - b)
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN
  figures.p50 = at(50)
  figures.p95 = at(95)
  return figures
}
