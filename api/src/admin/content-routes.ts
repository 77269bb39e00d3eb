import { z } from 'zod'
import { requireSession } from '../auth/session.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError } from '../http/errors.ts'
import { parseId, readJson } from '../http/input.ts'
import { type Page, parsePage } from '../http/paging.ts'
import { json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { LIMITS } from '../shared/limits.ts'
import { toggleChunk } from './content-admin.ts'
import { listAdminChunks, listAdminContentMetadata } from './content-admin-store.ts'

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
