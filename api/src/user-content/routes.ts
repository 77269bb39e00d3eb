import { z } from 'zod'
import { requireSession } from '../auth/session.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError } from '../http/errors.ts'
import { parseId, readJson } from '../http/input.ts'
import { bodyId, parsePage } from '../http/paging.ts'
import { json } from '../http/respond.ts'
import type { RouteRequest, Router } from '../http/router.ts'
import {
  clearHistory,
  getContentStatus,
  listHistory,
  listMarked,
  logPlay,
  markContent,
  removeHistoryEntry,
  USER_CONTENT_DETAILS,
  unmarkContent,
} from './user-content.ts'

// Per-user answers: never stored by shared caches, never reused after a change.
const PRIVATE = { 'cache-control': 'private, no-store' }

const markBody = z.strictObject({ content_metadata_id: bodyId, content_chunk_id: bodyId.optional() })
const unmarkBody = z.strictObject({ content_metadata_id: bodyId, content_chunk_id: bodyId.optional() })
const playBody = z.strictObject({ content_chunk_id: bodyId, content_metadata_id: bodyId })

/** The signed-in user's likes, saves and play history (spec §7.2). */
export function registerUserContentRoutes(router: Router<AppContext>): void {
  for (const kind of ['like', 'save'] as const) {
    router.post(`/api/user-content/${kind}`, async ({ request, ctx }) => {
      const session = await requireSession(request, ctx, 'user')
      const body = await readJson(request, markBody)
      const chunkId = body.content_chunk_id ?? null
      return json(
        await markContent(ctx, kind, session.ownerId, body.content_metadata_id, chunkId),
        200,
        PRIVATE,
      )
    })

    router.delete(`/api/user-content/${kind}`, async (req) => {
      const session = await requireSession(req.request, req.ctx, 'user')
      const target = await readUnmarkTarget(req)
      return json(
        await unmarkContent(req.ctx, kind, session.ownerId, target.contentId, target.chunkId),
        200,
        PRIVATE,
      )
    })

    router.get(`/api/user-content/${kind}d-chunks`, async ({ request, url, ctx }) => {
      const session = await requireSession(request, ctx, 'user')
      const page = parsePage(url)
      return json(await listMarked(ctx, kind, session.ownerId, page), 200, PRIVATE)
    })
  }

  // `?content_chunk_id=` (beyond spec) asks for one clip; without it, for the item (docs/decisions/088)
  router.get('/api/user-content/status/:contentMetadataId', async ({ request, url, params, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const contentId = parseId(params.contentMetadataId, 'contentMetadataId')
    const chunkId = optionalId(url, 'content_chunk_id')
    const status = await getContentStatus(ctx, session.ownerId, contentId, chunkId)
    if (!status) throw new NotFoundError(USER_CONTENT_DETAILS.contentNotFound)
    return json(status, 200, PRIVATE)
  })

  router.post('/api/user-content/play', async ({ request, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const body = await readJson(request, playBody)
    const played = await logPlay(ctx, session.ownerId, body.content_chunk_id, body.content_metadata_id)
    return json(played, 200, PRIVATE)
  })

  router.get('/api/user-content/play-history', async ({ request, url, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const page = parsePage(url)
    return json(await listHistory(ctx, session.ownerId, page), 200, PRIVATE)
  })

  // Clearing the history (beyond spec, issue 17): all of it, or one entry by the `id` of its list item.
  router.delete('/api/user-content/play-history', async ({ request, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    return json(await clearHistory(ctx, session.ownerId), 200, PRIVATE)
  })

  router.delete('/api/user-content/play-history/:id', async ({ request, params, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const entryId = parseId(params.id, 'id')
    await removeHistoryEntry(ctx, session.ownerId, entryId)
    return json({ deleted: 1 }, 200, PRIVATE)
  })
}

function optionalId(url: URL, name: string): number | null {
  const value = url.searchParams.get(name)
  return value === null ? null : parseId(value, name)
}

/**
 * DELETE carries `content_metadata_id` (and optionally `content_chunk_id`) in a JSON body (spec §7.2) or, for
 * clients that cannot, in the query.
 */
async function readUnmarkTarget({
  request,
  url,
}: RouteRequest<AppContext>): Promise<{ contentId: number; chunkId: number | null }> {
  const fromQuery = url.searchParams.get('content_metadata_id')
  if (fromQuery !== null)
    return {
      contentId: parseId(fromQuery, 'content_metadata_id'),
      chunkId: optionalId(url, 'content_chunk_id'),
    }
  const body = await readJson(request, unmarkBody)
  return { contentId: body.content_metadata_id, chunkId: body.content_chunk_id ?? null }
}
