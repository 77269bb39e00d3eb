import { z } from 'zod'
import { requireAdmin } from '../auth/admin.ts'
import { requireSession } from '../auth/session.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError } from '../http/errors.ts'
import { parseId, readJson } from '../http/input.ts'
import { type Page, parsePage } from '../http/paging.ts'
import { json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { toggleChunk, toggleChunks } from './content-admin.ts'
import { listAdminChunks, listAdminContentMetadata } from './content-admin-store.ts'

// Admin answers change with every toggle and are for one admin's eyes.
const PRIVATE = { 'cache-control': 'private, no-store' }

// Custom checks rather than zod's type checks, so that a wrong type reads as what is expected ("enabled: must be
// true or false"), not as a missing field.
const enabledField = z.custom<boolean>((value) => typeof value === 'boolean', MESSAGES.adminEnabledBoolean)
const enabledBody = z.strictObject({ enabled: enabledField })
const bulkSize = MESSAGES.adminBulkSize.replace('{max}', String(LIMITS.adminBulkMax))
const isChunkId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1
const bulkEnabledBody = z.strictObject({
  chunk_ids: z
    .custom<unknown[]>(
      (value) => Array.isArray(value) && value.length >= 1 && value.length <= LIMITS.adminBulkMax,
      bulkSize,
    )
    .pipe(z.array(z.custom<number>(isChunkId, MESSAGES.adminBulkChunkId))),
  enabled: enabledField,
})

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

  // The bulk route (three segments) and the single one (four) cannot match the same path; both take the admin
  // session with the CSRF origin check of requireSession.
  router.patch('/admin-api/content-chunks/enabled', async ({ request, ctx }) => {
    const { admin } = await requireAdmin(request, ctx)
    const { chunk_ids, enabled } = await readJson(request, bulkEnabledBody)
    return json(await toggleChunks(ctx, chunk_ids, enabled, admin), 200, PRIVATE)
  })

  router.patch('/admin-api/content-chunks/:id/enabled', async ({ request, params, ctx }) => {
    const { admin } = await requireAdmin(request, ctx)
    const id = parseId(params.id, 'id')
    const { enabled } = await readJson(request, enabledBody)
    return json(await toggleChunk(ctx, id, enabled, admin), 200, PRIVATE)
  })
}
