import type { SiteChunk } from '../../lib/api.ts'

/** Appends clips not seen yet; returns the new list and how many were new. */
export function mergeChunks(
  current: readonly SiteChunk[],
  incoming: readonly SiteChunk[],
): [SiteChunk[], number] {
  const seen = new Set(current.map((chunk) => chunk.id))
  const fresh = incoming.filter((chunk) => !seen.has(chunk.id) && seen.add(chunk.id))
  return [[...current, ...fresh], fresh.length]
}
