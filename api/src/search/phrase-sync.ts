/**
 * The writers' side of type-ahead (decision 090): `syncPhraseCounts` moves the phrase counts of some clips to what
 * they say now, and a background sweep does it for clips no writer reported (existing data after migration 051,
 * bulk imports, fixtures) a window at a time. Searches never write.
 */
import type { Pool } from '../db/connect.ts'
import { withTransaction } from '../db/connect.ts'
import { log } from '../log.ts'
import { invalidateSearchCacheOf } from './answer-cache.ts'
import { applyPhraseDeltas, lockPhraseChunks, phraseSweepWindow, saveCountedTexts } from './phrase-store.ts'
import { phraseGrams, wordCount } from './phrases.ts'
import { bumpSearchGeneration } from './search-store.ts'

/**
 * Clips per transaction (their locks and phrase rows are held until it commits): a writer's few, and the sweep's
 * larger batches, whose phrases are summed before they are written (a common phrase is one row update per batch).
 */
const SYNC_BATCH = 500
const SWEEP_SYNC_BATCH = 2500
/** Chunks a sweep window looks at. */
const SWEEP_WINDOW = 5000
/** Pause between sweep windows when the last one found nothing to do, and after the end of the table. */
const SWEEP_IDLE_MS = 2000
const SWEEP_REST_MS = 30_000

/**
 * Brings the phrase counts of these clips up to date: each clip's phrases are added, removed or moved by the
 * difference between what it was counted for and what it says now (nothing when disabled or deleted), in one
 * transaction per batch with the clips' bookkeeping rows locked. Exact with writers in parallel, whatever they run.
 */
export async function syncPhraseCounts(
  pool: Pool,
  chunkIds: number[],
  batchSize = SYNC_BATCH,
): Promise<number> {
  let changed = 0
  for (let i = 0; i < chunkIds.length; i += batchSize) {
    const batch = chunkIds.slice(i, i + batchSize)
    changed += await withTransaction(pool, async (client) => {
      const states = await lockPhraseChunks(client, batch)
      const deltas = new Map<string, number>()
      const moved = states.filter((state) => state.counted !== state.text)
      for (const state of moved) {
        for (const gram of phraseGrams(state.counted)) deltas.set(gram, (deltas.get(gram) ?? 0) - 1)
        for (const gram of phraseGrams(state.text)) deltas.set(gram, (deltas.get(gram) ?? 0) + 1)
      }
      await applyPhraseDeltas(
        client,
        [...deltas].map(([phrase, delta]) => ({ phrase, words: wordCount(phrase), delta })),
      )
      await saveCountedTexts(client, moved)
      return moved.length
    })
  }
  if (changed > 0) {
    // kept type-ahead answers are tagged with the change counter: move it now that the counts have moved
    await bumpSearchGeneration(pool)
    invalidateSearchCacheOf(pool)
  }
  return changed
}

/** One step of the sweep: the next window of chunks, and the sync of those whose counts are behind. */
export async function sweepPhraseWindow(
  pool: Pool,
  afterId: number,
): Promise<{ lastId: number; synced: number } | null> {
  const window = await phraseSweepWindow(pool, afterId, SWEEP_WINDOW)
  if (!window) return null
  const synced =
    window.pending.length > 0 ? await syncPhraseCounts(pool, window.pending, SWEEP_SYNC_BATCH) : 0
  return { lastId: window.lastId, synced }
}

/** Sweeps the whole table once (tests, `pnpm bench`): returns how many clips it synced. */
export async function sweepAllPhrases(pool: Pool): Promise<number> {
  let afterId = 0
  let synced = 0
  for (;;) {
    const step = await sweepPhraseWindow(pool, afterId)
    if (!step) return synced
    synced += step.synced
    afterId = step.lastId
  }
}

/**
 * Runs the sweep in the background: window after window while they find work, a window every `SWEEP_IDLE_MS` when
 * they do not, a rest at the end of the table. Never throws; a failed window is retried at the next turn.
 */
export function startPhraseSweep(pool: Pool): { stop(): Promise<void> } {
  let afterId = 0
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  const turn = async (): Promise<number> => {
    try {
      const step = await sweepPhraseWindow(pool, afterId)
      if (!step) {
        afterId = 0
        return SWEEP_REST_MS
      }
      afterId = step.lastId
      return step.synced > 0 ? 0 : SWEEP_IDLE_MS
    } catch (error) {
      log.warn('phrase count sweep failed; it retries', { error })
      return SWEEP_IDLE_MS
    }
  }
  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      running = turn().then((next) => {
        running = null
        schedule(next)
      })
    }, delay)
    timer.unref()
  }
  schedule(SWEEP_IDLE_MS)
  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
