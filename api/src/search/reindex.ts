/** Rebuilds the search data from PostgreSQL without downtime (`pnpm content reindex`). */
import type { AppContext } from '../context.ts'
import { addMeiliDocuments, meiliEnabled, rebuildMeiliIndex, toMeiliDocument } from './meili.ts'
import { invalidateSearchCache } from './answer-cache.ts'
import {
  chunkIdsAfter,
  chunkIdsChangedSince,
  countChunks,
  databaseNow,
  indexChunkText,
  loadMeiliRows,
} from './search-store.ts'

export interface ReindexProgress {
  phase: 'postgres' | 'meilisearch'
  done: number
  total: number
}

export interface ReindexSummary {
  chunks: number
  /** Chunks whose PostgreSQL search columns were rewritten (missing or stale). */
  rewritten: number
  /** The Meilisearch index that now serves searches, or null without `MEILI_URL`. */
  meiliIndex: string | null
}

const BATCH = 2000
/** How far before a rebuild's start a change still counts as made during it (see `rebuildSearchIndexes`). */
const LATE_MARGIN = '5 minutes'

async function chunkIdBatches(ctx: AppContext, work: (ids: number[]) => Promise<void>): Promise<void> {
  let after = 0
  for (;;) {
    const ids = await chunkIdsAfter(ctx.db, after, BATCH)
    if (ids.length === 0) return
    await work(ids)
    after = ids[ids.length - 1]!
  }
}

/**
 * PostgreSQL: every chunk's search columns are recomputed in place where missing or stale (searches keep working
 * throughout). Meilisearch (when configured): a new index is filled with every chunk and swapped with the live
 * one in one step, then the old one is dropped; chunks added or changed during the rebuild are sent again after the
 * swap.
 */
export async function rebuildSearchIndexes(
  ctx: AppContext,
  onProgress: (progress: ReindexProgress) => void = () => {},
): Promise<ReindexSummary> {
  const total = await countChunks(ctx.db)
  let done = 0
  let rewritten = 0
  await chunkIdBatches(ctx, async (ids) => {
    rewritten += await indexChunkText(ctx.db, ids)
    done += ids.length
    onProgress({ phase: 'postgres', done, total })
  })
  invalidateSearchCache(ctx)
  if (!meiliEnabled(ctx.config)) return { chunks: total, rewritten, meiliIndex: null }

  const started = await databaseNow(ctx.db)
  done = 0
  const { live } = await rebuildMeiliIndex(ctx.config, (add) =>
    chunkIdBatches(ctx, async (ids) => {
      await add((await loadMeiliRows(ctx.db, ids)).map(toMeiliDocument))
      done += ids.length
      onProgress({ phase: 'meilisearch', done, total })
    }),
  )
  // chunks created or changed while the build ran were sent to the old live index by their writers: send them
  // again. A writer's timestamp is its transaction's start, which may precede `started` while its commit follows
  // the batch that copied the row; the margin covers such transactions (a few extra documents sent is harmless).
  const late = await chunkIdsChangedSince(ctx.db, started, LATE_MARGIN)
  for (let i = 0; i < late.length; i += BATCH) {
    const ids = late.slice(i, i + BATCH)
    await addMeiliDocuments(ctx.config, live, (await loadMeiliRows(ctx.db, ids)).map(toMeiliDocument))
  }
  invalidateSearchCache(ctx)
  return { chunks: total, rewritten, meiliIndex: live }
}
