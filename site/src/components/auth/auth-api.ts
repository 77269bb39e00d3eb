/**
 * The sign-in calls of spec §7.1 as the forms use them. Each resolves to its answer or throws the shared client's
 * `ApiError`; `formError` turns any failure into the text a form shows: the server's `detail`, the spec's fallback
 * for the call, or 'Network error. Please try again.' when no answer came.
 */
import { ApiError, apiFetch } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { authFetch } from '../../lib/auth-client.ts'
import { clearSession, setSignedIn } from '../../stores/session.ts'

interface SignedInAnswer {
  access_token: string
  user: PublicUser
}

/** The text a form shows for a failed call: the server's detail, else `fallback`; no answer: the network text. */
export function formError(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (error.status === 0) return MESSAGES.networkError
  return error.detail || fallback
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await apiFetch(path, { method: 'POST', credentials: 'same-origin', json: body })
  return (await response.json()) as T
}

async function signIn(path: string, body: unknown): Promise<PublicUser> {
  const answer = await post<SignedInAnswer>(path, body)
  setSignedIn(answer.user, answer.access_token)
  return answer.user
}

/** POST /api/auth/login; stores the session on success. */
export function login(email: string, password: string, recaptchaToken: string): Promise<PublicUser> {
  return signIn('/api/auth/login', { email, password, recaptcha_token: recaptchaToken })
}

/** POST /api/auth/register; does not sign in (spec §4). */
export function register(input: {
  email: string
  password: string
  firstName: string
  lastName: string
  recaptchaToken: string
}): Promise<{ message: string }> {
  return post('/api/auth/register', {
    email: input.email,
    password: input.password,
    first_name: input.firstName,
    last_name: input.lastName,
    recaptcha_token: input.recaptchaToken,
  })
}

/** POST /auth/verify-email; stores the session on success. */
export function verifyEmail(email: string, code: string): Promise<PublicUser> {
  return signIn('/auth/verify-email', { email, verification_code: code })
}

/** POST /auth/resend-verification. */
export function resendVerification(email: string, recaptchaToken: string): Promise<{ message?: unknown }> {
  return post('/auth/resend-verification', { email, recaptcha_token: recaptchaToken })
}

/** POST /api/auth/password-reset/request: mails a reset code if the address has an account (same answer if not). */
export function requestPasswordReset(email: string, recaptchaToken: string): Promise<{ message?: unknown }> {
  return post('/api/auth/password-reset/request', { email, recaptcha_token: recaptchaToken })
}

/** POST /api/auth/password-reset/confirm; sets the new password and stores the new session on success. */
export function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<PublicUser> {
  return signIn('/api/auth/password-reset/confirm', { email, code, new_password: newPassword })
}

/** POST /api/auth/oauth/{provider} with the provider's ID token. */
export function signInWithProvider(provider: 'google' | 'apple', idToken: string): Promise<PublicUser> {
  return signIn(`/api/auth/oauth/${provider}`, { id_token: idToken })
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
export async function logoutEverywhere(): Promise<void> {
  try {
    await authFetch('/api/auth/logout-all', { method: 'POST' })
  } catch (caught) {
    if (!(caught instanceof ApiError) || caught.status !== 401) throw caught
  }
  clearSession()
}
