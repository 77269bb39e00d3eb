/**
 * The total of a search that stopped before the end of its matches (decision 013): a pure estimate from what the
 * walk saw, and the per-process statistics it extrapolates with (the table's size, a sample of clip lengths).
 */
import type { Queryable } from '../db/connect.ts'
import type { RankedPage } from './ranked-store.ts'
import { readTableBlocks, sampleRankCounts } from './search-store.ts'
import { MAX_RANK_WORDS, type QueryPlan } from './terms.ts'

export interface EstimateInput {
  /** Words of the query (the shortest clip that can hold it). */
  phraseWords: number
  /** Rows the walk read per rank key; the highest rank read is where it stopped. */
  perRank: Map<number, number>
  /** Heap block of the last row read at the stop rank, and the table's heap blocks. */
  stopBlock: number
  relationBlocks: number
  /** Enabled chunks per rank key (a sample: only ratios matter), index = rank. */
  histogram: number[]
}

/**
 * Estimates how many chunks match when the walk stopped before the end (decision 013). Ranks below the stop rank
 * were read whole. The stop rank was read in heap order up to `stopBlock`, so its count is scaled by the share of
 * the table scanned. Ranks above it are extrapolated with the phrase's density per word position so far: a clip of
 * k words has k - n + 1 places where an n-word phrase can start, and the histogram says how many clips have k words.
 * Never less than the rows actually read.
 */
export function estimateTotal(input: EstimateInput): number {
  const ranks = [...input.perRank.keys()]
  const read = [...input.perRank.values()].reduce((sum, n) => sum + n, 0)
  if (ranks.length === 0) return 0
  const stop = Math.max(...ranks)
  const first = Math.min(Math.max(input.phraseWords, 1), MAX_RANK_WORDS)
  const below = read - (input.perRank.get(stop) ?? 0)
  const share = Math.min(1, Math.max(1 / input.relationBlocks, (input.stopBlock + 1) / input.relationBlocks))
  const atStop = (input.perRank.get(stop) ?? 0) / share
  // half a chunk of smoothing: a rank the sample missed still has some clips
  const weight = (rank: number) =>
    ((input.histogram[rank] ?? 0) + 0.5) * Math.max(1, rank - input.phraseWords + 1)
  let seen = 0
  for (let rank = first; rank <= stop; rank++) seen += weight(rank)
  let rest = 0
  for (let rank = stop + 1; rank <= MAX_RANK_WORDS; rank++) rest += weight(rank)
  // without a sample of clip lengths there is nothing to extrapolate with: the ranks read are the estimate
  const sampled = input.histogram.some((n) => n > 0)
  const density = sampled && seen > 0 ? (below + atStop) / seen : 0
  return Math.max(read, Math.round(below + atStop + density * rest))
}

/** The estimated total of a walk that stopped early, with the table's size and length sample of this process. */
export async function estimateWalk(db: Queryable, plan: QueryPlan, walked: RankedPage): Promise<number> {
  const relationBlocks = await tableBlocks(db)
  return estimateTotal({
    phraseWords: plan.tokens.length,
    perRank: walked.perRank,
    stopBlock: walked.stopBlock,
    relationBlocks,
    histogram: await rankHistogram(db, relationBlocks),
  })
}

/** How long a process reuses the size of `content_chunks` (PGlite answers pg_relation_size slowly, ~2 ms). */
const BLOCKS_TTL_MS = 10_000
const blocks = new WeakMap<Queryable, { at: number; value: Promise<number> }>()

/** Heap blocks of `content_chunks`, re-read at most every `BLOCKS_TTL_MS`. */
function tableBlocks(db: Queryable): Promise<number> {
  const entry = blocks.get(db)
  if (entry && Date.now() - entry.at < BLOCKS_TTL_MS) return entry.value
  const value = readTableBlocks(db)
  blocks.set(db, { at: Date.now(), value })
  value.catch(() => blocks.delete(db))
  return value
}

/** How long a process keeps its sample of clip lengths, and how many heap blocks the sample reads. */
const HISTOGRAM_TTL_MS = 10 * 60_000
const HISTOGRAM_SAMPLE_BLOCKS = 400
const histograms = new WeakMap<Queryable, { at: number; value: Promise<number[]> }>()

/**
 * Enabled chunks per rank key, from a sample of about `HISTOGRAM_SAMPLE_BLOCKS` heap blocks (the whole table when
 * small), kept per process for `HISTOGRAM_TTL_MS` and refreshed in the background after that.
 */
export function rankHistogram(db: Queryable, relationBlocks: number): Promise<number[]> {
  const entry = histograms.get(db)
  if (entry && Date.now() - entry.at < HISTOGRAM_TTL_MS) return entry.value
  const value = sampleHistogram(db, relationBlocks)
  histograms.set(db, { at: Date.now(), value })
  value.catch(() => histograms.delete(db))
  // while a refresh runs, the previous sample answers
  return entry ? entry.value : value
}

async function sampleHistogram(db: Queryable, relationBlocks: number): Promise<number[]> {
  const percent = Math.min(100, (100 * HISTOGRAM_SAMPLE_BLOCKS) / Math.max(1, relationBlocks))
  let rows = await sampleRankCounts(db, percent)
  // a small or sparse sample says little about the shape: read the whole table instead
  if (percent < 100 && rows.reduce((sum, row) => sum + row.n, 0) < 500) rows = await sampleRankCounts(db, 100)
  const histogram = new Array<number>(MAX_RANK_WORDS + 1).fill(0)
  for (const row of rows) if (row.r >= 0 && row.r <= MAX_RANK_WORDS) histogram[row.r] = row.n
  return histogram
}
