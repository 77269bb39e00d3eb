import { z } from 'zod'
import { requireSession } from '../auth/session.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError, ValidationError } from '../http/errors.ts'
import { parseId, readJson } from '../http/input.ts'
import { json } from '../http/respond.ts'
import type { RouteRequest, Router } from '../http/router.ts'
import { MESSAGES } from '../shared/messages.ts'
import { bodyId, parsePage } from './paging.ts'
import {
  addMark,
  findContentStatus,
  findEnabledChunkContentId,
  listMarkedChunks,
  listPlayHistory,
  recordPlay,
  removeMark,
} from './user-content-store.ts'

/** Texts of this module that the spec does not give. */
export const USER_CONTENT_DETAILS = {
  contentNotFound: 'Content not found',
  chunkNotInContent: 'content_chunk_id does not belong to content_metadata_id',
} as const

// Per-user answers: never stored by shared caches, never reused after a change.
const PRIVATE = { 'cache-control': 'private, no-store' }

const markBody = z.strictObject({ content_metadata_id: bodyId, content_chunk_id: bodyId.optional() })
const unmarkBody = z.strictObject({ content_metadata_id: bodyId })
const playBody = z.strictObject({ content_chunk_id: bodyId, content_metadata_id: bodyId })

/** The signed-in user's likes, saves and play history (spec §7.2). */
export function registerUserContentRoutes(router: Router<AppContext>): void {
  for (const kind of ['like', 'save'] as const) {
    router.post(`/api/user-content/${kind}`, async ({ request, ctx }) => {
      const session = await requireSession(request, ctx, 'user')
      const body = await readJson(request, markBody)
      const chunkId = body.content_chunk_id ?? null
      if (chunkId !== null) await assertChunkOfContent(ctx, chunkId, body.content_metadata_id)
      let found: boolean
      try {
        found = await addMark(ctx.db, kind, session.ownerId, body.content_metadata_id, chunkId, ctx.now())
      } catch (error) {
        // the content item or clip was deleted between the check and the write
        if (isForeignKeyViolation(error)) throw new NotFoundError(USER_CONTENT_DETAILS.contentNotFound)
        throw error
      }
      return statusAnswer(ctx, found, session.ownerId, body.content_metadata_id)
    })

    router.delete(`/api/user-content/${kind}`, async (req) => {
      const session = await requireSession(req.request, req.ctx, 'user')
      const contentId = await readUnmarkTarget(req)
      const found = await removeMark(req.ctx.db, kind, session.ownerId, contentId)
      return statusAnswer(req.ctx, found, session.ownerId, contentId)
    })

    router.get(`/api/user-content/${kind}d-chunks`, async ({ request, url, ctx }) => {
      const session = await requireSession(request, ctx, 'user')
      const page = parsePage(url)
      return json(await listMarkedChunks(ctx.db, ctx.mediaBase, kind, session.ownerId, page), 200, PRIVATE)
    })
  }

  router.get('/api/user-content/status/:contentMetadataId', async ({ request, params, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const contentId = parseId(params.contentMetadataId, 'contentMetadataId')
    const status = await findContentStatus(ctx.db, session.ownerId, contentId)
    if (!status) throw new NotFoundError(USER_CONTENT_DETAILS.contentNotFound)
    return json(status, 200, PRIVATE)
  })

  router.post('/api/user-content/play', async ({ request, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const body = await readJson(request, playBody)
    await assertChunkOfContent(ctx, body.content_chunk_id, body.content_metadata_id)
    const playedAt = ctx.now()
    try {
      await recordPlay(ctx.db, session.ownerId, body.content_chunk_id, body.content_metadata_id, playedAt)
    } catch (error) {
      // the clip was deleted between the check and the write
      if (isForeignKeyViolation(error)) throw new NotFoundError(MESSAGES.chunkNotFound)
      throw error
    }
    return json(
      {
        content_chunk_id: body.content_chunk_id,
        content_metadata_id: body.content_metadata_id,
        played_at: playedAt.toISOString(),
      },
      200,
      PRIVATE,
    )
  })

  router.get('/api/user-content/play-history', async ({ request, url, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const page = parsePage(url)
    return json(await listPlayHistory(ctx.db, ctx.mediaBase, session.ownerId, page), 200, PRIVATE)
  })
}

/** DELETE carries `content_metadata_id` in a JSON body (spec §7.2) or, for clients that cannot, in the query. */
async function readUnmarkTarget({ request, url }: RouteRequest<AppContext>): Promise<number> {
  const fromQuery = url.searchParams.get('content_metadata_id')
  if (fromQuery !== null) return parseId(fromQuery, 'content_metadata_id')
  return (await readJson(request, unmarkBody)).content_metadata_id
}

async function assertChunkOfContent(ctx: AppContext, chunkId: number, contentId: number): Promise<void> {
  const owner = await findEnabledChunkContentId(ctx.db, chunkId)
  if (owner === null) throw new NotFoundError(MESSAGES.chunkNotFound)
  if (owner !== contentId) throw new ValidationError(USER_CONTENT_DETAILS.chunkNotInContent)
}

async function statusAnswer(
  ctx: AppContext,
  found: boolean,
  userId: number,
  contentId: number,
): Promise<Response> {
  const status = found ? await findContentStatus(ctx.db, userId, contentId) : null
  if (!status) throw new NotFoundError(USER_CONTENT_DETAILS.contentNotFound)
  return json(status, 200, PRIVATE)
}

/** A PostgreSQL foreign-key violation (the referenced row vanished under a concurrent delete). */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503'
}
