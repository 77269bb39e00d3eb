/**
 * The content writers of the command line (ingest, demo seed, bulk import; scripts/src) and what follows their
 * writes, in one place: the change counter that search caches are tagged with, the search index sync
 * (`onChunksWritten`), and the public totals (docs/decisions/004, 010, 046, 081). The SQL is in `ingest-store.ts`
 * and `import-store.ts`; the writers only read their sources and call these.
 */
import type { AppContext } from '../context.ts'
import { type Pool, type PoolClient, type Queryable, withTransaction } from '../db/connect.ts'
import { onChunksWritten } from '../search/index-sync.ts'
import { bumpSearchGeneration, countChunks } from '../search/search-store.ts'
import { refreshContentTotals } from './content-store.ts'
import type { ImportBatchParams } from './import-batch.ts'
import {
  type ImportBatchResult,
  analyzeChunks,
  dropIndexesForBulk,
  flushSearchPendingList,
  restoreDroppedIndexes,
  writeImportBatch,
} from './import-store.ts'
import { completeContent } from './ingest-store.ts'

/**
 * What follows every commit that wrote chunks or content items. A writer that deferred the triggers' move of the
 * change counter (`phrasereel.defer_generation_bump`, migration 043: the import) names the connection it committed
 * on in `bumpGenerationOn`, and the counter moves there at once; then the search index(es) learn of the chunks.
 * `searchColumnsWritten`: the writer stored the search columns with the rows, so they are not read back;
 * `phrasesBySweep`: the type-ahead counts of these chunks are left to the background sweep (the bulk import).
 */
export async function chunksCommitted(
  ctx: AppContext,
  chunkIds: number[],
  options: { bumpGenerationOn?: Queryable; searchColumnsWritten?: boolean; phrasesBySweep?: boolean } = {},
): Promise<void> {
  if (options.bumpGenerationOn) await bumpSearchGeneration(options.bumpGenerationOn)
  await onChunksWritten(ctx, chunkIds, {
    searchColumnsWritten: options.searchColumnsWritten,
    phrasesBySweep: options.phrasesBySweep,
  })
}

/**
 * Ends an ingest: the content item's chunks become visible, it is stamped complete and the totals are recounted,
 * in one transaction; then the search index(es) learn of them. Returns the ids of the chunks that became visible.
 */
export async function completeIngest(ctx: AppContext, contentId: number): Promise<number[]> {
  const chunkIds = await withTransaction(ctx.db, (client) => completeContent(client, contentId))
  await chunksCommitted(ctx, chunkIds)
  return chunkIds
}

/** `bulk: 'auto'` takes the bulk path from this many chunks… */
export const BULK_MIN_RECORDS = 20_000
/** …into a table holding less than this share of them (docs/decisions/045: the rebuild costs what it saves). */
export const BULK_SHARE = 0.2

/**
 * Starts an import: rebuilds the indexes an earlier bulk import left dropped, recounts the totals (each batch adds
 * its change to them, docs/decisions/081), and takes the bulk path when asked: the search index dropped for the
 * load (`'auto'`: a first load of at least `BULK_MIN_RECORDS` chunks, docs/decisions/045). Returns whether it did.
 */
export async function startImport(
  ctx: AppContext,
  options: { bulk: boolean | 'auto'; expectedRecords?: number | undefined },
): Promise<boolean> {
  // an earlier bulk import stopped before its rebuild: repair first
  await restoreDroppedIndexes(ctx.db)
  await refreshContentTotals(ctx.db)
  const bulk = options.bulk === 'auto' ? await shouldBulk(ctx.db, options.expectedRecords) : options.bulk
  if (bulk) await dropIndexesForBulk(ctx.db)
  return bulk
}

/** Whether an import of `records` chunks should take the bulk path, given the rows already stored. */
async function shouldBulk(db: Pool, records: number | undefined): Promise<boolean> {
  if (records === undefined || records < BULK_MIN_RECORDS) return false
  return (await countChunks(db)) < BULK_SHARE * records
}

/**
 * Writes one import batch on `client` (one transaction: content items, chunks, change to the totals), then moves
 * the change counter on the same connection and tells the search index(es), whose columns the batch carried.
 */
export async function importBatch(
  ctx: AppContext,
  client: PoolClient,
  batch: ImportBatchParams,
  bulk: boolean,
): Promise<ImportBatchResult> {
  const result = await writeImportBatch(client, batch, bulk)
  await chunksCommitted(ctx, result.ids, {
    bumpGenerationOn: result.changed ? client : undefined,
    searchColumnsWritten: true,
    phrasesBySweep: true,
  })
  return result
}

/**
 * After the last batch, or a failure: builds again the index a bulk load dropped, so the table is searchable
 * whatever happened. Never throws: if the rebuild fails too, the next `startImport` does it.
 */
export async function endBulkLoad(ctx: AppContext): Promise<void> {
  await restoreDroppedIndexes(ctx.db).catch(() => {})
}

/**
 * Ends a successful import: after a bulk load, the index rebuilt (a fresh index has no pending list) and the table
 * analysed; otherwise the pending list merged. Then the totals are recounted (a repair of anything another writer
 * left), and the change counter moves once more: an earlier run that stopped between a commit and its move is made
 * good.
 */
export async function finishImport(ctx: AppContext, bulk: boolean): Promise<void> {
  if (bulk) {
    await restoreDroppedIndexes(ctx.db)
    await analyzeChunks(ctx.db)
  } else {
    await flushSearchPendingList(ctx.db)
  }
  await refreshContentTotals(ctx.db)
  await bumpSearchGeneration(ctx.db)
}
