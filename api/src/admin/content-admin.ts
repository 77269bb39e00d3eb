import { refreshContentTotals } from '../content/content-store.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError } from '../http/errors.ts'
import { log } from '../log.ts'
import { onChunksWritten } from '../search/index-sync.ts'
import { MESSAGES } from '../shared/messages.ts'
import { type AdminChunk, setChunkEnabled } from './content-admin-store.ts'

/**
 * Enables or disables a clip. Every public read filters on `enabled`, so the clip leaves (or rejoins) search, the
 * feed, navigation and the users' lists with this one update; then the totals and external indexes follow.
 */
export async function toggleChunk(ctx: AppContext, chunkId: number, enabled: boolean): Promise<AdminChunk> {
  const result = await setChunkEnabled(ctx.db, ctx.mediaBase, chunkId, enabled)
  if (!result) throw new NotFoundError(MESSAGES.chunkNotFound)
  // Setting the state a clip already has changes nothing, so it skips the recount (docs/decisions/004).
  if (!result.changed) return result.chunk
  await refreshContentTotals(ctx.db)
  try {
    await onChunksWritten(ctx, [chunkId])
  } catch (error) {
    // The database already holds the change and PostgreSQL search follows it; an external index catches up on
    // the next reindex. The admin still sees the toggle accepted.
    log.error('search index sync failed after a chunk toggle', { chunkId, error })
  }
  return result.chunk
}
