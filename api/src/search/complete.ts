/**
 * Type-ahead (issue 18, decision 090): the phrases enabled clips say that start with what the user has typed, the
 * most said first, from `search_phrases` with bounded work whatever the prefix.
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../shared/limits.ts'
import { searchCache, searchCacheSize } from './answer-cache.ts'
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
  // the same prefixes come again and again (every learner types "wh" on the way to "what"): answers are kept
  // per process like search answers, tagged with the change counter the phrase sync moves
  const size = searchCacheSize()
  if (size === 0) return readCompletions(ctx, prefix)
  const generation = await searchCache(ctx).generation()
  let kept = completionCaches.get(ctx.db)
  if (!kept) {
    kept = new Map()
    completionCaches.set(ctx.db, kept)
  }
  const hit = kept.get(prefix)
  if (hit && hit.generation === generation) {
    kept.delete(prefix)
    kept.set(prefix, hit)
    return hit.answer
  }
  const answer = await readCompletions(ctx, prefix)
  kept.set(prefix, { generation, answer })
  if (kept.size > size) kept.delete(kept.keys().next().value!)
  return answer
}

const completionCaches = new WeakMap<
  AppContext['db'],
  Map<string, { generation: number; answer: Completion[] }>
>()

async function readCompletions(ctx: AppContext, prefix: string): Promise<Completion[]> {
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
