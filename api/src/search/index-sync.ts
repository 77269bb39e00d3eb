import type { AppContext } from '../context.ts'
import { log } from '../log.ts'
import { invalidateSearchCache } from './answer-cache.ts'
import { sweepPendingChunks } from './index-sweep.ts'
import { syncPhraseCounts } from './phrase-sync.ts'
import { meiliClient, meiliEnabled, toMeiliDocument } from './meili.ts'
import { indexChunkText, loadMeiliRows } from './search-store.ts'

/** Chunks handled per statement or Meilisearch request. */
const SYNC_BATCH = 1000

/**
 * Called by every writer (ingest, import, admin enable/disable) after it commits changes to these chunks, so the
 * search index(es) reflect them at once: the PostgreSQL search columns of chunks whose transcript changed (or that
 * were stored without them), then the Meilisearch documents when `MEILI_URL` is set. A Meilisearch failure is
 * logged, not thrown: the writer's data is committed and PostgreSQL search (the fallback) already has it;
 * `pnpm content reindex` repairs the index.
 */
export async function onChunksWritten(
  ctx: AppContext,
  chunkIds: number[],
  options: { searchColumnsWritten?: boolean; phrasesBySweep?: boolean } = {},
): Promise<void> {
  // a writer that stored the search columns with the rows (import, from `tokenize` and `chunkTerms`) skips the re-read
  if (!options.searchColumnsWritten) {
    for (let i = 0; i < chunkIds.length; i += SYNC_BATCH) {
      await indexChunkText(ctx.db, chunkIds.slice(i, i + SYNC_BATCH))
    }
  }
  // chunks other writers left without search columns, a batch at a time (the safety net of decision 010)
  await sweepPendingChunks(ctx.db)
  // type-ahead counts (decision 090); a bulk import leaves its chunks to the background sweep (`phrase-sync.ts`),
  // every other writer (an admin toggle too, whose search columns need no re-read) counts them now
  if (!options.phrasesBySweep) await syncPhraseCounts(ctx.db, chunkIds)
  invalidateSearchCache(ctx)
  if (!meiliEnabled(ctx.config)) return
  try {
    for (let i = 0; i < chunkIds.length; i += SYNC_BATCH) {
      await pushToMeili(ctx, ctx.config.MEILI_INDEX, chunkIds.slice(i, i + SYNC_BATCH))
    }
  } catch (error) {
    log.warn('meilisearch sync failed; run `pnpm content reindex` once it is back', {
      chunks: chunkIds.length,
      error,
    })
  }
}

/** Upserts the documents of these chunks into `indexUid` and removes those of chunks that no longer exist. */
export async function pushToMeili(ctx: AppContext, indexUid: string, chunkIds: number[]): Promise<void> {
  const rows = await loadMeiliRows(ctx.db, chunkIds)
  const index = meiliClient(ctx.config).index(indexUid)
  if (rows.length > 0) await index.addDocuments(rows.map(toMeiliDocument), { primaryKey: 'id' })
  const present = new Set(rows.map((row) => row.id))
  const gone = chunkIds.filter((id) => !present.has(id))
  if (gone.length > 0) await index.deleteDocuments(gone)
}
