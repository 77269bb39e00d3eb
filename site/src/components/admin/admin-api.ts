/**
 * Every admin call of the browser (spec §7.4), on the shared client. The admin session is the HttpOnly
 * `admin_token` cookie (same origin). Any 401 from the admin API ends the admin session here, in one place
 * (spec §4 Admin session, §8): the cookie is cleared, 'Admin authentication expired' is announced, and the page
 * goes to /admin/login, which says it again. The login call itself is exempt: its 401 is a wrong password.
 */
import { ApiError, apiFetch, apiJson } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { AdminBulkEnabledResult, AdminChunk, AdminContentMetadata } from '@phrasereel/api/shared/wire'
import { signal } from '@preact/signals-core'

/** Query flag /admin/login reads to say the session expired. */
export const EXPIRED_PARAM = 'expired'
export const ADMIN_LOGIN_PATH = '/admin/login'
export const ADMIN_HOME_PATH = '/admin/dashboard'

/** The notice every admin screen shows (the expiry text, or the session check); null when none. */
export const adminNotice = signal<{ text: string; kind: 'alert' | 'status' } | null>(null)

let ending = false

/** Ends the admin session after a 401 (or expiry): clears the cookie, says so, goes to the login page. */
export async function endExpiredAdminSession(): Promise<void> {
  if (ending) return
  ending = true
  adminNotice.value = { text: MESSAGES.adminAuthExpired, kind: 'alert' }
  await clearAdminCookie()
  window.location.assign(`${ADMIN_LOGIN_PATH}?${EXPIRED_PARAM}=1`)
}

/** The thrown error after a 401: callers show nothing of their own, the expiry path has taken over. */
export class AdminSessionEnded extends Error {
  override name = 'AdminSessionEnded'
  constructor() {
    super(MESSAGES.adminAuthExpired)
  }
}

async function adminJson<T>(path: string, init: Parameters<typeof apiJson>[1] = {}): Promise<T> {
  try {
    return await apiJson<T>(path, { credentials: 'same-origin', cache: 'no-store', ...init })
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      void endExpiredAdminSession()
      throw new AdminSessionEnded()
    }
    throw error
  }
}

async function clearAdminCookie(): Promise<void> {
  try {
    await apiFetch('/admin-api/logout', { method: 'POST', credentials: 'same-origin' })
  } catch (error) {
    console.warn('[admin] logout call failed:', error)
  }
}

/** POST /admin-api/login; the server sets the admin cookie. Throws the shared client's `ApiError`. */
export async function adminLogin(input: {
  username: string
  password: string
  recaptchaToken: string
}): Promise<void> {
  await apiFetch('/admin-api/login', {
    method: 'POST',
    credentials: 'same-origin',
    json: { username: input.username, password: input.password, recaptcha_token: input.recaptchaToken },
  })
}

/** The text the login form shows for a failed call (spec §8): the server's detail or 'Login failed'. */
export function adminLoginError(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.genericError
  if (error.status === 0) return MESSAGES.adminNetworkError
  return error.detail || MESSAGES.adminLoginFailed
}

/** POST /admin-api/logout, then the login page. */
export async function adminLogout(): Promise<void> {
  await clearAdminCookie()
  window.location.assign(ADMIN_LOGIN_PATH)
}

/** GET /admin-api/me: the signed-in admin (a 401 ends the session). */
export function fetchAdminMe(): Promise<{ username: string; type: string; expires_at: string }> {
  return adminJson('/admin-api/me')
}

/** GET /admin-api/content-metadata: the whole list. */
export function fetchContentMetadata(): Promise<AdminContentMetadata[]> {
  return adminJson('/admin-api/content-metadata')
}

/** GET /admin-api/content-metadata/{id}/chunks: the whole list. */
export function fetchContentChunks(contentMetadataId: number): Promise<AdminChunk[]> {
  return adminJson(`/admin-api/content-metadata/${contentMetadataId}/chunks`)
}

/** PATCH /admin-api/content-chunks/{id}/enabled: the chunk as it now is. */
export function setChunkEnabled(chunkId: number, enabled: boolean): Promise<AdminChunk> {
  return adminJson(`/admin-api/content-chunks/${chunkId}/enabled`, { method: 'PATCH', json: { enabled } })
}

/** PATCH /admin-api/content-chunks/enabled: many chunks in one transaction (not in the spec). */
export function setChunksEnabled(chunkIds: number[], enabled: boolean): Promise<AdminBulkEnabledResult> {
  return adminJson('/admin-api/content-chunks/enabled', {
    method: 'PATCH',
    json: { chunk_ids: chunkIds, enabled },
  })
}

/** The text a failed list fetch shows (spec §8), or null when the session ended (the expiry path shows it). */
export function fetchError(error: unknown, message: string): string | null {
  return error instanceof AdminSessionEnded ? null : message
}

/** The text a failed toggle shows (spec §8), or null when the session ended. */
export function updateError(error: unknown): string | null {
  if (error instanceof AdminSessionEnded) return null
  if (error instanceof ApiError && error.status === 0) return MESSAGES.updateChunkNetworkError
  return MESSAGES.updateChunkStatusFailed
}
