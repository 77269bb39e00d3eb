/**
 * `@phrasereel/api/scripts`: what the operator commands, the ingest and import pipelines and the benchmarks in
 * `scripts/src` call besides the handler (`@phrasereel/api`): the database, the content writers with their side
 * effects, and the search maintenance. Server-only.
 */

export { createOrUpdateAdmin } from './auth/admin.ts'
export { hashPassword } from './auth/password.ts'
export { createSession } from './auth/session.ts'
export { insertUser } from './auth/user-store.ts'
export { isProcessAlive } from './process-alive.ts'
export { refreshContentTotals } from './content/content-store.ts'
export {
  chunksCommitted,
  completeIngest,
  endBulkLoad,
  finishImport,
  importBatch,
  startImport,
} from './content/content-writes.ts'
export {
  addImportChunk,
  emptyImportBatch,
  type ImportBatchParams,
  type ImportChunk,
  importBatchParams,
  splitImportBatch,
} from './content/import-batch.ts'
export {
  completeContent,
  contentIdsBySourcePrefix,
  createContent,
  deleteContent,
  existingChunkOrders,
  findIngestedContent,
  hasNoContent,
  insertChunk,
  type NewChunk,
  type NewTranslation,
} from './content/ingest-store.ts'
export { setKeptChunks } from './content/public-reads.ts'
export {
  connectDatabase,
  createPool,
  type Database,
  type Pool,
  type PoolClient,
  type Queryable,
  withTransaction,
} from './db/connect.ts'
export { migrate } from './db/migrate.ts'
export { ApiError } from './http/errors.ts'
export { rebuildSearchIndexes } from './search/reindex.ts'
export { sweepAllPhrases } from './search/phrase-sync.ts'
export { setSearchCacheSize } from './search/search.ts'
export { saveChunkWords } from './search/search-store.ts'
export { tokenize } from './search/terms.ts'
