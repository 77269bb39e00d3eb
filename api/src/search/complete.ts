/**
 * Type-ahead (issue 18, decision 090): the phrases enabled clips say that start with what the user has typed, the
 * most said first, from `search_phrases` with bounded work whatever the prefix.
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../shared/limits.ts'
import { type PhraseCount, phrasesInRange, topPhrasesUnder } from './phrase-store.ts'
import { completionPrefix } from './phrases.ts'

/** A suggested phrase and how many clips say it. */
export interface Completion {
  phrase: string
  count: number
}

/**
 * Phrases under a prefix read in full before the most-said walk takes over: a prefix with fewer is ranked from
 * all of them (exact); one with more is common enough that the walk finds `limit` of them near the top.
 */
const RANGE_READ = 200

/**
 * At most `LIMITS.completeMax` phrases starting with the typed text (spec §5 normalised), most clips first (then
 * fewer words, then alphabetical); none below `LIMITS.completeMinChars` characters.
 */
export async function completePhrases(ctx: AppContext, typed: string): Promise<Completion[]> {
  const prefix = completionPrefix(typed)
  if (!prefix || prefix.trim().length < LIMITS.completeMinChars) return []
  const limit = LIMITS.completeMax
  let rows: PhraseCount[]
  if (prefix.length === 2 || prefix.length === 4) {
    // a prefix as long as an index's head: that index's walk alone answers it, filtering nothing
    rows = await topPhrasesUnder(ctx.db, prefix, prefix.length, limit)
  } else {
    rows = await phrasesInRange(ctx.db, prefix, RANGE_READ + 1)
    if (rows.length > RANGE_READ) {
      // a common prefix: the most said under its head; when those are all other phrases (a prefix whose own
      // phrases are all rarer), the first phrases of its range stand in, ranked among themselves
      const top = await topPhrasesUnder(ctx.db, prefix, prefix.length > 4 ? 4 : 2, limit)
      const seen = new Set(top.map((row) => row.phrase))
      rows = top.length < limit ? [...top, ...rows.filter((row) => !seen.has(row.phrase))] : top
    }
  }
  return rows
    .filter((row) => row.clips > 0)
    .sort((a, b) => b.clips - a.clips || a.phrase.length - b.phrase.length || (a.phrase < b.phrase ? -1 : 1))
    .slice(0, limit)
    .map((row) => ({ phrase: row.phrase, count: row.clips }))
}
