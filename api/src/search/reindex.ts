/** Rebuilds the search data from PostgreSQL without downtime (`pnpm content reindex`). */
import type { AppContext } from '../context.ts'
import { addMeiliDocuments, meiliEnabled, rebuildMeiliIndex, toMeiliDocument } from './meili.ts'
import { loadMeiliRows } from './index-sync.ts'
import { indexChunkText } from './search-store.ts'
import { invalidateSearchCache } from './search.ts'

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
    const { rows } = await ctx.db.query<{ id: number }>(
      'select id from content_chunks where id > $1 order by id limit $2',
      [after, BATCH],
    )
    if (rows.length === 0) return
    await work(rows.map((row) => row.id))
    after = rows[rows.length - 1]!.id
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
  const { rows } = await ctx.db.query<{ n: number }>('select count(*)::int as n from content_chunks')
  const total = rows[0]?.n ?? 0
  let done = 0
  let rewritten = 0
  await chunkIdBatches(ctx, async (ids) => {
    rewritten += await indexChunkText(ctx.db, ids)
    done += ids.length
    onProgress({ phase: 'postgres', done, total })
  })
  invalidateSearchCache(ctx)
  if (!meiliEnabled(ctx.config)) return { chunks: total, rewritten, meiliIndex: null }

  const { rows: clock } = await ctx.db.query<{ now: Date }>('select now() as now')
  const started = clock[0]!.now
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
  const { rows: late } = await ctx.db.query<{ id: number }>(
    `select id from content_chunks
     where created_at >= $1::timestamptz - $2::interval or updated_at >= $1::timestamptz - $2::interval`,
    [started, LATE_MARGIN],
  )
  for (let i = 0; i < late.length; i += BATCH) {
    const ids = late.slice(i, i + BATCH).map((row) => row.id)
    await addMeiliDocuments(ctx.config, live, (await loadMeiliRows(ctx.db, ids)).map(toMeiliDocument))
  }
  invalidateSearchCache(ctx)
  return { chunks: total, rewritten, meiliIndex: live }
}
