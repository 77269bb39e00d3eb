/** Variety across sources (decision 010): ranked candidates are mixed per block so that paging stays stable. */
import type { Candidate } from './search-store.ts'

/** Ranked candidates are mixed across sources within blocks of this many, so paging stays stable. */
export const VARIETY_BLOCK = 200

/**
 * Variety across sources: within each block of ranked candidates, the first clip of every source comes before
 * the second clip of any source, and so on, keeping rank order inside each round. Deterministic, so pages agree.
 * The search statement does the same in SQL (`rankedPageStatement`).
 */
export function mixSources(candidates: Candidate[], block: number): Candidate[] {
  const out: Candidate[] = []
  for (let start = 0; start < candidates.length; start += block) {
    const seen = new Map<number, number>()
    const keyed = candidates.slice(start, start + block).map((candidate, rank) => {
      const round = seen.get(candidate.metadataId) ?? 0
      seen.set(candidate.metadataId, round + 1)
      return { candidate, round, rank }
    })
    keyed.sort((a, b) => a.round - b.round || a.rank - b.rank)
    for (const item of keyed) out.push(item.candidate)
  }
  return out
}
