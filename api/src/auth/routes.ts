import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { readJson } from '../http/input.ts'
import { json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { log } from '../log.ts'
import { MESSAGES } from '../shared/messages.ts'
import { changePassword, loginUser, registerUser, requireUser, updateProfile } from './account.ts'
import { loginAdmin, requireAdmin } from './admin.ts'
import { clientAddress } from './client-address.ts'
import { resendVerification, verifyEmail } from './email-verification.ts'
import { signInWithProvider } from './oauth.ts'
import { confirmPasswordReset, requestPasswordReset } from './password-reset.ts'
import {
  ADMIN_SESSION_COOKIE,
  assertSameOrigin,
  clearedSessionCookie,
  getSession,
  invalidateOwnerSessions,
  invalidateSession,
  type SessionKind,
  type SignedIn,
  sessionCookie,
  USER_SESSION_COOKIE,
} from './session.ts'
import { toPublicUser } from './user-store.ts'
import { optionalString } from './validation.ts'

// Field types only; the rules (and their spec texts) are the domain's, and a missing bot-check token is the
// captcha message rather than a generic 'required'.
// spec §3: 'one reading names the last two firstName and lastName'; both spellings are accepted
const registerBody = z
  .object({
    email: optionalString,
    password: optionalString,
    first_name: optionalString,
    last_name: optionalString,
    firstName: optionalString,
    lastName: optionalString,
    recaptcha_token: optionalString,
  })
  .transform(({ firstName, lastName, ...body }) => ({
    ...body,
    first_name: body.first_name ?? firstName,
    last_name: body.last_name ?? lastName,
  }))
const loginBody = z.object({
  email: optionalString,
  password: optionalString,
  recaptcha_token: optionalString,
})
const verifyBody = z.object({ email: optionalString, verification_code: optionalString })
const resendBody = z.object({ email: optionalString, recaptcha_token: optionalString })
// `preferences` is checked by the domain, which names the problem (400)
const profileBody = z.object({
  first_name: optionalString,
  last_name: optionalString,
  preferences: z.unknown().optional(),
})
const resetRequestBody = z.object({ email: optionalString, recaptcha_token: optionalString })
const resetConfirmBody = z.object({
  email: optionalString,
  code: optionalString,
  new_password: optionalString,
})
const passwordBody = z.object({ current_password: optionalString, new_password: optionalString })
const oauthBody = z.object({
  id_token: optionalString,
  first_name: optionalString,
  last_name: optionalString,
})
const adminLoginBody = z.object({
  username: optionalString,
  password: optionalString,
  recaptcha_token: optionalString,
})

const NO_STORE = { 'cache-control': 'no-store' }

/** The answer of every sign-in: `access_token` and `user`, and the session cookie for the browser. */
function signedInResponse(request: Request, ctx: AppContext, signedIn: SignedIn): Response {
  return json({ access_token: signedIn.token, user: signedIn.user }, 200, {
    ...NO_STORE,
    'set-cookie': sessionCookie(
      request,
      ctx,
      USER_SESSION_COOKIE,
      signedIn.token,
      signedIn.session.expiresAt,
    ),
  })
}

/** Ends the presented session of `kind` (if any) and clears its cookie; idempotent. */
async function logout(request: Request, ctx: AppContext, kind: SessionKind): Promise<Response> {
  const found = await getSession(request, ctx, kind)
  if (found) {
    assertSameOrigin(request, found.presented, ctx)
    await invalidateSession(ctx.db, kind, found.session.id)
  }
  const cookie = kind === 'user' ? USER_SESSION_COOKIE : ADMIN_SESSION_COOKIE
  return json({ message: MESSAGES.signedOut }, 200, {
    ...NO_STORE,
    'set-cookie': clearedSessionCookie(request, ctx, cookie),
  })
}

/**
 * 'Sign out everywhere': ends every session of the signed-in user (this device and all others) and clears the
 * cookie. Unlike `logout`, it needs a live session (whose else would it end?): 401 otherwise.
 */
async function logoutEverywhere(request: Request, ctx: AppContext): Promise<Response> {
  const { user } = await requireUser(request, ctx)
  await invalidateOwnerSessions(ctx.db, 'user', user.id)
  log.info('user signed out everywhere', { userId: user.id })
  return json({ message: MESSAGES.signedOutEverywhere }, 200, {
    ...NO_STORE,
    'set-cookie': clearedSessionCookie(request, ctx, USER_SESSION_COOKIE),
  })
}

/** Accounts and sessions (spec §7.1), and the admin sign-in (spec §7.4). */
export function registerAuthRoutes(router: Router<AppContext>): void {
  router.post('/api/auth/register', async ({ request, ctx }) => {
    const body = await readJson(request, registerBody)
    return json(await registerUser(ctx, body, clientAddress(request, ctx)), 200, NO_STORE)
  })

  router.post('/api/auth/login', async ({ request, ctx }) => {
    const body = await readJson(request, loginBody)
    return signedInResponse(request, ctx, await loginUser(ctx, body, clientAddress(request, ctx)))
  })

  router.post('/auth/verify-email', async ({ request, ctx }) => {
    const body = await readJson(request, verifyBody)
    return signedInResponse(request, ctx, await verifyEmail(ctx, body, clientAddress(request, ctx)))
  })

  router.post('/auth/resend-verification', async ({ request, ctx }) => {
    const body = await readJson(request, resendBody)
    return json(await resendVerification(ctx, body, clientAddress(request, ctx)), 200, NO_STORE)
  })

  router.post('/api/auth/password-reset/request', async ({ request, ctx }) => {
    const body = await readJson(request, resetRequestBody)
    return json(await requestPasswordReset(ctx, body, clientAddress(request, ctx)), 200, NO_STORE)
  })

  router.post('/api/auth/password-reset/confirm', async ({ request, ctx }) => {
    const body = await readJson(request, resetConfirmBody)
    const signedIn = await confirmPasswordReset(ctx, body, clientAddress(request, ctx))
    return signedInResponse(request, ctx, signedIn)
  })

  for (const provider of ['google', 'apple'] as const) {
    router.post(`/api/auth/oauth/${provider}`, async ({ request, ctx }) => {
      const body = await readJson(request, oauthBody)
      const signedIn = await signInWithProvider(ctx, provider, body, clientAddress(request, ctx))
      return signedInResponse(request, ctx, signedIn)
    })
  }

  router.get('/api/auth/me', async ({ request, ctx }) => {
    const { session, user, presented } = await requireUser(request, ctx)
    const headers: Record<string, string> = { ...NO_STORE }
    // the session slides on use; a cookie-borne one gets its cookie's lifetime slid too
    if (presented.via === 'cookie') {
      headers['set-cookie'] = sessionCookie(
        request,
        ctx,
        USER_SESSION_COOKIE,
        presented.token,
        session.expiresAt,
      )
    }
    return json(toPublicUser(user), 200, headers)
  })

  router.put('/api/auth/profile', async ({ request, ctx }) => {
    const { user } = await requireUser(request, ctx)
    const body = await readJson(request, profileBody)
    return json(await updateProfile(ctx, user.id, body), 200, NO_STORE)
  })

  router.post('/api/auth/change-password', async ({ request, ctx }) => {
    const { user } = await requireUser(request, ctx)
    const body = await readJson(request, passwordBody)
    return signedInResponse(request, ctx, await changePassword(ctx, user, body))
  })

  router.post('/api/auth/logout', ({ request, ctx }) => logout(request, ctx, 'user'))

  router.post('/api/auth/logout-all', ({ request, ctx }) => logoutEverywhere(request, ctx))

  router.post('/admin-api/login', async ({ request, ctx }) => {
    const body = await readJson(request, adminLoginBody)
    const { token, session } = await loginAdmin(ctx, body, clientAddress(request, ctx))
    return json({ access_token: token, token_type: 'bearer' }, 200, {
      ...NO_STORE,
      'set-cookie': sessionCookie(request, ctx, ADMIN_SESSION_COOKIE, token, session.expiresAt),
    })
  })

  router.get('/admin-api/me', async ({ request, ctx }) => {
    const { admin, session } = await requireAdmin(request, ctx)
    return json(
      { username: admin.username, type: 'admin', expires_at: session.expiresAt.toISOString() },
      200,
      NO_STORE,
    )
  })

  router.post('/admin-api/logout', ({ request, ctx }) => logout(request, ctx, 'admin'))
}
