import type { Chunk } from '../content/types.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError, ValidationError } from '../http/errors.ts'
import type { Page } from '../http/paging.ts'
import { MESSAGES } from '../shared/messages.ts'
import {
  addMark,
  type ContentStatus,
  findContentStatus,
  findEnabledChunkContentId,
  type HistoryItem,
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
} as const

/** The answer to a logged play (spec §7.2). */
export interface PlayRecord {
  content_chunk_id: number
  content_metadata_id: number
  played_at: string
}

/**
 * Likes or saves a content item (idempotent), remembering `chunkId` when given; answers the caller's new status.
 * 404 when the item or clip does not exist (or vanished under a concurrent delete), 422 when the clip is another
 * item's.
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
  return requireStatus(ctx, found, userId, contentId)
}

/** Takes a like or save off (idempotent); answers the caller's new status, 404 when the item does not exist. */
export async function unmarkContent(
  ctx: AppContext,
  kind: MarkKind,
  userId: number,
  contentId: number,
): Promise<ContentStatus> {
  const found = await removeMark(ctx.db, kind, userId, contentId)
  return requireStatus(ctx, found, userId, contentId)
}

/** The caller's like and save of a content item; null when the item does not exist. */
export function getContentStatus(
  ctx: AppContext,
  userId: number,
  contentId: number,
): Promise<ContentStatus | null> {
  return findContentStatus(ctx.db, userId, contentId)
}

/** One page of the caller's liked or saved items, each shown by a clip. */
export function listMarked(ctx: AppContext, kind: MarkKind, userId: number, page: Page): Promise<Chunk[]> {
  return listMarkedChunks(ctx.db, ctx.mediaBase, kind, userId, page)
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

async function assertChunkOfContent(ctx: AppContext, chunkId: number, contentId: number): Promise<void> {
  const owner = await findEnabledChunkContentId(ctx.db, chunkId)
  if (owner === null) throw new NotFoundError(MESSAGES.chunkNotFound)
  if (owner !== contentId) throw new ValidationError(USER_CONTENT_DETAILS.chunkNotInContent)
}

async function requireStatus(
  ctx: AppContext,
  found: boolean,
  userId: number,
  contentId: number,
): Promise<ContentStatus> {
  const status = found ? await findContentStatus(ctx.db, userId, contentId) : null
  if (!status) throw new NotFoundError(USER_CONTENT_DETAILS.contentNotFound)
  return status
}
