/**
 * The search vocabulary shared by the index side and the query side: tokens (spec §5 normalisation), the word
 * n-gram terms stored per chunk, and the plan a query turns into. Pure functions, no I/O.
 */
import { normalizeText } from '../shared/limits.ts'

/**
 * Longest word n-gram stored as a term; longer phrases are found through their word pairs and rechecked. Pairs, not
 * triples: a third fewer index entries per chunk and half the distinct keys, which is what the import rate is bound
 * by, for a few milliseconds more on three-word searches (docs/decisions/046).
 */
export const MAX_GRAM = 2
/** Word counts at or above this share one rank key (clips are short; longer ones rank last together). */
export const MAX_RANK_WORDS = 40
/** A term is `gramHash(gram) * RANK_SLOTS + rank`; ranks stay below it. */
export const RANK_SLOTS = 64

/** The wildcard word of a query: matches exactly one word. */
export const WILDCARD = '*'

/**
 * The normalised words of a text: spec §5 normalisation, then split on white space. Control characters
 * (NUL among them, which PostgreSQL text cannot hold) are dropped.
 */
export function tokenize(text: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point here
  return normalizeText(text.replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, ''))
    .split(/\s+/)
    .filter((token) => token.length > 0)
}

/** The rank key of a clip of `wordCount` words: fewer words means the phrase is a larger part of the clip. */
export function rankWords(wordCount: number): number {
  return Math.min(Math.max(wordCount, 1), MAX_RANK_WORDS)
}

/**
 * A 47-bit hash of a gram (two 32-bit FNV-1a lanes over its UTF-16 code units), so that a term times
 * `RANK_SLOTS` plus a rank stays an exact JavaScript number and fits PostgreSQL's bigint. With tens of millions
 * of distinct grams a collision is possible but vanishingly rare, and every answer is checked against the text
 * before it is returned (`locateMatch`).
 */
export function gramHash(gram: string): number {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ gram.length
  for (let i = 0; i < gram.length; i++) {
    const code = gram.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193)
    b = Math.imul(b ^ code, 0x5bd1e995)
    b ^= b >>> 13
  }
  return (a & 0x7fff) * 0x100000000 + (b >>> 0)
}

/** One stored term: the gram's hash and the clip's rank key in one integer. */
export function term(rank: number, gram: string): number {
  return gramHash(gram) * RANK_SLOTS + rank
}

/** The distinct word 1- to `MAX_GRAM`-gram terms of a chunk's tokens, each carrying the chunk's rank key. */
export function chunkTerms(tokens: string[]): number[] {
  const rank = rankWords(tokens.length)
  const terms = new Set<number>()
  for (let n = 1; n <= MAX_GRAM; n++) {
    for (let i = 0; i + n <= tokens.length; i++) terms.add(term(rank, tokens.slice(i, i + n).join(' ')))
  }
  return [...terms]
}

/** What a query asks for, ready for any engine. */
export interface QueryPlan {
  /** The normalised words of the query; `*` for a wildcard position. */
  tokens: string[]
  /** Grams every matching chunk contains (without rank key); together they narrow the candidates. */
  grams: string[]
  /** True when the grams alone prove the match (one gram of at most 3 words, no wildcard). */
  exact: boolean
  /** PostgreSQL regular expression over the chunk's normalised text (tokens joined by one space). */
  pattern: string
}

/** Why a query cannot be run, in words a user can act on. */
export class QueryError extends Error {
  override name = 'QueryError'
}

/**
 * Turns a raw query into a plan, or null when nothing searchable remains after normalisation (only punctuation).
 * Throws `QueryError` for a query made only of wildcards.
 */
export function planQuery(raw: string): QueryPlan | null {
  const tokens = tokenize(raw).map((token) => (/^\*+$/.test(token) ? WILDCARD : token.replaceAll('*', '')))
  const words = tokens.filter((token) => token !== WILDCARD && token.length > 0)
  if (tokens.length === 0) return null
  if (words.length === 0)
    throw new QueryError('Search for at least one word; * stands for one word between words')
  const clean = tokens.filter((token) => token.length > 0)
  const segments: string[][] = [[]]
  for (const token of clean) {
    if (token === WILDCARD) segments.push([])
    else segments[segments.length - 1]!.push(token)
  }
  const grams = new Set<string>()
  for (const segment of segments) {
    if (segment.length === 0) continue
    if (segment.length <= MAX_GRAM) grams.add(segment.join(' '))
    else
      for (let i = 0; i + MAX_GRAM <= segment.length; i++) grams.add(segment.slice(i, i + MAX_GRAM).join(' '))
  }
  const exact = clean.length <= MAX_GRAM && !clean.includes(WILDCARD)
  const body = clean.map((token) => (token === WILDCARD ? '[^ ]+' : escapeRegex(token))).join(' ')
  return { tokens: clean, grams: [...grams], exact, pattern: `(^| )${body}( |$)` }
}

/** Escapes the characters a PostgreSQL (ARE) or JavaScript regular expression gives a meaning. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&')
}

/** Where the query's words first occur in `tokens`, as token indexes [start, end] (inclusive), or null. */
export function findPhrase(tokens: string[], queryTokens: string[]): [number, number] | null {
  const n = queryTokens.length
  outer: for (let i = 0; i + n <= tokens.length; i++) {
    for (let j = 0; j < n; j++) {
      const want = queryTokens[j]!
      if (want !== WILDCARD && tokens[i + j] !== want) continue outer
    }
    return [i, i + n - 1]
  }
  return null
}
