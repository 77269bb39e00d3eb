/**
 * The sign-in calls of spec §7.1 as the forms use them. Each resolves to `{ ok: true, … }` or
 * `{ ok: false, error }` with the server's `detail` (or the spec's fallback); a failed fetch gives
 * 'Network error. Please try again.'.
 */
import { ApiError, apiFetch } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { authFetch } from '../../lib/auth-client.ts'
import { clearSession, setSignedIn } from '../../stores/session.ts'

/** What a form shows: the answer, or the text to show for the failure (the forms draw it in their banner). */
export type AuthResult<T> = { ok: true; value: T } | { ok: false; error: string; status: number }

interface SignedInAnswer {
  access_token: string
  user: PublicUser
}

async function post<T>(
  path: string,
  body: unknown,
  fallback: string,
  method = 'POST',
): Promise<AuthResult<T>> {
  let response: Response
  try {
    response = await apiFetch(path, { method, credentials: 'same-origin', json: body })
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      return { ok: false, error: error.detail ?? fallback, status: error.status }
    return { ok: false, error: MESSAGES.networkError, status: 0 }
  }
  try {
    return { ok: true, value: (await response.json()) as T }
  } catch {
    return { ok: false, error: fallback, status: response.status }
  }
}

async function signIn(path: string, body: unknown, fallback: string): Promise<AuthResult<PublicUser>> {
  const result = await post<SignedInAnswer>(path, body, fallback)
  if (!result.ok) return result
  setSignedIn(result.value.user, result.value.access_token)
  return { ok: true, value: result.value.user }
}

/** POST /api/auth/login; stores the session on success. */
export function login(
  email: string,
  password: string,
  recaptchaToken: string,
): Promise<AuthResult<PublicUser>> {
  return signIn(
    '/api/auth/login',
    { email, password, recaptcha_token: recaptchaToken },
    MESSAGES.genericError,
  )
}

/** POST /api/auth/register; does not sign in (spec §4). */
export function register(input: {
  email: string
  password: string
  firstName: string
  lastName: string
  recaptchaToken: string
}): Promise<AuthResult<{ message: string }>> {
  return post(
    '/api/auth/register',
    {
      email: input.email,
      password: input.password,
      first_name: input.firstName,
      last_name: input.lastName,
      recaptcha_token: input.recaptchaToken,
    },
    MESSAGES.genericError,
  )
}

/** POST /auth/verify-email; stores the session on success. */
export function verifyEmail(email: string, code: string): Promise<AuthResult<PublicUser>> {
  return signIn('/auth/verify-email', { email, verification_code: code }, MESSAGES.verificationFailed)
}

/** POST /auth/resend-verification. */
export function resendVerification(email: string, recaptchaToken: string): Promise<AuthResult<unknown>> {
  return post('/auth/resend-verification', { email, recaptcha_token: recaptchaToken }, MESSAGES.resendFailed)
}

/** POST /api/auth/oauth/{provider} with the provider's ID token. */
export function signInWithProvider(
  provider: 'google' | 'apple',
  idToken: string,
): Promise<AuthResult<PublicUser>> {
  return signIn(
    `/api/auth/oauth/${provider}`,
    { id_token: idToken },
    provider === 'google' ? MESSAGES.googleFailedRetry : MESSAGES.appleFailedRetry,
  )
}

/** Ends the session on the server (best effort) and locally. */
export async function logout(): Promise<void> {
  try {
    await apiFetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' })
  } catch (error) {
    // the session ends here either way; only a call that got no answer is worth a note
    if (!(error instanceof ApiError) || error.status === 0) console.warn('[auth] logout call failed:', error)
  }
  clearSession()
}

/**
 * 'Sign out everywhere': POST /api/auth/logout-all ends every session of the user (this device and all others),
 * then the local one. A 401 means no session was left to end, which is success too.
 */
export async function logoutEverywhere(): Promise<AuthResult<null>> {
  try {
    await authFetch('/api/auth/logout-all', { method: 'POST' })
  } catch (caught) {
    if (!(caught instanceof ApiError)) return { ok: false, error: MESSAGES.networkError, status: 0 }
    if (caught.status !== 401)
      return { ok: false, error: caught.detail ?? caught.message, status: caught.status }
  }
  clearSession()
  return { ok: true, value: null }
}
