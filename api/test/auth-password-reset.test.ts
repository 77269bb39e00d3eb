/**
 * 'Forgot your password?' (issue 17, docs/decisions/089): the request step answers the same for every address,
 * a hashed 8-digit code goes out over a real SMTP peer, the confirm step counts tries (5), lets codes expire
 * (15 minutes), lets exactly one of several concurrent confirms through, revokes every earlier session and signs
 * the caller in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../src/auth/password.ts'
import { insertUser, type PublicUser } from '../src/auth/user-store.ts'
import { RATE_LIMITS } from '../src/rate-limit/rate-limit.ts'
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

type Detail = { detail: string; message: string }
type SignedIn = { access_token: string; user: PublicUser }

const OLD_PASSWORD = 'old password 1'

for (const kind of databaseKinds()) {
  describe(`accounts: forgot your password [${kind}]`, () => {
    let smtp: TestSmtpServer
    let app: AuthTestApp
    let api: AuthTestProcess
    let logs: ReturnType<typeof captureLogs>
    let clockOffsetMs = 0
    const secrets = new Set<string>()

    beforeAll(async () => {
      logs = captureLogs()
      smtp = await startSmtpServer()
      app = await createAuthTestApp(kind, { SMTP_URL: smtp.url }, 2)
      for (const process of app.processes) process.ctx.now = () => new Date(Date.now() + clockOffsetMs)
      api = app.processes[0]!
    })
    afterAll(async () => {
      logs.stop()
      await app?.close()
      await smtp?.close()
    })

    const advance = (ms: number) => {
      clockOffsetMs += ms
    }
    let addresses = 0
    const address = () => `203.0.113.${++addresses % 250}`

    const createUser = async (email: string, verified = true) => {
      const user = await insertUser(app.db, {
        email,
        passwordHash: await hashPassword(OLD_PASSWORD),
        firstName: 'Reset',
        lastName: 'Tester',
        isVerified: verified,
        pictureUrl: null,
      })
      expect(user).not.toBeNull()
      return user!
    }
    const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email))
    /** Waits for the `n`th mail to `email` (sent in the background) and returns its reset code. */
    const resetCode = async (email: string, n: number) => {
      for (let i = 0; i < 200 && mailsTo(email).length < n; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const mail = mailsTo(email)[n - 1]
      expect(mail, `mail #${n} to ${email}`).toBeDefined()
      const code = /password reset code is: (\d{8})/.exec(mail!.raw)?.[1]
      expect(code).toMatch(/^\d{8}$/)
      secrets.add(code!)
      return code!
    }
    const request = (email: string, extra: Record<string, unknown> = {}) =>
      api.call<Detail>('POST', '/api/auth/password-reset/request', {
        body: { email, recaptcha_token: 'any-token', ...extra },
        address: address(),
      })
    const confirm = async (email: string, code: string, newPassword: string, via: AuthTestProcess = api) => {
      secrets.add(newPassword)
      const result = await via.call<SignedIn & Detail>('POST', '/api/auth/password-reset/confirm', {
        body: { email, code, new_password: newPassword },
        address: address(),
      })
      if (result.body?.access_token) secrets.add(result.body.access_token)
      return result
    }
    const login = async (email: string, password: string) => {
      const result = await api.call<SignedIn & Detail>('POST', '/api/auth/login', {
        body: { email, password, recaptcha_token: 'any-token' },
        address: address(),
      })
      if (result.body?.access_token) secrets.add(result.body.access_token)
      return result
    }
    const me = (token: string) => api.call<PublicUser & Detail>('GET', '/api/auth/me', { token })

    it('answers a known and an unknown address alike, and mails a code only to the known one', async () => {
      await createUser('known@example.org')
      const known = await request('Known@Example.org')
      const unknown = await request('nobody@example.org')
      expect(known).toMatchObject({ status: 200, body: { message: MESSAGES.passwordResetSent } })
      expect(unknown.status).toBe(known.status)
      expect(unknown.body).toEqual(known.body)
      expect(known.headers.get('set-cookie')).toBeNull()
      await resetCode('known@example.org', 1)
      // the cooldown reads the same for both
      const knownAgain = await request('known@example.org')
      const unknownAgain = await request('nobody@example.org')
      expect(knownAgain.status).toBe(429)
      expect(unknownAgain.status).toBe(429)
      expect(knownAgain.body.detail).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/)
      expect(unknownAgain.body.detail).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(smtp.received.map((mail) => mail.to)).toEqual([['known@example.org']])
    })

    it('refuses a request without a bot-check token or with a bad address, sending nothing', async () => {
      const before = smtp.received.length
      expect(await request('known@example.org', { recaptcha_token: undefined })).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.captchaFailed },
      })
      expect(await request('not an email')).toMatchObject({
        status: 422,
        body: { detail: MESSAGES.emailInvalid },
      })
      expect(await request(' ')).toMatchObject({ status: 422, body: { detail: MESSAGES.emailRequired } })
      expect(smtp.received.length).toBe(before)
    })

    it('checks the code format and the new password before spending a try', async () => {
      const code = await resetCode('known@example.org', 1)
      expect(await confirm('known@example.org', '1234', 'new password 1')).toMatchObject({
        status: 422,
        body: { detail: MESSAGES.passwordResetCodeInvalid },
      })
      for (let i = 0; i < LIMITS.passwordResetMaxAttempts + 1; i++) {
        expect(await confirm('known@example.org', code, 'short')).toMatchObject({
          status: 422,
          body: { detail: MESSAGES.passwordTooShort },
        })
      }
      const { rows } = await app.db.query<{ attempts: number; code_hash: string }>(
        `select attempts, code_hash from password_reset_codes pr join users u on u.id = pr.user_id
         where u.email = 'known@example.org'`,
      )
      expect(rows[0]!.attempts).toBe(0)
      expect(rows[0]!.code_hash).not.toContain(code)
      // an unknown address reads like a wrong code
      expect(await confirm('nobody@example.org', code, 'new password 1')).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.passwordResetCodeWrong },
      })
    })

    it('counts wrong codes: after 5 tries even the right code is refused; a new code works', async () => {
      const code = await resetCode('known@example.org', 1)
      const wrong = code === '99999999' ? '88888888' : '99999999'
      for (let i = 0; i < LIMITS.passwordResetMaxAttempts; i++) {
        expect(await confirm('known@example.org', wrong, 'new password 1')).toMatchObject({
          status: 400,
          body: { detail: MESSAGES.passwordResetCodeWrong },
        })
      }
      expect(await confirm('known@example.org', code, 'new password 1')).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.passwordResetCodeSpent },
      })
      expect((await login('known@example.org', OLD_PASSWORD)).status).toBe(200)
      advance(LIMITS.resendCooldownSeconds * 1000 + 1000)
      expect((await request('known@example.org')).status).toBe(200)
      const fresh = await resetCode('known@example.org', 2)
      // pasted with a space or a dash, the code still reads as its 8 digits
      const pasted = `${fresh.slice(0, 4)} ${fresh.slice(4)}`
      expect(await confirm('known@example.org', pasted, 'new password 2')).toMatchObject({ status: 200 })
      expect((await login('known@example.org', 'new password 2')).status).toBe(200)
    })

    it('lets a code expire after 15 minutes', async () => {
      advance(LIMITS.resendCooldownSeconds * 1000 + 1000)
      expect((await request('known@example.org')).status).toBe(200)
      const code = await resetCode('known@example.org', 3)
      advance(LIMITS.passwordResetCodeTtlMinutes * 60_000 + 1000)
      expect(await confirm('known@example.org', code, 'new password 3')).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.passwordResetCodeExpired },
      })
      expect((await login('known@example.org', 'new password 2')).status).toBe(200)
      expect((await login('known@example.org', 'new password 3')).status).toBe(401)
    })

    it('sets the new password, revokes every other session and signs the caller in with a cookie', async () => {
      const email = 'sessions@example.org'
      await createUser(email)
      const phone = await login(email, OLD_PASSWORD)
      const laptop = await login(email, OLD_PASSWORD)
      expect((await me(phone.body.access_token)).status).toBe(200)
      expect((await request(email)).status).toBe(200)
      const code = await resetCode(email, 1)
      const done = await confirm(email, code, 'brand new password')
      expect(done.status).toBe(200)
      expect(done.body.user).toMatchObject({ email, first_name: 'Reset', is_verified: true })
      expect(done.body.user).not.toHaveProperty('password_hash')
      const cookie = done.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/^auth_token=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/)
      expect(cookie).toContain(encodeURIComponent(done.body.access_token))
      expect(done.headers.get('cache-control')).toBe('no-store')
      for (const old of [phone, laptop]) expect((await me(old.body.access_token)).status).toBe(401)
      expect((await me(done.body.access_token)).body.email).toBe(email)
      const { rows } = await app.db.query<{ n: number }>(
        'select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1',
        [email],
      )
      expect(rows[0]!.n).toBe(1)
      expect(await login(email, OLD_PASSWORD)).toMatchObject({
        status: 401,
        body: { detail: MESSAGES.invalidCredentials },
      })
      expect((await login(email, 'brand new password')).status).toBe(200)
      // the code is used up
      expect(await confirm(email, code, 'another password')).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.passwordResetCodeWrong },
      })
    })

    it('lets exactly one of several concurrent confirms with the right code through (two processes)', async () => {
      const email = 'race@example.org'
      await createUser(email)
      expect((await request(email)).status).toBe(200)
      const code = await resetCode(email, 1)
      const callers = LIMITS.passwordResetMaxAttempts + 3
      const results = await Promise.all(
        Array.from({ length: callers }, (_, i) =>
          confirm(email, code, `racing password ${i}`, app.processes[i % 2]),
        ),
      )
      const statuses = results.map((result) => result.status)
      expect(statuses.filter((status) => status === 200)).toHaveLength(1)
      expect(statuses.filter((status) => status === 400)).toHaveLength(callers - 1)
      for (const result of results.filter((r) => r.status === 400)) {
        expect([MESSAGES.passwordResetCodeWrong, MESSAGES.passwordResetCodeSpent]).toContain(
          result.body.detail,
        )
      }
      const winner = results.findIndex((result) => result.status === 200)
      expect((await login(email, `racing password ${winner}`)).status).toBe(200)
      for (let i = 0; i < callers; i++) {
        if (i !== winner) expect((await login(email, `racing password ${i}`)).status).toBe(401)
      }
      const { rows } = await app.db.query<{ n: number }>(
        'select count(*)::int as n from password_reset_codes pr join users u on u.id = pr.user_id where u.email = $1',
        [email],
      )
      expect(rows[0]!.n).toBe(0)
    })

    it('verifies an unverified account whose owner resets the password (the code proved the address)', async () => {
      const email = 'pending@example.org'
      await createUser(email, false)
      expect((await login(email, OLD_PASSWORD)).status).toBe(403)
      expect((await request(email)).status).toBe(200)
      const done = await confirm(email, await resetCode(email, 1), 'pending password')
      expect(done.status).toBe(200)
      expect(done.body.user.is_verified).toBe(true)
      expect((await login(email, 'pending password')).status).toBe(200)
    })

    it('limits requests and confirms per network address, as resend and verify are', async () => {
      const from = '198.51.100.77'
      const { limit: requests } = RATE_LIMITS.passwordResetRequestPerAddress
      for (let i = 0; i < requests; i++) {
        const result = await api.call<Detail>('POST', '/api/auth/password-reset/request', {
          body: { email: `flood-${i}@example.org`, recaptcha_token: 't' },
          address: from,
        })
        expect(result.status).toBe(200)
      }
      const refused = await api.call<Detail>('POST', '/api/auth/password-reset/request', {
        body: { email: 'flood-last@example.org', recaptcha_token: 't' },
        address: from,
      })
      expect(refused).toMatchObject({ status: 429, body: { detail: MESSAGES.tooManyAttempts } })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

      const { limit: confirms } = RATE_LIMITS.passwordResetConfirmPerAddress
      const guess = (email: string) =>
        api.call<Detail>('POST', '/api/auth/password-reset/confirm', {
          body: { email, code: '12345678', new_password: 'guessing password' },
          address: from,
        })
      for (let i = 0; i < confirms; i++) expect((await guess(`guess-${i}@example.org`)).status).toBe(400)
      expect(await guess('guess-last@example.org')).toMatchObject({
        status: 429,
        body: { detail: MESSAGES.tooManyAttempts },
      })
    })

    it('answers malformed bodies with a 4xx detail, never a 5xx', async () => {
      for (const path of ['/api/auth/password-reset/request', '/api/auth/password-reset/confirm']) {
        for (const body of [null, [], 'text', { email: 5 }, { email: 'a@b.org', code: 12345678 }]) {
          const result = await api.call<Detail>('POST', path, { body, address: address() })
          expect(result.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
          expect(result.status).toBeLessThan(500)
          expect(typeof result.body.detail).toBe('string')
        }
      }
    })

    it('keeps no code, password or token in clear in the database or the logs', async () => {
      const dump = await dumpDatabase(app.db)
      const logged = logs.text()
      expect(secrets.size).toBeGreaterThan(5)
      for (const secret of secrets) {
        expect(dump.includes(secret), 'database').toBe(false)
        expect(logged.includes(secret), 'logs').toBe(false)
      }
    })
  })

  describe(`accounts: forgot your password without a mail server [${kind}]`, () => {
    let app: AuthTestApp
    let logs: ReturnType<typeof captureLogs>
    beforeAll(async () => {
      logs = captureLogs()
      // a port nothing listens on: delivery fails
      app = await createAuthTestApp(kind, { SMTP_URL: 'smtp://127.0.0.1:9' })
    })
    afterAll(async () => {
      logs.stop()
      await app?.close()
    })

    it('answers as usual, then drops the code and the cooldown so the user can ask again at once', async () => {
      const api = app.processes[0]!
      await insertUser(app.db, {
        email: 'offline@example.org',
        passwordHash: await hashPassword(OLD_PASSWORD),
        firstName: 'Off',
        lastName: 'Line',
        isVerified: true,
        pictureUrl: null,
      })
      const call = () =>
        api.call<Detail>('POST', '/api/auth/password-reset/request', {
          body: { email: 'offline@example.org', recaptcha_token: 't' },
        })
      expect((await call()).status).toBe(200)
      await expect
        .poll(() => logs.text().includes('password reset mail not sent'), { timeout: 20_000 })
        .toBe(true)
      await expect
        .poll(
          async () =>
            (await app.db.query('select 1 from password_reset_codes')).rows.length +
            (await app.db.query(`select 1 from rate_limits where key like 'reset-mail:%'`)).rows.length,
          { timeout: 20_000 },
        )
        .toBe(0)
      expect((await call()).status).toBe(200)
      // the second mail fails too; wait for its cleanup before the app closes
      await expect
        .poll(() => logs.text().split('password reset mail not sent').length - 1, { timeout: 20_000 })
        .toBe(2)
      await expect
        .poll(async () => (await app.db.query('select 1 from password_reset_codes')).rows.length, {
          timeout: 20_000,
        })
        .toBe(0)
    })
  })
}
