import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/connect.ts'
import { log } from '../log.ts'
import { type MeiliSourceRow, meiliClient, meiliEnabled, toMeiliDocument } from './meili.ts'
import { indexChunkText } from './search-store.ts'
import { invalidateSearchCache } from './search.ts'

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
  options: { searchColumnsWritten?: boolean } = {},
): Promise<void> {
  // a writer that stored the search columns with the rows (import, from `tokenize` and `chunkTerms`) skips the re-read
  if (!options.searchColumnsWritten) {
    for (let i = 0; i < chunkIds.length; i += SYNC_BATCH) {
      await indexChunkText(ctx.db, chunkIds.slice(i, i + SYNC_BATCH))
    }
  }
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

/** Rows of these chunks as Meilisearch documents are built from. */
export async function loadMeiliRows(db: Queryable, chunkIds: number[]): Promise<MeiliSourceRow[]> {
  const { rows } = await db.query<MeiliSourceRow>(
    `select c.id, c.content_metadata_id, c.search_text, c.enabled, m.genre, m.content_category, m.release_year
     from content_chunks c join content_metadata m on m.id = c.content_metadata_id
     where c.id = any($1::bigint[])`,
    [chunkIds],
  )
  return rows
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
