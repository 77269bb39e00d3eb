import { z } from 'zod'
import { requireSession } from '../auth/session.ts'
import { refreshContentTotals } from '../content/content-store.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError } from '../http/errors.ts'
import { parseId, readJson } from '../http/input.ts'
import { json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { log } from '../log.ts'
import { onChunksWritten } from '../search/index-sync.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { type Page, parsePage } from '../user-content/paging.ts'
import {
  type AdminChunk,
  listAdminChunks,
  listAdminContentMetadata,
  setChunkEnabled,
} from './content-admin-store.ts'

// Admin answers change with every toggle and are for one admin's eyes.
const PRIVATE = { 'cache-control': 'private, no-store' }

const enabledBody = z.strictObject({ enabled: z.boolean() })

// The answers stay the plain lists of spec §7.4, whole by default because the dashboard (spec §2.12) sorts,
// filters and exports the whole list; `?limit=&offset=` pick a page instead. X-Total-Count always says how many
// rows the whole list has (docs/decisions/033).
const adminPage = (url: URL): Page | null =>
  url.searchParams.has('limit') || url.searchParams.has('offset')
    ? parsePage(url, { defaultLimit: LIMITS.adminPageMax, maxLimit: LIMITS.adminPageMax })
    : null
const pagedHeaders = (total: number) => ({
  ...PRIVATE,
  'x-total-count': String(total),
  'access-control-expose-headers': 'X-Total-Count',
})

/** The admin content calls of spec §7.4; the admin login lives with the accounts code. */
export function registerAdminContentRoutes(router: Router<AppContext>): void {
  router.get('/admin-api/content-metadata', async ({ request, url, ctx }) => {
    await requireSession(request, ctx, 'admin')
    const { items, total } = await listAdminContentMetadata(ctx.db, adminPage(url))
    return json(items, 200, pagedHeaders(total))
  })

  router.get('/admin-api/content-metadata/:id/chunks', async ({ request, url, params, ctx }) => {
    await requireSession(request, ctx, 'admin')
    const id = parseId(params.id, 'id')
    const chunks = await listAdminChunks(ctx.db, ctx.mediaBase, id, adminPage(url))
    if (!chunks) throw new NotFoundError('Content not found')
    return json(chunks.items, 200, pagedHeaders(chunks.total))
  })

  router.patch('/admin-api/content-chunks/:id/enabled', async ({ request, params, ctx }) => {
    await requireSession(request, ctx, 'admin')
    const id = parseId(params.id, 'id')
    const { enabled } = await readJson(request, enabledBody)
    return json(await toggleChunk(ctx, id, enabled), 200, PRIVATE)
  })
}

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
