import { refreshContentTotals } from '../content/content-store.ts'
import type { AppContext } from '../context.ts'
import { withTransaction } from '../db/connect.ts'
import { NotFoundError } from '../http/errors.ts'
import { log } from '../log.ts'
import { onChunksWritten } from '../search/index-sync.ts'
import { MESSAGES } from '../shared/messages.ts'
import type { AdminBulkEnabledResult } from '../shared/wire.ts'
import { type AdminChunk, type ChangeAuthor, setChunksEnabled } from './content-admin-store.ts'

/** How many unknown ids a bulk call's 404 detail names at most. */
const MISSING_IDS_SHOWN = 10

/**
 * Enables or disables a clip. Every public read filters on `enabled`, so the clip leaves (or rejoins) search, the
 * feed, navigation and the users' lists with this one update; the audit row is written in the same transaction,
 * then the totals and external indexes follow.
 */
export async function toggleChunk(
  ctx: AppContext,
  chunkId: number,
  enabled: boolean,
  author: ChangeAuthor,
): Promise<AdminChunk> {
  const result = await changeChunks(ctx, [chunkId], enabled, author)
  if ('missing' in result) throw new NotFoundError(MESSAGES.chunkNotFound)
  return result.chunks[0]!
}

/**
 * Enables or disables many clips in one transaction, all or nothing (an unknown id is a 404 and changes nothing);
 * answers them in the order given, duplicates collapsed, and how many changed. The totals and the search index
 * follow once for the whole call (docs/decisions/084).
 */
export async function toggleChunks(
  ctx: AppContext,
  chunkIds: number[],
  enabled: boolean,
  author: ChangeAuthor,
): Promise<AdminBulkEnabledResult> {
  const result = await changeChunks(ctx, [...new Set(chunkIds)], enabled, author)
  if ('missing' in result) {
    const shown = result.missing.slice(0, MISSING_IDS_SHOWN).join(', ')
    const more = result.missing.length > MISSING_IDS_SHOWN ? ', …' : ''
    throw new NotFoundError(MESSAGES.adminBulkChunksNotFound.replace('{ids}', () => shown + more))
  }
  return result
}

async function changeChunks(
  ctx: AppContext,
  ids: number[],
  enabled: boolean,
  author: ChangeAuthor,
): Promise<AdminBulkEnabledResult | { missing: number[] }> {
  const result = await withTransaction(ctx.db, (client) =>
    setChunksEnabled(client, ctx.mediaBase, ids, enabled, author),
  )
  if (result.missing) {
    // nothing was written: the rows were only locked, and the transaction has ended
    return { missing: result.missing }
  }
  const chunks = ids.map((id) => result.chunks.get(id)!)
  const changed = result.changedIds.length
  // Setting the state a clip already has changes nothing, so it skips the recount (docs/decisions/004).
  if (changed > 0) {
    await refreshContentTotals(ctx.db)
    try {
      // enabled is not part of the search columns: only the index and the caches follow, no transcript re-read
      await onChunksWritten(ctx, result.changedIds, { searchColumnsWritten: true })
    } catch (error) {
      // The database already holds the change and PostgreSQL search follows it; an external index catches up on
      // the next reindex. The admin still sees the change accepted.
      log.error('search index sync failed after a chunk toggle', { chunks: changed, error })
    }
  }
  return { chunks, changed }
}
