/**
 * The safety net of decision 010, on the writers' path rather than the readers': chunks that a writer stored
 * without calling `onChunksWritten` (fixtures, a forgotten caller) or rows migrated without search data are indexed
 * a batch at a time when any writer next reports its chunks (`index-sync.ts`). `pnpm content reindex` does all of
 * them at once.
 */
import type { Queryable } from '../db/connect.ts'
import { log } from '../log.ts'
import { indexChunkText, pendingChunkIds } from './search-store.ts'

/** Chunks indexed per sweep, and how often one process looks for chunks a writer left unindexed. */
const SWEEP_BATCH = 2000
const SWEEP_INTERVAL_MS = 5000
const sweeps = new WeakMap<Queryable, { last: number; running: Promise<void> | null }>()

/**
 * At most every `SWEEP_INTERVAL_MS` per process and database (at once again after a full batch), indexes a batch
 * of chunks whose search columns are missing. Costs one probe of an empty partial index when there are none.
 * Never throws: the caller's own chunks are already indexed, and the next sweep retries.
 */
export function sweepPendingChunks(db: Queryable): Promise<void> {
  let state = sweeps.get(db)
  if (!state) {
    state = { last: 0, running: null }
    sweeps.set(db, state)
  }
  if (state.running) return state.running
  const now = Date.now()
  if (now - state.last < SWEEP_INTERVAL_MS) return Promise.resolve()
  state.last = now
  const sweep = state
  sweep.running = (async () => {
    const ids = await pendingChunkIds(db, 0, SWEEP_BATCH)
    if (ids.length > 0) await indexChunkText(db, ids)
    if (ids.length === SWEEP_BATCH) sweep.last = 0 // more to do: the next writer continues
  })()
    .catch((error: unknown) => log.warn('search index sweep failed; the next writer retries', { error }))
    .finally(() => {
      sweep.running = null
    })
  return sweep.running
}
