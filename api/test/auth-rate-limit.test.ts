import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneExpiredAuthRows } from '../src/auth/housekeeping.ts'
import { RATE_LIMITS } from '../src/rate-limit/rate-limit.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import {
  type AuthTestApp,
  type AuthTestProcess,
  createAuthTestApp,
  startSmtpServer,
  type TestSmtpServer,
} from './auth-support.ts'
import { databaseKinds } from './harness.ts'

type Detail = { detail?: string; access_token?: string }

for (const kind of databaseKinds()) {
  describe(`rate limits shared by two app processes over one database [${kind}]`, () => {
    let smtp: TestSmtpServer
    let app: AuthTestApp
    let one: AuthTestProcess
    let two: AuthTestProcess
    let clockOffsetMs = 0

    beforeAll(async () => {
      smtp = await startSmtpServer()
      app = await createAuthTestApp(kind, { SMTP_URL: smtp.url }, 2)
      ;[one, two] = app.processes as [AuthTestProcess, AuthTestProcess]
      for (const process of app.processes) process.ctx.now = () => new Date(Date.now() + clockOffsetMs)
      await one.call('POST', '/api/auth/register', {
        body: {
          email: 'rita@example.org',
          password: 'rita password',
          first_name: 'R',
          last_name: 'L',
          recaptcha_token: 't',
        },
        address: '198.51.100.200',
      })
      const verified = await two.call<Detail>('POST', '/auth/verify-email', {
        body: { email: 'rita@example.org', verification_code: smtp.latestCode('rita@example.org') },
        address: '198.51.100.200',
      })
      expect(verified.status).toBe(200)
    })
    afterAll(async () => {
      await app?.close()
      await smtp?.close()
    })

    const loginAs = (process: AuthTestProcess, password: string, address: string) =>
      process.call<Detail>('POST', '/api/auth/login', {
        body: { email: 'rita@example.org', password, recaptcha_token: 't' },
        address,
      })

    it('locks one account after 10 sign-ins in 15 minutes, whichever process and address they hit', async () => {
      const { limit, windowSeconds } = RATE_LIMITS.loginPerAccount
      for (let i = 0; i < limit; i++) {
        const answer = await loginAs(i % 2 ? two : one, 'wrong password', `203.0.113.${i + 1}`)
        expect(answer.status).toBe(401)
      }
      const locked = await loginAs(two, 'rita password', '203.0.113.99')
      expect(locked).toMatchObject({ status: 429, body: { detail: MESSAGES.tooManyAttempts } })
      const retryAfter = Number(locked.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(windowSeconds - 120)
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
      expect((await loginAs(one, 'rita password', '203.0.113.98')).status).toBe(429)

      clockOffsetMs += windowSeconds * 1000
      expect((await loginAs(one, 'rita password', '203.0.113.97')).status).toBe(200)
    })

    it('counts concurrent attempts from one address exactly, across both processes', async () => {
      const { limit } = RATE_LIMITS.loginPerAddress
      const extra = 10
      // empty passwords: refused before any hashing, so the counter is the only thing under test
      const answers = await Promise.all(
        Array.from({ length: limit + extra }, (_, i) =>
          (i % 2 ? two : one).call<Detail>('POST', '/api/auth/login', {
            body: { email: `user${i}@example.org`, password: '', recaptcha_token: 't' },
            address: '203.0.113.50',
          }),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 422)).toHaveLength(limit)
      expect(statuses.filter((status) => status === 429)).toHaveLength(extra)
      // another address is not affected
      expect((await loginAs(two, 'rita password', '203.0.113.51')).status).toBe(200)
    })

    it('limits registrations, verification attempts and resends per address, with 429 and Retry-After', async () => {
      const cases = [
        {
          policy: RATE_LIMITS.registerPerAddress,
          send: (process: AuthTestProcess, i: number) =>
            process.call<Detail>('POST', '/api/auth/register', {
              body: {
                email: `reg${i}@example.org`,
                password: 'x',
                first_name: ' ',
                last_name: 'y',
                recaptcha_token: 't',
              },
              address: '203.0.113.60',
            }),
          status: 422,
        },
        {
          policy: RATE_LIMITS.verifyPerAddress,
          send: (process: AuthTestProcess) =>
            process.call<Detail>('POST', '/auth/verify-email', {
              body: { email: 'nobody@example.org', verification_code: '12345678' },
              address: '203.0.113.61',
            }),
          status: 400,
        },
        {
          policy: RATE_LIMITS.resendPerAddress,
          send: (process: AuthTestProcess, i: number) =>
            process.call<Detail>('POST', '/auth/resend-verification', {
              body: { email: `ghost${i}@example.org`, recaptcha_token: 't' },
              address: '203.0.113.62',
            }),
          status: 200,
        },
      ]
      for (const { policy, send, status } of cases) {
        for (let i = 0; i < policy.limit; i++) {
          expect({ policy: policy.name, status: (await send(i % 2 ? two : one, i)).status }).toEqual({
            policy: policy.name,
            status,
          })
        }
        const refused = await send(two, policy.limit)
        expect({ policy: policy.name, status: refused.status, detail: refused.body.detail }).toEqual({
          policy: policy.name,
          status: 429,
          detail: MESSAGES.tooManyAttempts,
        })
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      }
    })

    it('keeps no email or address in clear in the counters', async () => {
      const { rows } = await app.db.query<{ key: string }>('select key from rate_limits')
      expect(rows.length).toBeGreaterThan(4)
      for (const { key } of rows) {
        expect(key).toMatch(/^[a-z-]+:[a-z]+:[A-Za-z0-9_-]{43}$/)
        expect(key).not.toMatch(/example\.org|203\.0\.113/)
      }
    })

    it('housekeeping deletes expired sessions and stale counters, and keeps live ones', async () => {
      const live = await loginAs(one, 'rita password', '203.0.113.70')
      expect(live.status).toBe(200)
      const countRows = async () => {
        const { rows } = await app.db.query<{ sessions: number; limits: number }>(
          'select (select count(*) from sessions)::int as sessions, (select count(*) from rate_limits)::int as limits',
        )
        return rows[0]!
      }
      const before = await countRows()
      expect(before.sessions).toBeGreaterThan(1)
      // two days on, the sessions made earlier in this file are still within their 30 days; counters are stale
      const later = new Date(Date.now() + clockOffsetMs + 2 * 24 * 60 * 60 * 1000)
      const pruned = await pruneExpiredAuthRows(app.db, later)
      expect(pruned.sessions).toBe(0)
      expect(pruned.rateLimits).toBe(before.limits)
      // 31 days on, every session has expired
      const muchLater = new Date(later.getTime() + 31 * 24 * 60 * 60 * 1000)
      expect((await pruneExpiredAuthRows(app.db, muchLater)).sessions).toBe(before.sessions)
      expect(await countRows()).toEqual({ sessions: 0, limits: 0 })
      expect((await one.call('GET', '/api/auth/me', { token: live.body.access_token! })).status).toBe(401)
    })
  })
}
