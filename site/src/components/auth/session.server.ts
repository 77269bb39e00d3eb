/**
 * Server side of the session store: the signed-in user of a page request, read from the HttpOnly `auth_token`
 * cookie through the API's own session functions (one indexed lookup, or none without the cookie).
 */
import type { AppContext } from '@phrasereel/api'
import {
  findUserById,
  readCookie,
  toPublicUser,
  USER_SESSION_COOKIE,
  validateSessionToken,
} from '@phrasereel/api/server'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import type { PublicAuthConfig } from './auth-config.ts'

/** The API context the front puts on `Astro.locals` (site/server/front.ts). */
export function contextOf(locals: object): AppContext {
  const ctx = (locals as { ctx?: AppContext }).ctx
  if (!ctx) throw new Error('Astro.locals.ctx is missing: serve the site through site/server/front.ts')
  return ctx
}

/**
 * One lookup per request: the middleware (src/middleware.ts) starts it before anything is rendered, so a failing
 * database reaches the error view instead of breaking a page mid-stream (docs/decisions/076); the layout, the
 * session script and the pages then get the same answer. Keyed on the request (`Astro.locals` may be shared).
 */
const lookups = new WeakMap<Request, Promise<PublicUser | null>>()

/** The user whose session cookie the request carries, or null. */
export function getSessionUser(request: Request, locals: object): Promise<PublicUser | null> {
  let lookup = lookups.get(request)
  if (!lookup) {
    lookup = lookUpSessionUser(request, locals)
    lookups.set(request, lookup)
  }
  return lookup
}

async function lookUpSessionUser(request: Request, locals: object): Promise<PublicUser | null> {
  const token = readCookie(request.headers.get('cookie'), USER_SESSION_COOKIE)
  if (!token) return null
  const ctx = contextOf(locals)
  const session = await validateSessionToken(ctx.db, 'user', token, ctx.now())
  if (!session) return null
  const row = await findUserById(ctx.db, session.ownerId)
  return row ? toPublicUser(row) : null
}

/** The public sign-in configuration (no secrets). */
export function getPublicAuthConfig(locals: object): PublicAuthConfig {
  const { config } = contextOf(locals)
  return {
    recaptchaSiteKey: config.PUBLIC_RECAPTCHA_SITE_KEY ?? null,
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    appleClientId: config.APPLE_CLIENT_ID ?? null,
  }
}

/** JSON for a `<script type="application/json">`, with `<` escaped so no text can close the element. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}
