import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PublicUser } from '../src/auth/user-store.ts'
import { createSmtpMailer } from '../src/mail/mailer.ts'
import { LIMITS } from '../src/shared/limits.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import {
  type AuthTestApp,
  type AuthTestProcess,
  captureLogs,
  createAuthTestApp,
  dumpDatabase,
  startSmtpServer,
  type TestSmtpServer,
} from './auth-support.ts'
import { databaseKinds } from './harness.ts'

type Detail = { detail: string }
type SignedIn = { access_token: string; user: PublicUser }

const DAY_MS = 24 * 60 * 60 * 1000

for (const kind of databaseKinds()) {
  describe(`accounts: sign-up, email code, sign-in, profile, sessions [${kind}]`, () => {
    let smtp: TestSmtpServer
    let app: AuthTestApp
    let api: AuthTestProcess
    let logs: ReturnType<typeof captureLogs>
    let clockOffsetMs = 0
    // every secret the tests handle, to look for afterwards in the database and the logs
    const secrets = new Set<string>()

    beforeAll(async () => {
      logs = captureLogs()
      smtp = await startSmtpServer()
      app = await createAuthTestApp(kind, { SMTP_URL: smtp.url })
      api = app.processes[0]!
      api.ctx.now = () => new Date(Date.now() + clockOffsetMs)
    })
    afterAll(async () => {
      logs.stop()
      await app?.close()
      await smtp?.close()
    })

    const advance = (ms: number) => {
      clockOffsetMs += ms
    }
    // each call from its own address: these tests are about the flows, auth-rate-limit.test.ts about the limits
    let addresses = 0
    const address = () => `192.0.2.${++addresses % 250}`
    const register = (body: Record<string, unknown>) => {
      if (typeof body.password === 'string') secrets.add(body.password)
      return api.call<Detail & { message: string }>('POST', '/api/auth/register', {
        body: { recaptcha_token: 'any-token', ...body },
        address: address(),
      })
    }
    const person = (email: string, password = 'correct horse battery') => ({
      email,
      password,
      first_name: 'Ada',
      last_name: 'Lovelace',
    })
    const codeFor = (email: string) => {
      const code = smtp.latestCode(email)
      expect(code).toMatch(/^\d{8}$/)
      secrets.add(code!)
      return code!
    }
    const verify = async (email: string, code: string) => {
      const result = await api.call<SignedIn & Detail>('POST', '/auth/verify-email', {
        body: { email, verification_code: code },
        address: address(),
      })
      if (result.body?.access_token) secrets.add(result.body.access_token)
      return result
    }
    const login = async (email: string, password: string, extra: Record<string, unknown> = {}) => {
      const result = await api.call<SignedIn & Detail>('POST', '/api/auth/login', {
        body: { email, password, recaptcha_token: 'any-token', ...extra },
        address: address(),
      })
      if (result.body?.access_token) secrets.add(result.body.access_token)
      return result
    }

    it('refuses registrations that break the rules of spec §5, with its texts, and mails nothing', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ...person('a@example.org'), first_name: '   ' }, 422, MESSAGES.firstNameRequired],
        [{ ...person('a@example.org'), last_name: undefined }, 422, MESSAGES.lastNameRequired],
        [{ ...person('a@example.org'), email: ' ' }, 422, MESSAGES.emailRequired],
        [{ ...person('not-an-email'), password: 'long enough' }, 422, MESSAGES.emailInvalid],
        [person('a@example.org', 'short77'), 422, MESSAGES.passwordTooShort],
        [{ ...person('a@example.org'), recaptcha_token: undefined }, 400, MESSAGES.captchaFailed],
        [{ ...person('a@example.org'), recaptcha_token: '' }, 400, MESSAGES.captchaFailed],
      ]
      for (const [body, status, detail] of cases) {
        const { status: got, body: answer } = await register(body)
        expect({ got, detail: answer.detail }).toEqual({ got: status, detail })
      }
      expect(smtp.received).toHaveLength(0)
      expect(MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters long')
    })

    it('registers without signing in, and mails an 8-digit code over SMTP', async () => {
      const { status, body, headers } = await register(person('Ada@Example.org'))
      expect(status).toBe(200)
      expect(body).toEqual({ message: MESSAGES.registrationSent })
      expect(headers.get('set-cookie')).toBeNull()
      expect(smtp.received.map((mail) => mail.to)).toEqual([['ada@example.org']])
      expect(codeFor('ada@example.org')).toHaveLength(LIMITS.verificationCodeDigits)
    })

    it("answers 'Email not verified' to the right password of an unverified account, and nothing more to a wrong one", async () => {
      const right = await login('ada@example.org', 'correct horse battery')
      expect(right.status).toBe(403)
      expect(right.body.detail).toContain('Email not verified')
      const wrong = await login('ada@example.org', 'wrong password!')
      expect(wrong).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } })
    })

    it('holds a re-registration inside the 180 s cooldown, then sends a new code that replaces the old one', async () => {
      const firstCode = codeFor('ada@example.org')
      const early = await register(person('ada@example.org', 'second password'))
      expect(early.status).toBe(429)
      expect(early.body.detail).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/)
      const retryAfter = Number(early.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.resendCooldownSeconds)
      expect(early.body.detail).toBe(`Please wait ${retryAfter} seconds before requesting a new code.`)
      expect(smtp.received).toHaveLength(1)

      advance(LIMITS.resendCooldownSeconds * 1000 + 1000)
      const again = await register({ ...person('ada@example.org', 'second password'), first_name: 'Augusta' })
      expect(again).toMatchObject({ status: 200, body: { message: MESSAGES.registrationSent } })
      expect(smtp.received).toHaveLength(2)
      const secondCode = codeFor('ada@example.org')
      if (secondCode !== firstCode) {
        expect(await verify('ada@example.org', firstCode)).toMatchObject({
          status: 400,
          body: { detail: MESSAGES.verificationCodeWrong },
        })
      }
    })

    it('checks the code format, then answers a wrong code without verifying', async () => {
      for (const code of ['1234567', '123456789', '1234abcd', '']) {
        expect(await verify('ada@example.org', code)).toMatchObject({
          status: 422,
          body: { detail: MESSAGES.verificationCodeInvalid },
        })
      }
      const right = codeFor('ada@example.org')
      const wrong = right === '00000000' ? '11111111' : '00000000'
      expect(await verify('ada@example.org', wrong)).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.verificationCodeWrong },
      })
      expect(await verify('nobody@example.org', right)).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.verificationCodeWrong },
      })
    })

    it('verifies with the mailed code: signs in with a token, the user and an HttpOnly cookie', async () => {
      const { status, body, headers } = await verify('ADA@example.org', codeFor('ada@example.org'))
      expect(status).toBe(200)
      expect(body.user).toEqual({
        id: expect.any(Number),
        email: 'ada@example.org',
        first_name: 'Augusta',
        last_name: 'Lovelace',
        is_verified: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        profile_picture_url: null,
        preferences: {},
      })
      expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{20,}$/)
      const cookie = headers.get('set-cookie')!
      expect(cookie).toContain(`auth_token=${body.access_token};`)
      expect(cookie).toContain(`Max-Age=${LIMITS.authCookieDays * 86400}`)
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
      expect(cookie).not.toMatch(/Secure/) // http://localhost
      const me = await api.call<PublicUser>('GET', '/api/auth/me', { token: body.access_token })
      expect(me.body.email).toBe('ada@example.org')
      // the code is spent, and the account is verified: a code for it now reads as for an unknown address
      const unknown = await verify('nobody-at-all@example.org', codeFor('ada@example.org'))
      expect(unknown).toMatchObject({ status: 400, body: { detail: MESSAGES.verificationCodeWrong } })
      const again = await verify('ada@example.org', codeFor('ada@example.org'))
      expect({ status: again.status, body: again.body }).toEqual({
        status: unknown.status,
        body: unknown.body,
      })
    })

    it('signs in with the latest registered password only', async () => {
      expect((await login('ada@example.org', 'correct horse battery')).status).toBe(401)
      const { status, body, headers } = await login(' ADA@example.org ', 'second password')
      expect(status).toBe(200)
      expect(body.user.email).toBe('ada@example.org')
      expect(headers.get('set-cookie')).toContain('auth_token=')
    })

    it('refuses sign-in without a bot-check token, with the spec text', async () => {
      expect(await login('ada@example.org', 'second password', { recaptcha_token: null })).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.captchaFailed },
      })
    })

    it('reads the same for an unknown email and a wrong password', async () => {
      const unknown = await login('ghost@example.org', 'whatever123')
      const wrong = await login('ada@example.org', 'whatever123')
      expect(unknown).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } })
      expect(wrong).toMatchObject({ status: 401, body: { detail: MESSAGES.invalidCredentials } })
    })

    it('answers a sign-up with a verified email as one with a new email, and mails the owner instead of a code', async () => {
      advance(LIMITS.resendCooldownSeconds * 1000) // past the cooldown of the sign-ups above
      const mailsBefore = smtp.received.length
      const verified = await register(person('ADA@EXAMPLE.ORG', 'third password'))
      const fresh = await register(person('newcomer@example.org', 'newcomer password'))
      expect(verified).toMatchObject({ status: 200, body: { message: MESSAGES.registrationSent } })
      expect({ status: verified.status, body: verified.body }).toEqual({
        status: fresh.status,
        body: fresh.body,
      })
      expect(verified.headers.get('set-cookie')).toBeNull()
      // the owner is told, with no code; the newcomer gets a code
      const mails = smtp.received.slice(mailsBefore)
      expect(mails.map((mail) => mail.to)).toEqual([['ada@example.org'], ['newcomer@example.org']])
      expect(mails[0]!.raw).toMatch(/^Subject: Your PhraseReel account$/m)
      expect(smtp.latestCode('ada@example.org')).toBeNull()
      expect(codeFor('newcomer@example.org')).toMatch(/^\d{8}$/)
      // nothing changed on the account
      expect((await login('ada@example.org', 'third password')).status).toBe(401)
      expect((await login('ada@example.org', 'second password')).status).toBe(200)
      // again within the 180 s: the same 429 for both, and no more mail
      const verifiedAgain = await register(person('ada@example.org', 'third password'))
      const freshAgain = await register(person('newcomer@example.org', 'newcomer password'))
      expect(verifiedAgain.status).toBe(429)
      expect(verifiedAgain.body.detail).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/)
      // (the seconds left differ by how long the calls in between took)
      const shape = (answer: { status: number; body: Detail }) => [
        answer.status,
        answer.body.detail.replace(/\d+/, 'N'),
      ]
      expect(shape(freshAgain)).toEqual(shape(verifiedAgain))
      expect(smtp.received.length).toBe(mailsBefore + 2)
      advance(LIMITS.resendCooldownSeconds * 1000)
    })

    it('resend: the same answers for unknown and verified emails, 180 s cooldown with Retry-After', async () => {
      const before = smtp.received.length
      const resend = (email: string) =>
        api.call<Detail>('POST', '/auth/resend-verification', { body: { email, recaptcha_token: 't' } })
      const unknown = await resend('ghost@example.org')
      expect(unknown).toMatchObject({ status: 200, body: { message: MESSAGES.verificationCodeSent } })
      expect(smtp.received.length).toBe(before)
      const verified = await resend('ada@example.org')
      expect({ status: verified.status, body: verified.body }).toEqual({
        status: unknown.status,
        body: unknown.body,
      })
      // the owner of the verified account gets a notice (sent after the answer, so it takes no longer), no code
      await expect.poll(() => smtp.received.length).toBe(before + 1)
      expect(smtp.received[before]!.to).toEqual(['ada@example.org'])
      expect(smtp.latestCode('ada@example.org')).toBeNull()
      // within the cooldown both are the same 429
      const unknownAgain = await resend('ghost@example.org')
      const verifiedAgain = await resend('ada@example.org')
      expect(unknownAgain.status).toBe(429)
      expect(unknownAgain.body.detail).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/)
      const shape = (answer: { status: number; body: Detail }) => [
        answer.status,
        answer.body.detail.replace(/\d+/, 'N'),
      ]
      expect(shape(verifiedAgain)).toEqual(shape(unknownAgain))
      expect(smtp.received.length).toBe(before + 1)
      expect(
        await api.call('POST', '/auth/resend-verification', { body: { email: 'ghost@example.org' } }),
      ).toMatchObject({ status: 400, body: { detail: MESSAGES.captchaFailed } })

      // spec §3's other reading of the payload: firstName and lastName
      expect(
        (
          await register({
            email: 'grace@example.org',
            password: 'grace password',
            firstName: 'Grace',
            lastName: 'Hopper',
          })
        ).status,
      ).toBe(200)
      const first = codeFor('grace@example.org')
      advance(60_000)
      const early = await api.call<Detail>('POST', '/auth/resend-verification', {
        body: { email: 'grace@example.org', recaptcha_token: 't' },
      })
      expect(early.status).toBe(429)
      expect(early.body.detail).toBe('Please wait 120 seconds before requesting a new code.')
      expect(early.headers.get('retry-after')).toBe('120')

      advance(120_000)
      const sent = await api.call('POST', '/auth/resend-verification', {
        body: { email: 'grace@example.org', recaptcha_token: 't' },
      })
      expect(sent).toMatchObject({ status: 200, body: { message: MESSAGES.verificationCodeSent } })
      const second = codeFor('grace@example.org')
      expect(smtp.received.filter((mail) => mail.to.includes('grace@example.org'))).toHaveLength(2)
      if (first !== second) expect((await verify('grace@example.org', first)).status).toBe(400)
      expect(await verify('grace@example.org', second)).toMatchObject({
        status: 200,
        body: { user: { first_name: 'Grace', last_name: 'Hopper' } },
      })
    })

    it('spends a code after 5 wrong tries, even for the right code; a new code works', async () => {
      expect((await register(person('linus@example.org', 'linus password'))).status).toBe(200)
      const code = codeFor('linus@example.org')
      const wrong = code === '99999999' ? '88888888' : '99999999'
      for (let i = 0; i < LIMITS.verificationMaxAttempts; i++) {
        expect((await verify('linus@example.org', wrong)).body.detail).toBe(MESSAGES.verificationCodeWrong)
      }
      expect(await verify('linus@example.org', code)).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.verificationCodeSpent },
      })
      advance(LIMITS.resendCooldownSeconds * 1000)
      expect(
        (
          await api.call('POST', '/auth/resend-verification', {
            body: { email: 'linus@example.org', recaptcha_token: 't' },
          })
        ).status,
      ).toBe(200)
      expect((await verify('linus@example.org', codeFor('linus@example.org'))).status).toBe(200)
    })

    it('lets a code expire after 15 minutes', async () => {
      expect((await register(person('edsger@example.org', 'edsger password'))).status).toBe(200)
      const code = codeFor('edsger@example.org')
      advance(LIMITS.verificationCodeTtlMinutes * 60_000 + 1000)
      expect(await verify('edsger@example.org', code)).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.verificationCodeExpired },
      })
    })

    it('edits the profile: names trimmed and required, the answer is the updated user', async () => {
      const { body } = await login('ada@example.org', 'second password')
      const token = body.access_token
      expect(
        await api.call('PUT', '/api/auth/profile', { token, body: { first_name: ' ', last_name: 'King' } }),
      ).toMatchObject({ status: 422, body: { detail: MESSAGES.firstNameRequired } })
      const updated = await api.call<PublicUser>('PUT', '/api/auth/profile', {
        token,
        body: { first_name: '  Ada ', last_name: ' King ' },
      })
      expect(updated.status).toBe(200)
      expect(updated.body).toMatchObject({ first_name: 'Ada', last_name: 'King', email: 'ada@example.org' })
      expect((await api.call<PublicUser>('GET', '/api/auth/me', { token })).body.last_name).toBe('King')
    })

    it('accepts the auth_token cookie, refuses cross-site cookie state changes, and slides the cookie on /me', async () => {
      const { body } = await login('ada@example.org', 'second password')
      const cookie = `theme=dark; auth_token=${body.access_token}`
      const me = await api.call<PublicUser>('GET', '/api/auth/me', { cookie })
      expect(me.status).toBe(200)
      expect(me.headers.get('set-cookie')).toContain(`auth_token=${body.access_token};`)
      const profile = { first_name: 'Ada', last_name: 'Byron' }
      expect(
        await api.call('PUT', '/api/auth/profile', {
          cookie,
          body: profile,
          headers: { origin: 'https://evil.example' },
        }),
      ).toMatchObject({ status: 403, body: { detail: MESSAGES.crossSiteRefused } })
      expect(
        (
          await api.call('PUT', '/api/auth/profile', {
            cookie,
            body: profile,
            headers: { 'sec-fetch-site': 'cross-site' },
          })
        ).status,
      ).toBe(403)
      expect(
        (
          await api.call('PUT', '/api/auth/profile', {
            cookie,
            body: profile,
            headers: { origin: 'http://localhost:4321' },
          })
        ).status,
      ).toBe(200)
      // a bearer token cannot be sent by a forged cross-site form
      expect(
        (
          await api.call('PUT', '/api/auth/profile', {
            token: body.access_token,
            body: profile,
            headers: { origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(200)
    })

    it('slides a session in use past 30 days and ends an idle one after 30', async () => {
      const { body } = await login('ada@example.org', 'second password')
      const token = body.access_token
      advance(20 * DAY_MS)
      expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(200)
      advance(20 * DAY_MS) // 40 days after sign-in, 20 after the last use
      expect((await api.call('GET', '/api/auth/me', { token })).status).toBe(200)
      advance(31 * DAY_MS)
      expect(await api.call('GET', '/api/auth/me', { token })).toMatchObject({
        status: 401,
        body: { detail: MESSAGES.notAuthenticated },
      })
    })

    it('logs out: the session is revoked and the cookie cleared', async () => {
      const { body } = await login('ada@example.org', 'second password')
      const other = await login('ada@example.org', 'second password')
      const out = await api.call('POST', '/api/auth/logout', { token: body.access_token })
      expect(out).toMatchObject({ status: 200, body: { message: MESSAGES.signedOut } })
      expect(out.headers.get('set-cookie')).toMatch(/^auth_token=; Path=\/; Max-Age=0; HttpOnly/)
      expect((await api.call('GET', '/api/auth/me', { token: body.access_token })).status).toBe(401)
      // only that session: the other device stays signed in
      expect((await api.call('GET', '/api/auth/me', { token: other.body.access_token })).status).toBe(200)
      // a cookie logout from another site is refused
      expect(
        (
          await api.call('POST', '/api/auth/logout', {
            cookie: `auth_token=${other.body.access_token}`,
            headers: { origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403)
      expect((await api.call('GET', '/api/auth/me', { token: other.body.access_token })).status).toBe(200)
    })

    it('changes the password: needs the current one, revokes every session, hands out a new one', async () => {
      const a = await login('ada@example.org', 'second password')
      const b = await login('ada@example.org', 'second password')
      const token = a.body.access_token
      expect(
        await api.call('POST', '/api/auth/change-password', {
          token,
          body: { current_password: 'not it at all', new_password: 'fourth password' },
        }),
      ).toMatchObject({ status: 403, body: { detail: MESSAGES.currentPasswordWrong } })
      expect(
        await api.call('POST', '/api/auth/change-password', {
          token,
          body: { current_password: 'second password', new_password: 'short' },
        }),
      ).toMatchObject({ status: 422, body: { detail: MESSAGES.passwordTooShort } })
      secrets.add('fourth password')
      const changed = await api.call<SignedIn>('POST', '/api/auth/change-password', {
        token,
        body: { current_password: 'second password', new_password: 'fourth password' },
      })
      expect(changed.status).toBe(200)
      secrets.add(changed.body.access_token)
      for (const old of [a.body.access_token, b.body.access_token]) {
        expect((await api.call('GET', '/api/auth/me', { token: old })).status).toBe(401)
      }
      expect((await api.call('GET', '/api/auth/me', { token: changed.body.access_token })).status).toBe(200)
      expect((await login('ada@example.org', 'second password')).status).toBe(401)
      expect((await login('ada@example.org', 'fourth password')).status).toBe(200)
    })

    it('answers malformed input on every auth call with a 4xx detail, never a 5xx', async () => {
      const paths = [
        '/api/auth/register',
        '/api/auth/login',
        '/auth/verify-email',
        '/auth/resend-verification',
        '/api/auth/oauth/google',
        '/api/auth/oauth/apple',
        '/admin-api/login',
      ]
      const long = 'x'.repeat(20_000)
      const bodies: unknown[] = [
        null,
        [],
        'text',
        42,
        { email: 42, password: true },
        { email: ['a@b.org'], verification_code: 12345678 },
        {
          email: `${long}@example.org`,
          password: long,
          first_name: long,
          last_name: long,
          recaptcha_token: long,
        },
        {
          email: 'a@b.org',
          password: 'p\u0000assword',
          verification_code: '１２３４５６７８',
          id_token: long,
          username: long,
        },
        {
          email: 'nul\u0000@example.org',
          password: 'nul password',
          first_name: 'N',
          last_name: 'U',
          recaptcha_token: 't',
        },
        {
          email: 'nul@example.org',
          password: 'nul password',
          first_name: 'N\u0000',
          last_name: 'U',
          recaptcha_token: 't',
        },
        { username: 'root\u0000', password: 'x', recaptcha_token: 't', id_token: 'a\u0000b' },
      ]
      for (const pathname of paths) {
        for (const body of bodies) {
          const answer = await api.call<Detail>('POST', pathname, { body, address: address() })
          // a well-formed resend for an unknown email is a plain 200; everything else here is refused
          const expected = pathname === '/auth/resend-verification' && answer.status === 200 ? 200 : '4xx'
          const got = answer.status >= 400 && answer.status < 500 ? '4xx' : answer.status
          expect({ pathname, body, got }).toEqual({ pathname, body, got: expected })
          if (got === '4xx') expect(typeof answer.body.detail).toBe('string')
        }
        const notJson = await api.handler(
          new Request(`http://localhost:4321${pathname}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-phrasereel-client-ip': address() },
            body: '{"email": ',
          }),
        )
        expect(notJson.status).toBe(400)
        const form = await api.handler(
          new Request(`http://localhost:4321${pathname}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'email=a%40b.org',
          }),
        )
        expect(form.status).toBe(415)
      }
    })

    it('keeps no password, code or token in clear in the database or the logs', async () => {
      expect(secrets.size).toBeGreaterThan(15)
      const dump = await dumpDatabase(app.db)
      expect(dump).toContain('ada@example.org') // the dump does hold the data
      const logged = logs.text()
      expect(logged).toContain('email verified') // and the logs did record the flows
      for (const secret of secrets) {
        expect(dump.includes(secret), `database holds ${secret}`).toBe(false)
        expect(logged.includes(secret), `logs hold ${secret}`).toBe(false)
      }
      const { rows } = await app.db.query<{ password_hash: string }>(
        'select password_hash from users where password_hash is not null',
      )
      for (const row of rows) expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$5\$/)
    })
  })

  describe(`accounts: mail delivery [${kind}]`, () => {
    let app: AuthTestApp
    beforeAll(async () => {
      app = await createAuthTestApp(kind, {}) // no SMTP_URL: the outbox
    })
    afterAll(async () => {
      await app?.close()
    })

    it('writes the code to $DATA_DIR/outbox/*.eml when no SMTP server is configured', async () => {
      const api = app.processes[0]!
      const registered = await api.call('POST', '/api/auth/register', {
        body: {
          email: 'out@example.org',
          password: 'outbox password',
          first_name: 'O',
          last_name: 'B',
          recaptcha_token: 't',
        },
      })
      expect(registered.status).toBe(200)
      const files = (await readdir(app.config.OUTBOX_DIR)).filter((file) => file.endsWith('.eml'))
      expect(files).toHaveLength(1)
      const eml = await readFile(path.join(app.config.OUTBOX_DIR, files[0]!), 'utf8')
      expect(eml).toMatch(/^To: out@example\.org$/m)
      expect(eml).toMatch(/^Subject: Your PhraseReel verification code$/m)
      const code = /verification code is: (\d{8})/.exec(eml)?.[1]
      expect(code).toMatch(/^\d{8}$/)
      const verified = await api.call('POST', '/auth/verify-email', {
        body: { email: 'out@example.org', verification_code: code },
      })
      expect(verified.status).toBe(200)
    })

    it('answers a clear 503 when the SMTP server is down, and lets the user resend at once when it is back', async () => {
      const api = app.processes[0]!
      const smtp = await startSmtpServer()
      const down = await startSmtpServer()
      await down.close()
      try {
        api.ctx.mailer = createSmtpMailer(down.url, app.config.MAIL_FROM)
        const registered = await api.call('POST', '/api/auth/register', {
          body: {
            email: 'late@example.org',
            password: 'late password',
            first_name: 'L',
            last_name: 'M',
            recaptcha_token: 't',
          },
        })
        expect(registered).toMatchObject({ status: 503, body: { detail: MESSAGES.mailDeliveryFailed } })
        api.ctx.mailer = createSmtpMailer(smtp.url, app.config.MAIL_FROM) // the mail server is back
        const resent = await api.call('POST', '/auth/resend-verification', {
          body: { email: 'late@example.org', recaptcha_token: 't' },
        })
        expect(resent.status).toBe(200)
        const verified = await api.call('POST', '/auth/verify-email', {
          body: { email: 'late@example.org', verification_code: smtp.latestCode('late@example.org') },
        })
        expect(verified.status).toBe(200)
      } finally {
        await smtp.close()
      }
    })
  })
}
