import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicUser } from '../src/auth/user-store.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import {
  type AuthTestApp,
  type AuthTestProcess,
  createAuthTestApp,
  startIdentityProvider,
  startSmtpServer,
  type TestIdentityProvider,
  type TestSmtpServer,
} from './auth-support.ts'
import { databaseKinds } from './harness.ts'

type Answer = { access_token?: string; user?: PublicUser; detail?: string }

const GOOGLE_CLIENT = 'phrasereel-test.apps.googleusercontent.com'
const APPLE_CLIENT = 'org.phrasereel.web'

for (const kind of databaseKinds()) {
  describe(`Google and Apple sign-in [${kind}]`, () => {
    let google: TestIdentityProvider
    let apple: TestIdentityProvider
    let smtp: TestSmtpServer
    let app: AuthTestApp
    let api: AuthTestProcess

    beforeAll(async () => {
      google = await startIdentityProvider('https://accounts.google.com')
      apple = await startIdentityProvider('https://appleid.apple.com')
      smtp = await startSmtpServer()
      app = await createAuthTestApp(kind, {
        SMTP_URL: smtp.url,
        GOOGLE_CLIENT_ID: `other-client.apps.googleusercontent.com, ${GOOGLE_CLIENT}`,
        GOOGLE_JWKS_URL: google.jwksUrl,
        APPLE_CLIENT_ID: APPLE_CLIENT,
        APPLE_JWKS_URL: apple.jwksUrl,
      })
      api = app.processes[0]!
    })
    afterAll(async () => {
      await app?.close()
      await Promise.all([google?.close(), apple?.close(), smtp?.close()])
    })

    let addresses = 0
    const signIn = (provider: 'google' | 'apple', body: Record<string, unknown>) =>
      api.call<Answer>('POST', `/api/auth/oauth/${provider}`, { body, address: `192.0.2.${++addresses}` })
    const googleClaims = (sub: string, email: string) => ({
      sub,
      aud: GOOGLE_CLIENT,
      email,
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      picture: 'https://lh3.googleusercontent.com/a/photo.jpg',
    })

    it('creates a verified account from a valid Google token, and finds it again by the token subject', async () => {
      const token = await google.sign(googleClaims('g-100', 'Grace@Example.org'))
      const first = await signIn('google', { id_token: token })
      expect(first.status).toBe(200)
      expect(first.body.user).toMatchObject({
        email: 'grace@example.org',
        first_name: 'Grace',
        last_name: 'Hopper',
        is_verified: true,
        profile_picture_url: 'https://lh3.googleusercontent.com/a/photo.jpg',
      })
      expect(first.headers.get('set-cookie')).toContain(`auth_token=${first.body.access_token};`)
      const me = await api.call<PublicUser>('GET', '/api/auth/me', { token: first.body.access_token })
      expect(me.body.id).toBe(first.body.user!.id)
      // same Google account, email changed on Google's side: still the same PhraseReel account
      const again = await signIn('google', {
        id_token: await google.sign(googleClaims('g-100', 'new@example.org')),
      })
      expect(again.body.user!.id).toBe(first.body.user!.id)
    })

    it('refuses expired, wrong-audience, wrong-issuer, wrong-key, unsigned and malformed tokens', async () => {
      const claims = googleClaims('g-200', 'mallory@example.org')
      const nowSeconds = Math.floor(Date.now() / 1000)
      const unsigned = [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        Buffer.from(
          JSON.stringify({ ...claims, iss: google.issuer, iat: nowSeconds, exp: nowSeconds + 600 }),
        ).toString('base64url'),
        '',
      ].join('.')
      const hmac = await new SignJWT({ ...claims, iss: google.issuer })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a shared secret that is long enough'))
      const bad: Record<string, string> = {
        expired: await google.sign({ ...claims, iat: nowSeconds - 7200 }, { expiresIn: -3600 }),
        'wrong audience': await google.sign({ ...claims, aud: 'someone-else.apps.googleusercontent.com' }),
        'wrong issuer': await google.sign({ ...claims, iss: 'https://evil.example' }),
        'Apple token to the Google call': await apple.sign({ ...claims, aud: GOOGLE_CLIENT }),
        'wrong key': await google.sign(claims, { key: 'unpublished' }),
        'alg none': unsigned,
        'HS256 with a shared secret': hmac,
        garbage: 'not.a.token',
        empty: '',
      }
      for (const [why, token] of Object.entries(bad)) {
        const answer = await signIn('google', { id_token: token })
        expect({ why, status: answer.status, detail: answer.body.detail }).toEqual({
          why,
          status: 401,
          detail: MESSAGES.googleFailed,
        })
      }
      expect((await signIn('google', {})).body.detail).toBe(MESSAGES.googleFailed)
      const { rows } = await app.db.query(`select 1 from users where email = 'mallory@example.org'`)
      expect(rows).toHaveLength(0)
    })

    it('refuses to create an account from an unverified Google email', async () => {
      const token = await google.sign({
        ...googleClaims('g-300', 'unverified@example.org'),
        email_verified: false,
      })
      const answer = await signIn('google', { id_token: token })
      expect(answer.status).toBe(401)
      expect(answer.body.detail).toMatch(new RegExp(`^${MESSAGES.googleFailed}`))
    })

    it('links Google to an existing verified password account with the same email; the password still works', async () => {
      await api.call('POST', '/api/auth/register', {
        body: {
          email: 'kat@example.org',
          password: 'kat password',
          first_name: 'Kat',
          last_name: 'J',
          recaptcha_token: 't',
        },
      })
      const verified = await api.call<Answer>('POST', '/auth/verify-email', {
        body: { email: 'kat@example.org', verification_code: smtp.latestCode('kat@example.org') },
      })
      const viaGoogle = await signIn('google', {
        id_token: await google.sign(googleClaims('g-400', 'KAT@example.org')),
      })
      expect(viaGoogle.status).toBe(200)
      expect(viaGoogle.body.user).toMatchObject({
        id: verified.body.user!.id,
        first_name: 'Kat', // the account's own names stay
        profile_picture_url: 'https://lh3.googleusercontent.com/a/photo.jpg', // a missing picture is filled in
      })
      const login = await api.call('POST', '/api/auth/login', {
        body: { email: 'kat@example.org', password: 'kat password', recaptcha_token: 't' },
      })
      expect(login.status).toBe(200)
    })

    it('takes over an unverified registration of the same email for the verified Apple user, dropping its password', async () => {
      // someone registers the victim's email with their own password and never verifies it
      await api.call('POST', '/api/auth/register', {
        body: {
          email: 'victim@example.org',
          password: 'squatter password',
          first_name: 'S',
          last_name: 'Q',
          recaptcha_token: 't',
        },
      })
      const pendingCode = smtp.latestCode('victim@example.org')
      const token = await apple.sign({
        sub: '001234.abcdef',
        aud: APPLE_CLIENT,
        email: 'victim@example.org',
        email_verified: 'true', // Apple sends a string
        is_private_email: 'false',
      })
      const answer = await signIn('apple', { id_token: token })
      expect(answer.status).toBe(200)
      expect(answer.body.user).toMatchObject({ email: 'victim@example.org', is_verified: true })
      const squatter = await api.call<Answer>('POST', '/api/auth/login', {
        body: { email: 'victim@example.org', password: 'squatter password', recaptcha_token: 't' },
      })
      expect(squatter).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } })
      const code = await api.call<Answer>('POST', '/auth/verify-email', {
        body: { email: 'victim@example.org', verification_code: pendingCode },
      })
      // verified now: the pending code is gone, and the answer is the one an unknown address gets
      expect(code).toMatchObject({ status: 400, body: { detail: MESSAGES.verificationCodeWrong } })
    })

    it('creates an Apple account with the names the page passes (Apple tokens carry none)', async () => {
      const token = await apple.sign({
        sub: '009999.fedcba',
        aud: APPLE_CLIENT,
        email: 'relay@privaterelay.appleid.com',
        email_verified: true,
      })
      const answer = await signIn('apple', { id_token: token, first_name: ' Tim ', last_name: 'B' })
      expect(answer.status).toBe(200)
      expect(answer.body.user).toMatchObject({ first_name: 'Tim', last_name: 'B', profile_picture_url: null })
      const wrongAudience = await apple.sign({
        sub: '009999.fedcba',
        aud: 'org.other.app',
        email: 'x@example.org',
        email_verified: true,
      })
      expect((await signIn('apple', { id_token: wrongAudience })).body.detail).toBe(MESSAGES.appleFailed)
    })

    it("answers the spec's 'not available' texts when no client id is configured", async () => {
      const configured = api.ctx.config
      api.ctx.config = { ...configured, GOOGLE_CLIENT_ID: undefined, APPLE_CLIENT_ID: undefined }
      try {
        const token = await google.sign(googleClaims('g-100', 'grace@example.org'))
        expect(await signIn('google', { id_token: token })).toMatchObject({
          status: 400,
          body: { detail: MESSAGES.googleUnavailable },
        })
        expect(await signIn('apple', { id_token: token })).toMatchObject({
          status: 400,
          body: { detail: MESSAGES.appleUnavailable },
        })
      } finally {
        api.ctx.config = configured
      }
    })
  })
}
