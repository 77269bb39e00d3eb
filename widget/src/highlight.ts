import { normalizeText } from '@phrasereel/api/shared/limits'
import type { PhraseTimes, SegmentWord } from './types.ts'

/** The query as normalised word tokens (spec §5 normalisation), empty when blank. */
export function queryTokens(query: string | null | undefined): string[] {
  if (!query) return []
  return normalizeText(query).split(/\s+/).filter(Boolean)
}

/**
 * Which positions of `words` belong to an occurrence of the query. A multi-word query matches only as the whole
 * phrase (consecutive words), spec §2.5; words are compared after spec §5 normalisation.
 */
export function matchPhrase(words: readonly string[], query: string | null | undefined): Set<number> {
  const tokens = queryTokens(query)
  const hits = new Set<number>()
  if (tokens.length === 0) return hits
  const normalized = words.map((w) => normalizeText(w))
  // a subtitle word may itself hold several tokens ("don't go" rarely, but "well-known" style splits do occur)
  for (let i = 0; i + tokens.length <= normalized.length; i++) {
    let ok = true
    for (let j = 0; j < tokens.length; j++) {
      if (normalized[i + j] !== tokens[j]) {
        ok = false
        break
      }
    }
    if (ok) for (let j = 0; j < tokens.length; j++) hits.add(i + j)
  }
  return hits
}

/** Split a plain transcript into highlight parts: `[text, isMatch]` pairs, whitespace kept. */
export function highlightText(text: string, query: string | null | undefined): [string, boolean][] {
  const pieces = text.split(/(\s+)/)
  const wordPositions: number[] = []
  const words: string[] = []
  pieces.forEach((p, i) => {
    if (p && !/^\s+$/.test(p)) {
      wordPositions.push(i)
      words.push(p)
    }
  })
  const hits = matchPhrase(words, query)
  const marked = new Set<number>()
  for (const wi of hits) marked.add(wordPositions[wi]!)
  const parts: [string, boolean][] = []
  pieces.forEach((p, i) => {
    if (!p) return
    // spaces inside a matched phrase stay marked so the phrase reads as one highlight
    const isMatch = marked.has(i) || (/^\s+$/.test(p) && marked.has(i - 1) && marked.has(i + 1))
    const last = parts[parts.length - 1]
    if (last && last[1] === isMatch) last[0] += p
    else parts.push([p, isMatch])
  })
  return parts
}

/** The first place the query is said in the timed words, as a start/end time; null when absent. */
export function findPhraseTiming(
  words: readonly SegmentWord[],
  query: string | null | undefined,
): PhraseTimes | null {
  const hits = matchPhrase(
    words.map((w) => w.word),
    query,
  )
  if (hits.size === 0) return null
  const first = Math.min(...hits)
  const count = queryTokens(query).length
  const last = words[first + count - 1]
  return { start: words[first]!.start, end: (last ?? words[first]!).end }
}
