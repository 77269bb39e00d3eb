/**
 * Server side of the admin screens (spec §2.12, decision 085): the admin session of a page request, read from the
 * HttpOnly `admin_token` cookie through the API's own functions, and the lists the pages render from (the same
 * reads the admin API answers with). A learner session is never an admin session: the two live in different
 * tables and cookies.
 */
import {
  ADMIN_SESSION_COOKIE,
  findAdminContentMetadata,
  findAdminSession,
  hasCookie,
  listAdminChunks,
  listAdminContentMetadata,
} from '@phrasereel/api/server'
import type { AdminChunk, AdminContentMetadata } from '@phrasereel/api/shared/wire'
import { ADMIN_LOGIN_PATH, EXPIRED_PARAM } from './admin-api.ts'
import { contextOf } from '../auth/session.server.ts'

/** The signed-in admin of the request, or null (no cookie, unknown, expired, idle, or a learner's token). */
export async function getAdmin(
  request: Request,
  locals: object,
): Promise<{ username: string; expiresAt: string } | null> {
  const found = await findAdminSession(request, contextOf(locals))
  return found ? { username: found.admin.username, expiresAt: found.session.expiresAt.toISOString() } : null
}

/**
 * The answer for a request without a valid admin session: a 302 to /admin/login with no body (no admin data is
 * ever sent). A cookie that no longer names a session (expired, invalid, a learner's token) is cleared, and the
 * login page then says 'Admin authentication expired'.
 */
export function redirectToLogin(request: Request): Response {
  const stale = hasCookie(request.headers.get('cookie'), ADMIN_SESSION_COOKIE)
  const headers = new Headers({
    location: stale ? `${ADMIN_LOGIN_PATH}?${EXPIRED_PARAM}=1` : ADMIN_LOGIN_PATH,
    'cache-control': 'private, no-store',
  })
  if (stale)
    headers.append('set-cookie', `${ADMIN_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`)
  return new Response(null, { status: 302, headers })
}

/** Every content item, or null when the read failed (the page shows 'Failed to fetch content metadata'). */
export async function loadContentMetadata(locals: object): Promise<AdminContentMetadata[] | null> {
  try {
    return (await listAdminContentMetadata(contextOf(locals).db, null)).items
  } catch (error) {
    console.warn('[admin] content metadata read failed:', error)
    return null
  }
}

/**
 * One content item and all its chunks: `missing` when the item does not exist, `failed` when the read failed
 * (the page shows 'Failed to fetch content chunks').
 */
export async function loadContentChunks(
  locals: object,
  contentMetadataId: number,
): Promise<
  | { state: 'ok'; content: AdminContentMetadata; chunks: AdminChunk[] }
  | { state: 'missing' }
  | { state: 'failed' }
> {
  const ctx = contextOf(locals)
  try {
    const [content, chunks] = await Promise.all([
      findAdminContentMetadata(ctx.db, contentMetadataId),
      listAdminChunks(ctx.db, ctx.mediaBase, contentMetadataId, null),
    ])
    if (!content || !chunks) return { state: 'missing' }
    return { state: 'ok', content, chunks: chunks.items }
  } catch (error) {
    console.warn('[admin] content chunks read failed:', error)
    return { state: 'failed' }
  }
}

/** A path parameter as a positive integer id, or null. */
export function parseContentId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null
  const id = Number(value)
  return Number.isSafeInteger(id) ? id : null
}
