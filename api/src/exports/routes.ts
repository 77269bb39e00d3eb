import { assertSameOrigin, getSession, type Session } from '../auth/session.ts'
import type { AppContext } from '../context.ts'
import { UnauthorizedError } from '../http/errors.ts'
import { readJson } from '../http/input.ts'
import { json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { MESSAGES } from '../shared/messages.ts'
import { exportBody, getExport, openExportFile, startExport } from './exports.ts'

// a job and its file are the requester's own: never kept by a shared cache
const PRIVATE = { 'cache-control': 'private, no-store' }

const CONTENT_TYPES = { apkg: 'application/zip', csv: 'text/csv; charset=utf-8; header=present' } as const

/**
 * Exports to Anki and CSV (issue 18, docs/decisions/091): `POST /api/exports` takes a job (202), `GET
 * /api/exports/{id}` answers its status and progress, `GET /api/exports/{id}/file` the finished file. Every call
 * needs the requester's session (cookie or bearer).
 */
export function registerExportRoutes(router: Router<AppContext>): void {
  router.post('/api/exports', async ({ request, ctx }) => {
    const session = await requireExportSession(request, ctx)
    const body = await readJson(request, exportBody)
    const job = await startExport(ctx, session.ownerId, body, siteOrigin(request, ctx))
    return json(job, 202, { ...PRIVATE, location: `/api/exports/${job.id}` })
  })

  router.get('/api/exports/:id', async ({ request, params, ctx }) => {
    const session = await requireExportSession(request, ctx)
    return json(await getExport(ctx, session.ownerId, params.id!), 200, PRIVATE)
  })

  router.get('/api/exports/:id/file', async ({ request, params, ctx }) => {
    const session = await requireExportSession(request, ctx)
    const file = await openExportFile(ctx, session.ownerId, params.id!)
    return new Response(file.body, {
      status: 200,
      headers: {
        ...PRIVATE,
        'content-type': CONTENT_TYPES[file.format],
        'content-length': String(file.size),
        'content-disposition': attachment(file.fileName),
        'x-content-type-options': 'nosniff',
      },
    })
  })
}

/** The caller's session; 401 with the export sign-in text when there is none. */
async function requireExportSession(request: Request, ctx: AppContext): Promise<Session> {
  const found = await getSession(request, ctx, 'user')
  if (!found) throw new UnauthorizedError(MESSAGES.exportSignIn)
  assertSameOrigin(request, found.presented, ctx)
  return found.session
}

/** The origin links in an export point to: `PUBLIC_SITE_URL` when set, else the one the request came to. */
function siteOrigin(request: Request, ctx: AppContext): string {
  return new URL(ctx.config.PUBLIC_SITE_URL ?? request.url).origin
}

/** `attachment` with an ASCII file name and the exact one in RFC 5987 form. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
