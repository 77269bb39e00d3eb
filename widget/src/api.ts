import { ApiError, apiFetch, apiJson } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { parseSegments } from './segments.ts'
import type { ChunkContext } from '@phrasereel/api/shared/wire'
import type { ChunkLink, Direction, PlayerChunk, PlayerTranslation, Segment } from './types.ts'

/**
 * The player's calls (spec §7.2) on the shared browser client: a failure throws its `ApiError` (status and the
 * server's detail). Spec §8 has most of them only logged, leaving the UI unchanged: the callers catch and log.
 */

/** Fetch and parse a clip's segment JSON. */
export async function fetchSegments(
  fetcher: typeof fetch,
  url: string,
  signal?: AbortSignal,
): Promise<Segment[]> {
  return parseSegments(await apiJson<unknown>(url, { fetcher, signal: signal ?? null }))
}

/** GET /api/content/chunks/{id}/translations (an answer that is not a list reads as none). */
export async function fetchTranslations(
  fetcher: typeof fetch,
  apiBase: string,
  chunkId: number,
  signal?: AbortSignal,
): Promise<PlayerTranslation[]> {
  const data = await apiJson<unknown>(`${apiBase}/api/content/chunks/${chunkId}/translations`, {
    fetcher,
    signal: signal ?? null,
  })
  return Array.isArray(data)
    ? data.filter(
        (t): t is PlayerTranslation =>
          !!t && typeof (t as PlayerTranslation).translated_language === 'string',
      )
    : []
}

/** GET /api/content/chunk/{id}: a clip to play. */
export function fetchPlayerChunk(
  fetcher: typeof fetch,
  apiBase: string,
  chunkId: number,
): Promise<PlayerChunk> {
  return apiJson<PlayerChunk>(`${apiBase}/api/content/chunk/${chunkId}`, { fetcher })
}

/**
 * GET /api/content/navigate-chunk: the neighbouring chunk, or null when there is none (spec §8: stay put). It
 * asks with `missing=no-content`, so "no such chunk" is a 204 rather than the spec's 404, which browsers log as a
 * console error (the player asks ahead for the next clip, usually with no one pressing anything); a server that
 * does not know the parameter answers 404, handled the same way. Other failures throw.
 */
export async function fetchNeighbour(
  fetcher: typeof fetch,
  apiBase: string,
  contentMetadataId: number,
  chunkId: number,
  direction: Direction,
): Promise<ChunkLink | null> {
  const query = new URLSearchParams({
    content_metadata_id: String(contentMetadataId),
    content_chunk_id: String(chunkId),
    action: direction,
    missing: 'no-content',
  })
  const noNeighbour = (): null => {
    console.info(`[phrasereel] ${direction === 'next' ? MESSAGES.noMoreChunks : MESSAGES.firstChunk}`)
    return null
  }
  let res: Response
  try {
    res = await apiFetch(`${apiBase}/api/content/navigate-chunk?${query}`, { fetcher })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return noNeighbour()
    throw error
  }
  if (res.status === 204) return noNeighbour()
  const link = (await res.json()) as ChunkLink
  return typeof link?.id === 'number' && typeof link.play_s3_url === 'string' ? link : null
}

/**
 * GET /api/content/chunks/{id}/context (issue 18): the lines around a clip, `lines` each way, with every
 * translation (the player's 'Context' shows the panel's language).
 */
export function fetchChunkContext(
  fetcher: typeof fetch,
  apiBase: string,
  chunkId: number,
  lines: number,
  signal?: AbortSignal,
): Promise<ChunkContext> {
  const query = new URLSearchParams({ before: String(lines), after: String(lines) })
  return apiJson<ChunkContext>(`${apiBase}/api/content/chunks/${chunkId}/context?${query}`, {
    fetcher,
    signal: signal ?? null,
  })
}
