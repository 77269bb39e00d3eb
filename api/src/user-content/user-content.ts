import type { Chunk } from '../content/types.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError, ValidationError } from '../http/errors.ts'
import type { Page } from '../http/paging.ts'
import { MESSAGES } from '../shared/messages.ts'
import {
  addMark,
  type ContentStatus,
  clearPlayHistory,
  deletePlayHistoryEntry,
  findChunkContentId,
  findContentStatus,
  findEnabledChunkContentId,
  type HistoryItem,
  countMarkedChunks,
  listMarkedChunks,
  listPlayHistory,
  type MarkKind,
  recordPlay,
  removeMark,
} from './user-content-store.ts'

/** Texts of this module that the spec does not give. */
export const USER_CONTENT_DETAILS = {
  contentNotFound: 'Content not found',
  chunkNotInContent: 'content_chunk_id does not belong to content_metadata_id',
  historyEntryNotFound: 'Play history entry not found',
} as const

/** The answer to a logged play (spec §7.2). */
export interface PlayRecord {
  content_chunk_id: number
  content_metadata_id: number
  played_at: string
}

/**
 * Likes or saves a clip (`chunkId`), or the content item as a whole without one (idempotent;
 * docs/decisions/088); answers the caller's new status of that clip, or of the item. 404 when the item or clip
 * does not exist (or vanished under a concurrent delete), 422 when the clip is another item's.
 */
export async function markContent(
  ctx: AppContext,
  kind: MarkKind,
  userId: number,
  contentId: number,
  chunkId: number | null,
): Promise<ContentStatus> {
  if (chunkId !== null) await assertChunkOfContent(ctx, chunkId, contentId)
  const found = await addMark(ctx.db, kind, userId, contentId, chunkId, ctx.now())
  return requireStatus(ctx, found, userId, contentId, chunkId)
}

/**
 * Takes a like or save off a clip, or every one of the item's without `chunkId` (idempotent); answers the caller's
 * new status of that clip, or of the item. The clip may be disabled by now. 404 when the item or clip does not
 * exist, 422 when the clip is another item's.
 */
export async function unmarkContent(
  ctx: AppContext,
  kind: MarkKind,
  userId: number,
  contentId: number,
  chunkId: number | null,
): Promise<ContentStatus> {
  if (chunkId !== null) await assertChunkOfContent(ctx, chunkId, contentId, { enabledOnly: false })
  const found = await removeMark(ctx.db, kind, userId, contentId, chunkId)
  return requireStatus(ctx, found, userId, contentId, chunkId)
}

/**
 * The caller's like and save of one clip, or of the content item (any of its clips) without `chunkId`; null when
 * the item does not exist. 404 when the clip does not exist, 422 when it is another item's.
 */
export async function getContentStatus(
  ctx: AppContext,
  userId: number,
  contentId: number,
  chunkId: number | null = null,
): Promise<ContentStatus | null> {
  if (chunkId !== null) await assertChunkOfContent(ctx, chunkId, contentId, { enabledOnly: false })
  return findContentStatus(ctx.db, userId, contentId, chunkId)
}

/** One page of the caller's liked or saved items, each shown by a clip. */
export function listMarked(ctx: AppContext, kind: MarkKind, userId: number, page: Page): Promise<Chunk[]> {
  return listMarkedChunks(ctx.db, ctx.mediaBase, kind, userId, page)
}

/** How many clips the caller's liked or saved list has in all. */
export function countMarked(ctx: AppContext, kind: MarkKind, userId: number): Promise<number> {
  return countMarkedChunks(ctx.db, kind, userId)
}

/**
 * Records that the caller played a clip of a content item now. 404 when the clip is unknown or disabled (or
 * vanished under a concurrent delete), 422 when it is another item's.
 */
export async function logPlay(
  ctx: AppContext,
  userId: number,
  chunkId: number,
  contentId: number,
): Promise<PlayRecord> {
  await assertChunkOfContent(ctx, chunkId, contentId)
  const playedAt = ctx.now()
  if (!(await recordPlay(ctx.db, userId, chunkId, contentId, playedAt))) {
    throw new NotFoundError(MESSAGES.chunkNotFound)
  }
  return { content_chunk_id: chunkId, content_metadata_id: contentId, played_at: playedAt.toISOString() }
}

/** One page of the caller's play history, most recent first. */
export function listHistory(ctx: AppContext, userId: number, page: Page): Promise<HistoryItem[]> {
  return listPlayHistory(ctx.db, ctx.mediaBase, userId, page)
}

/** Removes one entry of the caller's play history; 404 when they have no entry with that id. */
export async function removeHistoryEntry(ctx: AppContext, userId: number, entryId: number): Promise<void> {
  if (!(await deletePlayHistoryEntry(ctx.db, userId, entryId)))
    throw new NotFoundError(USER_CONTENT_DETAILS.historyEntryNotFound)
}

/** Clears the caller's play history; answers how many entries were removed. */
export async function clearHistory(ctx: AppContext, userId: number): Promise<{ deleted: number }> {
  return { deleted: await clearPlayHistory(ctx.db, userId) }
}

async function assertChunkOfContent(
  ctx: AppContext,
  chunkId: number,
  contentId: number,
  { enabledOnly = true } = {},
): Promise<void> {
  const owner = enabledOnly
    ? await findEnabledChunkContentId(ctx.db, chunkId)
    : await findChunkContentId(ctx.db, chunkId)
  if (owner === null) throw new NotFoundError(MESSAGES.chunkNotFound)
  if (owner !== contentId) throw new ValidationError(USER_CONTENT_DETAILS.chunkNotInContent)
}

async function requireStatus(
  ctx: AppContext,
  found: boolean,
  userId: number,
  contentId: number,
  chunkId: number | null,
): Promise<ContentStatus> {
  const status = found ? await findContentStatus(ctx.db, userId, contentId, chunkId) : null
  if (!status) throw new NotFoundError(USER_CONTENT_DETAILS.contentNotFound)
  return status
}
