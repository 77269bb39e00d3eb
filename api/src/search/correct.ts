/**
 * "Did you mean …?" (issue 18, decision 090): for a query without results, the closest phrase that has some,
 * from the vocabulary of words enabled clips say (typos by edit distance, missing word endings by prefix), checked
 * against the phrase counts (or the search walk for phrases longer than they hold). Offered, never applied.
 */
import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/connect.ts'
import { LIMITS } from '../shared/limits.ts'
import { phraseCounts, loadVocabularyRows } from './phrase-store.ts'
import { PHRASE_MAX_WORDS, Vocabulary, correctionCandidates } from './phrases.ts'
import { readSearchGeneration } from './search-store.ts'
import { countPhrase } from './suggest.ts'
import { planQuery, tokenize } from './terms.ts'

/** A corrected phrase and how many clips say it (estimated beyond a few hundred for long phrases). */
export interface Correction {
  phrase: string
  count: number
}

/** Options looked at per word, corrected phrases checked per query. */
const OPTIONS_PER_WORD = 8
const CANDIDATES = 40
/** Long phrases (beyond what `search_phrases` holds) checked through the search walk, one by one. */
const LONG_CHECKS = 6
/** A process reloads the vocabulary after a change at most this often. */
const VOCABULARY_MAX_AGE_MS = 5000

const vocabularies = new WeakMap<
  Queryable,
  { generation: number; loadedAt: number; vocabulary: Promise<Vocabulary> }
>()

/** The vocabulary of this database, reloaded when the change counter has moved (at most every few seconds). */
async function vocabularyOf(db: Queryable): Promise<Vocabulary> {
  const generation = await readSearchGeneration(db)
  const kept = vocabularies.get(db)
  if (kept && (kept.generation === generation || Date.now() - kept.loadedAt < VOCABULARY_MAX_AGE_MS)) {
    return kept.vocabulary
  }
  const vocabulary = loadVocabularyRows(db).then((rows) => new Vocabulary(rows))
  vocabularies.set(db, { generation, loadedAt: Date.now(), vocabulary })
  vocabulary.catch(() => vocabularies.delete(db))
  return vocabulary
}

/**
 * The corrected phrase for a query, or null when the query has results itself, has a wildcard or more than
 * `LIMITS.correctMaxWords` words, or nothing close has results. Cheapest correction first (fewest edits and
 * added letters), then the one whose words are said most.
 */
export async function correctPhrase(ctx: AppContext, q: string): Promise<Correction | null> {
  if (q.includes('*')) return null
  const tokens = tokenize(q)
  if (tokens.length === 0 || tokens.length > LIMITS.correctMaxWords) return null
  if ((await countOf(ctx, [tokens.join(' ')])).size > 0) return null
  const vocabulary = await vocabularyOf(ctx.db)
  const options = tokens.map((token, i) =>
    vocabulary.options(token, i === tokens.length - 1, OPTIONS_PER_WORD),
  )
  if (options.some((list) => list.length === 0)) return null
  const candidates = correctionCandidates(options, CANDIDATES, 2 * tokens.length)
  const counts = await countOf(
    ctx,
    candidates.map((candidate) => candidate.phrase),
  )
  let best: { phrase: string; cost: number; count: number } | null = null
  for (const candidate of candidates) {
    const count = counts.get(candidate.phrase) ?? 0
    if (count === 0) continue
    if (!best || candidate.cost < best.cost || (candidate.cost === best.cost && count > best.count)) {
      best = { phrase: candidate.phrase, cost: candidate.cost, count }
    }
  }
  return best ? { phrase: best.phrase, count: best.count } : null
}

/** Clips of each phrase that has any: short ones from the phrase counts, long ones through the search walk. */
async function countOf(ctx: AppContext, phrases: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const short = phrases.filter((phrase) => phrase.split(' ').length <= PHRASE_MAX_WORDS)
  for (const row of await phraseCounts(ctx.db, short)) out.set(row.phrase, row.clips)
  const long = phrases.filter((phrase) => phrase.split(' ').length > PHRASE_MAX_WORDS).slice(0, LONG_CHECKS)
  for (const phrase of long) {
    const plan = planQuery(phrase)
    const count = plan ? await countPhrase(ctx, plan, LIMITS.searchMaxResults) : 0
    if (count > 0) out.set(phrase, count)
  }
  return out
}
