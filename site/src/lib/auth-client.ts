/**
 * The authenticated helper of spec §7.1/§8, on the shared client: sends JSON with the session (cookie, plus the
 * bearer token when one is known). A 401 clears the session and throws 'Authentication expired'; other failures
 * throw 'Request failed: {status text}' (with the server's `detail` on the error); without a session it throws
 * 'No authentication token found' before calling. Every failure is an `ApiError`.
 */
import { ApiError, type ApiRequestInit, apiJson } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { authHeaders, clearSession, isAuthenticated } from '../stores/session.ts'

/** Calls `path` as the signed-in user and returns the parsed JSON answer (undefined for an empty body). */
export async function authFetch<T = unknown>(path: string, options: ApiRequestInit = {}): Promise<T> {
  if (!isAuthenticated.value) throw new ApiError(MESSAGES.noAuthToken, { status: 0 })
  const { headers, ...rest } = options
  try {
    return await apiJson<T>(path, {
      ...rest,
      credentials: 'same-origin',
      headers: { ...authHeaders(), ...(headers as Record<string, string> | undefined) },
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) throw error
    if (error.status === 401) clearSession()
    const message =
      error.status === 401
        ? MESSAGES.authenticationExpired
        : `Request failed: ${error.statusText || error.status}`
    throw new ApiError(message, { status: error.status, statusText: error.statusText, detail: error.detail })
  }
}
