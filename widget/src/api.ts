import type { ChunkLink, Direction, PlayerTranslation, Segment } from './types.ts'
import { parseSegments } from './segments.ts'

/**
 * The player's calls (spec §7.2). Failures other than "not found" are only logged and leave the UI unchanged
 * (spec §8), so each function answers null on failure instead of throwing.
 */

/** Fetch and parse a clip's segment JSON; null when it cannot be had. */
export async function fetchSegments(
  fetcher: typeof fetch,
  url: string,
  signal?: AbortSignal,
): Promise<Segment[] | null> {
  try {
    const res = await fetcher(url, { signal })
    if (!res.ok) {
      console.warn(`[phrasereel] subtitles: ${res.status} for ${url}`)
      return null
    }
    return parseSegments(await res.json())
  } catch (error) {
    if (!signal?.aborted) console.warn('[phrasereel] subtitles failed', error)
    return null
  }
}

/** GET /api/content/chunks/{id}/translations; null when it cannot be had. */
export async function fetchTranslations(
  fetcher: typeof fetch,
  apiBase: string,
  chunkId: number,
  signal?: AbortSignal,
): Promise<PlayerTranslation[] | null> {
  try {
    const res = await fetcher(`${apiBase}/api/content/chunks/${chunkId}/translations`, { signal })
    if (!res.ok) {
      console.warn(`[phrasereel] translations: ${res.status} for chunk ${chunkId}`)
      return null
    }
    const data: unknown = await res.json()
    return Array.isArray(data)
      ? data.filter(
          (t): t is PlayerTranslation =>
            !!t && typeof (t as PlayerTranslation).translated_language === 'string',
        )
      : null
  } catch (error) {
    if (!signal?.aborted) console.warn('[phrasereel] translations failed', error)
    return null
  }
}

/**
 * GET /api/content/navigate-chunk: the neighbouring chunk, or null when there is none (spec §8: stay put) or the
 * call failed. It asks with `missing=no-content`, so "no such chunk" is a 204 rather than the spec's 404, which
 * browsers log as a console error (the player asks ahead for the next clip, usually with no one pressing
 * anything); a server that does not know the parameter answers 404, handled the same way.
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
  try {
    const res = await fetcher(`${apiBase}/api/content/navigate-chunk?${query}`)
    if (res.status === 404 || res.status === 204) {
      console.info(
        `[phrasereel] ${direction === 'next' ? 'No more chunks available' : 'This is the first chunk'}`,
      )
      return null
    }
    if (!res.ok) {
      console.warn(`[phrasereel] navigate-chunk: ${res.status}`)
      return null
    }
    const link = (await res.json()) as ChunkLink
    return typeof link?.id === 'number' && typeof link.play_s3_url === 'string' ? link : null
  } catch (error) {
    console.warn('[phrasereel] navigate-chunk failed', error)
    return null
  }
}
