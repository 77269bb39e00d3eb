/**
 * The browser's client for the public API calls of spec §7.2 (same origin). Failures are thrown as `ApiError`
 * with the status, so callers can tell "not found" from the rest; spec §8 says most of them are only logged.
 */
import type { Chunk } from '@phrasereel/api/content/types'
import type { ResultTotal } from './format.ts'

/** Where a searched phrase sits in a clip (the search API's match info). */
export interface ChunkMatch {
  text?: string
  word_start?: number
  word_end?: number
  start: number
  end: number
}

/** A clip as the site shows it; search results may carry the match info. */
export type SiteChunk = Chunk & { match?: ChunkMatch | null }

/** A failed call: the HTTP status (0 for a network failure) and its status text. */
export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  constructor(status: number, statusText: string, options?: { cause?: unknown }) {
    super(status === 0 ? 'Network error' : `${status} ${statusText}`, options)
    this.name = 'ApiError'
    this.status = status
    this.statusText = statusText
  }
}

async function request(path: string, init?: RequestInit): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, { headers: { accept: 'application/json' }, ...init })
  } catch (error) {
    throw new ApiError(0, '', { cause: error })
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText)
  return response
}

/** GET /api/content/random-chunks: `limit` random clips. */
export async function fetchRandomChunks(limit: number, signal?: AbortSignal): Promise<SiteChunk[]> {
  const response = await request(`/api/content/random-chunks?limit=${limit}`, { signal: signal ?? null })
  return (await response.json()) as SiteChunk[]
}

/** GET /api/content/chunk/{id}. */
export async function fetchChunk(chunkId: number | string, signal?: AbortSignal): Promise<SiteChunk> {
  const response = await request(`/api/content/chunk/${encodeURIComponent(String(chunkId))}`, {
    signal: signal ?? null,
  })
  return (await response.json()) as SiteChunk
}

/** One page of search results and the total the server counted (or estimated, or capped). */
export interface SearchPage extends ResultTotal {
  items: SiteChunk[]
}

/**
 * GET /api/search?q=&limit=&offset=: a list of chunks, the total in the X-Total-Count header, flagged by
 * X-Total-Count-Capped and X-Total-Count-Estimated.
 */
export async function searchChunks(
  q: string,
  options: { limit: number; offset: number; signal?: AbortSignal },
): Promise<SearchPage> {
  const params = new URLSearchParams({ q, limit: String(options.limit), offset: String(options.offset) })
  const response = await request(`/api/search?${params}`, { signal: options.signal ?? null })
  const body = (await response.json()) as
    | SiteChunk[]
    | { items?: SiteChunk[]; results?: SiteChunk[]; total?: number }
  const items = Array.isArray(body) ? body : (body.items ?? body.results ?? [])
  const header = Number(response.headers.get('x-total-count'))
  const total =
    Number.isFinite(header) && response.headers.has('x-total-count')
      ? header
      : !Array.isArray(body) && typeof body.total === 'number'
        ? body.total
        : options.offset + items.length
  const flag = (name: string) => response.headers.get(name) === 'true'
  return { items, total, capped: flag('x-total-count-capped'), estimated: flag('x-total-count-estimated') }
}

/** GET /api/content/chunks/count and /api/content/words/count. */
export async function fetchCount(kind: 'chunks' | 'words'): Promise<number> {
  const response = await request(`/api/content/${kind}/count`)
  const body = (await response.json()) as { count?: number }
  return typeof body.count === 'number' ? body.count : 0
}
