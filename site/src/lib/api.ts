/**
 * The public API calls of spec §7.2 (same origin), on the shared client: failures are thrown as `ApiError`
 * with the status, so callers can tell "not found" from the rest; spec §8 says most of them are only logged.
 */
import { apiFetch, apiJson } from '@phrasereel/api/shared/http-client'
import { LIMITS } from '@phrasereel/api/shared/limits'
import type { Chunk, PhraseMatch, PhraseSuggestion } from '@phrasereel/api/shared/wire'
import type { ResultTotal } from './format.ts'

/** A clip as the site shows it; search results carry the match info. */
export type SiteChunk = Chunk & { match?: PhraseMatch | null }

/**
 * GET /api/content/random-chunks: `limit` random clips, of one genre when `genre` is given, none of `exclude`
 * (the clips a page already shows; the most recent `LIMITS.randomExcludeMax` are sent).
 */
export async function fetchRandomChunks(
  limit: number,
  options: { signal?: AbortSignal; genre?: string | null; exclude?: readonly number[] } = {},
): Promise<SiteChunk[]> {
  const params = new URLSearchParams({ limit: String(limit) })
  if (options.genre) params.set('genre', options.genre)
  const exclude = (options.exclude ?? []).slice(-LIMITS.randomExcludeMax)
  if (exclude.length > 0) params.set('exclude', exclude.join(','))
  return apiJson<SiteChunk[]>(`/api/content/random-chunks?${params}`, { signal: options.signal ?? null })
}

/** GET /api/content/chunk/{id}. */
export async function fetchChunk(chunkId: number | string, signal?: AbortSignal): Promise<SiteChunk> {
  return apiJson<SiteChunk>(`/api/content/chunk/${encodeURIComponent(String(chunkId))}`, {
    signal: signal ?? null,
  })
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
  options: { limit: number; offset: number; signal?: AbortSignal; filters?: [string, string][] },
): Promise<SearchPage> {
  const params = new URLSearchParams({ q, limit: String(options.limit), offset: String(options.offset) })
  // issue 18: filters and order, by the API's parameter names
  for (const [name, value] of options.filters ?? []) params.append(name, value)
  const response = await apiFetch(`/api/search?${params}`, { signal: options.signal ?? null })
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

export type { PhraseSuggestion }

/** GET /api/search/complete?q=: type-ahead, up to 8 phrases that start with `q`, most said first (issue 18). */
export async function completeSearch(q: string, signal?: AbortSignal): Promise<PhraseSuggestion[]> {
  return apiJson<PhraseSuggestion[]>(`/api/search/complete?q=${encodeURIComponent(q)}`, {
    signal: signal ?? null,
  })
}

/** GET /api/content/chunks/count and /api/content/words/count. */
export async function fetchCount(kind: 'chunks' | 'words'): Promise<number> {
  const body = await apiJson<{ count?: number }>(`/api/content/${kind}/count`)
  return typeof body.count === 'number' ? body.count : 0
}
