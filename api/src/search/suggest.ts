/**
 * Suggestions for a query without results: close phrases that do have some, counted through the same bounded
 * ranked walk as a search (exact to `VARIETY_BLOCK`, estimated beyond; decision 013).
 */
import type { AppContext } from '../context.ts'
import { LIMITS } from '../shared/limits.ts'
import { estimateWalk } from './estimate.ts'
import { rankedPage } from './ranked-store.ts'
import { type QueryPlan, findPhrase, planQuery, tokenize } from './terms.ts'
import { VARIETY_BLOCK } from './variety.ts'

/** A phrase close to a query that has results, and how many (estimated beyond a few hundred, up to the cap). */
export interface Suggestion {
  phrase: string
  count: number
}

/** Words of a query that suggestions look at. */
const SUGGEST_MAX_WORDS = 8
/** Longest leading part of a query that suggestions continue with a following word. */
const SUGGEST_CONTINUE_MAX_WORDS = 4

/**
 * How many chunks hold a phrase: exact up to `VARIETY_BLOCK`, estimated beyond (at most `cap`), from the same
 * bounded walk as a search.
 */
export async function countPhrase(ctx: AppContext, plan: QueryPlan, cap: number): Promise<number> {
  const walked = await rankedPage(ctx.db, plan, {}, { want: VARIETY_BLOCK, offset: 0, limit: 0 })
  if (walked.found <= VARIETY_BLOCK) return walked.found
  return Math.min(cap, await estimateWalk(ctx.db, plan, walked))
}

/**
 * Close phrases that do have results: the query with words left off at either end (longest first), and common
 * continuations of the longest leading part that matches. Meant for a query without results; empty when nothing
 * close has any.
 */
export async function suggestPhrases(ctx: AppContext, q: string, max = 5): Promise<Suggestion[]> {
  const plan = planQuery(q)
  if (!plan) return []
  // bounded work whatever the query: its first words only, and only the parts at either end of it
  const words = plan.tokens.slice(0, SUGGEST_MAX_WORDS)
  const cap = LIMITS.searchMaxResults
  const out: Suggestion[] = []
  const seen = new Set<string>([words.join(' ')])
  const consider = async (tokens: string[]): Promise<number> => {
    const phrase = tokens.join(' ')
    if (seen.has(phrase) || tokens.every((token) => token === '*')) return 0
    seen.add(phrase)
    const sub = planQuery(phrase)
    if (!sub) return 0
    const count = await countPhrase(ctx, sub, cap)
    if (count > 0) out.push({ phrase, count })
    return count
  }
  let anchor: string[] | null = null
  for (let keep = words.length - 1; keep >= 1 && out.length < max; keep--) {
    const prefix = words.slice(0, keep)
    if ((await consider(prefix)) > 0) anchor ??= prefix
    if (out.length < max) await consider(words.slice(words.length - keep))
    if (out.length > 0) break
  }
  if (anchor && out.length < max && anchor.length <= SUGGEST_CONTINUE_MAX_WORDS) {
    const sub = planQuery(anchor.join(' '))
    if (sub) {
      const following = new Map<string, number>()
      // the first block of ranked matches, through the same statement as a search (no JIT, no filter join)
      const sample = await rankedPage(
        ctx.db,
        sub,
        {},
        { want: VARIETY_BLOCK, offset: 0, limit: VARIETY_BLOCK },
      )
      for (const row of sample.rows) {
        const tokens = tokenize(row.transcribed_text)
        const at = findPhrase(tokens, anchor)
        const next = at ? tokens[at[1] + 1] : undefined
        if (next) following.set(next, (following.get(next) ?? 0) + 1)
      }
      const common = [...following.entries()].sort((a, b) => b[1] - a[1]).slice(0, max - out.length)
      for (const [next] of common) await consider([...anchor, next])
    }
  }
  return out.sort((a, b) => b.phrase.split(' ').length - a.phrase.split(' ').length || b.count - a.count)
}
