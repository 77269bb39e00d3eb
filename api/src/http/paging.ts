import { z } from 'zod'
import { BadRequestError } from './errors.ts'
import { LIMITS } from '../shared/limits.ts'

/** One page of a list: the answer stays a plain JSON list, the page is chosen with `?limit=&offset=`. */
export interface Page {
  limit: number
  offset: number
}

// Deep offsets make PostgreSQL walk and discard every skipped row; no real list of one user gets this long.
const MAX_OFFSET = 100_000

/**
 * Reads `limit` (1…max, default `defaultLimit`) and `offset` (0…100000) from the query string; by default the
 * bounds of the users' lists (listPageDefault, listPageMax).
 */
export function parsePage(
  url: URL,
  bounds: { defaultLimit: number; maxLimit: number } = {
    defaultLimit: LIMITS.listPageDefault,
    maxLimit: LIMITS.listPageMax,
  },
): Page {
  return {
    limit: parseBounded(url.searchParams.get('limit'), 'limit', 1, bounds.maxLimit, bounds.defaultLimit),
    offset: parseBounded(url.searchParams.get('offset'), 'offset', 0, MAX_OFFSET, 0),
  }
}

function parseBounded(
  value: string | null,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === null || value === '') return fallback
  if (!/^\d{1,7}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new BadRequestError(`${name} must be an integer between ${min} and ${max}`)
  }
  return Number(value)
}

/** A positive integer id in a JSON body: a number, or a string of digits as some clients send. */
export const bodyId = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value),
  z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
)
