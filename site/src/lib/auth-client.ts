/**
 * The authenticated helper of spec §7.1/§8: sends JSON with the session (cookie, plus the bearer token when one
 * is known). A 401 clears the session and throws 'Authentication expired'; other failures throw
 * 'Request failed: {status text}' (with the server's `detail` on the error); without a session it throws
 * 'No authentication token found' before calling.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { authHeaders, clearSession, isAuthenticated } from '../stores/session.ts'

/** A failed authenticated call; `detail` is the server's `{ detail }` text when it sent one. */
export class AuthRequestError extends Error {
  override name = 'AuthRequestError'
  readonly status: number
  readonly detail: string | null
  constructor(message: string, status: number, detail: string | null) {
    super(message)
    this.status = status
    this.detail = detail
  }
}

/** The server's `detail` text of a failed answer, or null. */
export async function readDetail(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { detail?: unknown }
    if (typeof body.detail === 'string') return body.detail
    if (Array.isArray(body.detail))
      return body.detail.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join('; ')
    return null
  } catch {
    return null
  }
}

/** Calls `path` as the signed-in user and returns the parsed JSON answer (undefined for an empty body). */
export async function authFetch<T = unknown>(
  path: string,
  options: RequestInit & { json?: unknown } = {},
): Promise<T> {
  if (!isAuthenticated.value) throw new AuthRequestError(MESSAGES.noAuthToken, 0, null)
  const { json, headers, ...rest } = options
  const response = await fetch(path, {
    ...rest,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...authHeaders(),
      ...(headers as Record<string, string> | undefined),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  })
  if (response.status === 401) {
    clearSession()
    throw new AuthRequestError(MESSAGES.authenticationExpired, 401, await readDetail(response))
  }
  if (!response.ok) {
    const detail = await readDetail(response)
    throw new AuthRequestError(
      `Request failed: ${response.statusText || response.status}`,
      response.status,
      detail,
    )
  }
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}
