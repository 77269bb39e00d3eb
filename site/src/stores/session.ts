/**
 * The signed-in session every island shares (spec §4 Auth): loading, then authenticated or not.
 *
 * The session cookie `auth_token` is HttpOnly (set by the server), so the browser cannot read it; instead the
 * server renders the session it knows into the page (`SessionScript.astro`) and this store starts from that, with
 * no flash of the signed-out UI. Pages rendered without it (cached, session-free HTML) start in `loading` and ask
 * GET /api/auth/me. See docs/decisions/070.
 */
import { apiJson } from '@phrasereel/api/shared/http-client'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { computed, signal } from '@preact/signals-core'

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated'

/** Id of the JSON script element the server renders the known session into. */
export const SESSION_SCRIPT_ID = 'phrasereel-session'

interface EmbeddedSession {
  user: PublicUser | null
  /** The public sign-in configuration (see components/auth/auth-config.ts). */
  config?: Record<string, string | null>
}

let loadedConfig: Record<string, string | null> | undefined

/** The public sign-in configuration the page carried or the session answer brought. */
export function embeddedConfig(): Record<string, string | null> | undefined {
  return loadedConfig ?? readEmbedded()?.config
}

function readEmbedded(): EmbeddedSession | undefined {
  if (typeof document === 'undefined') return undefined
  const element = document.getElementById(SESSION_SCRIPT_ID)
  if (!element?.textContent) return undefined
  try {
    return JSON.parse(element.textContent) as EmbeddedSession
  } catch {
    return undefined
  }
}

const embedded = readEmbedded()

/** The signed-in user, or null. */
export const sessionUser = signal<PublicUser | null>(embedded?.user ?? null)
/** Whether the session is known yet. */
export const authStatus = signal<AuthStatus>(
  embedded ? (embedded.user ? 'authenticated' : 'unauthenticated') : 'loading',
)
/** The bearer token of the last sign-in answer, kept in memory only; the HttpOnly cookie is what persists. */
export const accessToken = signal<string | null>(null)
/** True once signed in. */
export const isAuthenticated = computed(() => authStatus.value === 'authenticated')
/** Bumped on every sign-in, so islands refetch per-user state (like/save status) after it. */
export const sessionEpoch = signal(0)

/** Records a successful sign-in (login, Google, Apple, email verification). */
export function setSignedIn(user: PublicUser, token?: string | null): void {
  sessionUser.value = user
  if (token) accessToken.value = token
  authStatus.value = 'authenticated'
  sessionEpoch.value++
}

/** Replaces the stored user after a profile update. */
export function replaceUser(user: PublicUser): void {
  sessionUser.value = user
}

/** Forgets the session locally (logout, or a 401 from the server). */
export function clearSession(): void {
  sessionUser.value = null
  accessToken.value = null
  authStatus.value = 'unauthenticated'
}

/** Headers that authenticate a call: the cookie goes by itself; the bearer token too when one is known. */
export function authHeaders(): Record<string, string> {
  return accessToken.value ? { authorization: `Bearer ${accessToken.value}` } : {}
}

let loading: Promise<void> | null = null

/** Where the session is asked for when the page did not carry it: `/profile` answers it as JSON (always 200). */
export const SESSION_URL = '/profile'

/** Learns the session when the page did not carry it; safe to call many times. */
export function ensureSessionLoaded(): Promise<void> {
  if (authStatus.value !== 'loading') return Promise.resolve()
  loading ??= (async () => {
    try {
      const body = await apiJson<Partial<EmbeddedSession> | undefined>(SESSION_URL, {
        credentials: 'same-origin',
      })
      if (body?.config) loadedConfig = body.config
      if (body?.user) {
        sessionUser.value = body.user
        authStatus.value = 'authenticated'
      } else {
        clearSession()
      }
    } catch (error) {
      console.warn('[session] could not load the session:', error)
      clearSession()
    } finally {
      loading = null
    }
  })()
  return loading
}

if (typeof window !== 'undefined' && authStatus.value === 'loading') void ensureSessionLoaded()
