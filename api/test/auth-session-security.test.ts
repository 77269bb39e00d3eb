/**
 * Session hardening (issue 13 part 4, docs/decisions/080): the cookie's `Secure` flag follows the scheme the
 * browser used, admin sessions end after 12 hours without a request, and 'sign out everywhere' ends every
 * session of a learner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrUpdateAdmin } from '../src/auth/admin.ts'
import { pruneExpiredAuthRows } from '../src/auth/housekeeping.ts'
import { hashPassword } from '../src/auth/password.ts'
import { ADMIN_SESSION_IDLE_MS, sessionIdFromToken } from '../src/auth/session.ts'
import { insertUser } from '../src/auth/user-store.ts'
import { createApiHandler } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { createContext } from '../src/index.ts'
import { LIMITS } from '../src/shared/limits.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import { type AuthTestApp, type AuthTestProcess, captureLogs, createAuthTestApp } from './auth-support.ts'
import { databaseKinds } from './harness.ts'

type Answer = { access_token?: string; detail?: string; message?: string }

const HOUR_MS = 60 * 60 * 1000
const MINUTE_MS = 60 * 1000

for (const kind of databaseKinds()) {
  describe(`session hardening: Secure cookies, admin idle timeout, sign out everywhere [${kind}]`, () => {
    let app: AuthTestApp
    let api: AuthTestProcess
    let logs: ReturnType<typeof captureLogs>
    let clockOffsetMs = 0
    const advance = (ms: number) => {
      clockOffsetMs += ms
    }

    beforeAll(async () => {
      logs = captureLogs()
      app = await createAuthTestApp(kind, {})
      api = app.processes[0]!
      api.ctx.now = () => new Date(Date.now() + clockOffsetMs)
      for (const email of ['ada@example.org', 'grace@example.org']) {
        await insertUser(app.db, {
          email,
          passwordHash: await hashPassword('correct horse battery'),
          firstName: 'Ada',
          lastName: 'Lovelace',
          isVerified: true,
          pictureUrl: null,
        })
      }
      await createOrUpdateAdmin(app.db, 'root', 'root password one')
    })
    afterAll(async () => {
      logs.stop()
      await app?.close()
    })

    let addresses = 0
    const login = async (email = 'ada@example.org'): Promise<string> => {
      const { status, body } = await api.call<Answer>('POST', '/api/auth/login', {
        body: { email, password: 'correct horse battery', recaptcha_token: 't' },
        address: `192.0.2.${++addresses}`,
      })
      expect(status).toBe(200)
      return body.access_token!
    }
    const adminLogin = async (): Promise<string> => {
      const { status, body } = await api.call<Answer>('POST', '/admin-api/login', {
        body: { username: 'root', password: 'root password one', recaptcha_token: 't' },
        address: `198.51.100.${++addresses}`,
      })
      expect(status).toBe(200)
      return body.access_token!
    }
    const me = async (token: string) => (await api.call('GET', '/api/auth/me', { token })).status
    const adminMe = async (token: string) => (await api.call('GET', '/admin-api/me', { token })).status

    describe('the Secure flag follows the scheme the browser used', () => {
      /** The `Set-Cookie` of a sign-in (or sign-out) sent to `url` by a process configured with `env`. */
      const cookieOf = async (
        env: Record<string, string>,
        url: string,
        options: { headers?: Record<string, string>; path?: string; body?: unknown } = {},
      ): Promise<string> => {
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: app.config.DATA_DIR, ...env })
        const handler = createApiHandler(
          createContext(config, { pool: app.db, kind: app.kind, close: async () => {} }),
        )
        const target = new URL(options.path ?? '/api/auth/login', url)
        const response = await handler(
          new Request(target, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-phrasereel-client-ip': `203.0.113.${++addresses}`,
              ...options.headers,
            },
            body: JSON.stringify(
              options.body ?? {
                email: 'ada@example.org',
                password: 'correct horse battery',
                recaptcha_token: 't',
              },
            ),
          }),
        )
        expect(response.status).toBe(200)
        return response.headers.get('set-cookie') ?? ''
      }
      const SECURE = /; Secure$/

      it('plain http is not Secure on any host (a LAN address too); https is', async () => {
        for (const host of ['192.168.1.20:4321', 'localhost:4321', '127.0.0.1:4321', 'phrasereel.lan']) {
          const cookie = await cookieOf({}, `http://${host}`)
          expect({ host, cookie }).toEqual({ host, cookie: expect.stringMatching(/^auth_token=/) })
          expect({ host, secure: SECURE.test(cookie) }).toEqual({ host, secure: false })
        }
        expect(await cookieOf({}, 'https://phrasereel.example')).toMatch(SECURE)
      })

      it("PUBLIC_SITE_URL's scheme decides when it is set", async () => {
        const behindTls = { PUBLIC_SITE_URL: 'https://phrasereel.example' }
        // the proxy talks plain http to the app; the browser used https
        expect(await cookieOf(behindTls, 'http://10.0.0.5:4321')).toMatch(SECURE)
        const plain = { PUBLIC_SITE_URL: 'http://192.168.1.20:4321' }
        expect(await cookieOf(plain, 'http://192.168.1.20:4321')).not.toMatch(SECURE)
      })

      it('X-Forwarded-Proto counts only when TRUST_PROXY trusts a proxy', async () => {
        const forwarded = { headers: { 'x-forwarded-proto': 'https' } }
        expect(await cookieOf({}, 'http://10.0.0.5:4321', forwarded)).not.toMatch(SECURE)
        expect(await cookieOf({ TRUST_PROXY: '1' }, 'http://10.0.0.5:4321', forwarded)).toMatch(SECURE)
        expect(await cookieOf({ TRUST_PROXY: '1' }, 'http://10.0.0.5:4321')).not.toMatch(SECURE)
      })

      it('the admin cookie and the cleared cookie of a sign-out follow the same rule', async () => {
        const admin = {
          path: '/admin-api/login',
          body: { username: 'root', password: 'root password one', recaptcha_token: 't' },
        }
        expect(await cookieOf({}, 'http://192.168.1.20:4321', admin)).toMatch(
          new RegExp(
            `^admin_token=[^;]+; Path=/; Max-Age=${LIMITS.adminCookieDays * 86400}; HttpOnly; SameSite=Lax$`,
          ),
        )
        expect(await cookieOf({}, 'https://phrasereel.example', admin)).toMatch(SECURE)
        const logout = { path: '/api/auth/logout', body: {} }
        expect(await cookieOf({}, 'http://192.168.1.20:4321', logout)).toBe(
          'auth_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
        )
        expect(
          await cookieOf({ PUBLIC_SITE_URL: 'https://phrasereel.example' }, 'http://10.0.0.5', logout),
        ).toMatch(SECURE)
      })
    })

    describe('admin sessions end after 12 hours without a request', () => {
      it('a session in use lives on; one left alone for 12 hours is gone, and its row deleted', async () => {
        const token = await adminLogin()
        advance(ADMIN_SESSION_IDLE_MS - MINUTE_MS)
        expect(await adminMe(token)).toBe(200)
        // 24 hours after sign-in, but less than 12 since the last request
        advance(ADMIN_SESSION_IDLE_MS - MINUTE_MS)
        expect(await adminMe(token)).toBe(200)
        advance(ADMIN_SESSION_IDLE_MS)
        expect(await api.call<Answer>('GET', '/admin-api/me', { token })).toMatchObject({
          status: 401,
          body: { detail: MESSAGES.adminAuthRequired },
        })
        const { rows } = await app.db.query('select 1 from admin_sessions where id = $1', [
          sessionIdFromToken(token),
        ])
        expect(rows).toHaveLength(0)
      })

      it('counts from the stored time of last use (every process agrees), also when the row is edited', async () => {
        const token = await adminLogin()
        expect(await adminMe(token)).toBe(200)
        // another process served this session's last request 13 hours ago
        await app.db.query('update admin_sessions set last_used_at = $1', [
          new Date(Date.now() + clockOffsetMs - 13 * HOUR_MS),
        ])
        expect(await adminMe(token)).toBe(401)
      })

      it('learner sessions have no idle limit (spec §9: 30 days sliding)', async () => {
        const token = await login()
        advance(13 * HOUR_MS)
        expect(await me(token)).toBe(200)
      })

      it('housekeeping deletes admin sessions idle for 12 hours and keeps the others', async () => {
        await app.db.query('delete from admin_sessions')
        const idle = await adminLogin()
        advance(ADMIN_SESSION_IDLE_MS - HOUR_MS)
        const fresh = await adminLogin()
        const pruned = await pruneExpiredAuthRows(app.db, new Date(Date.now() + clockOffsetMs + 2 * HOUR_MS))
        expect(pruned.adminSessions).toBe(1)
        expect(await adminMe(fresh)).toBe(200)
        expect(await adminMe(idle)).toBe(401)
      })
    })

    describe("'sign out everywhere'", () => {
      it('ends every session of the caller (this device and the others), not other users’, and clears the cookie', async () => {
        const here = await login()
        const there = await login()
        const someoneElse = await login('grace@example.org')
        expect([await me(here), await me(there)]).toEqual([200, 200])
        const out = await api.call<Answer>('POST', '/api/auth/logout-all', { token: here })
        expect(out).toMatchObject({ status: 200, body: { message: MESSAGES.signedOutEverywhere } })
        expect(out.headers.get('set-cookie')).toBe('auth_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax')
        expect(out.headers.get('cache-control')).toBe('no-store')
        expect([await me(here), await me(there)]).toEqual([401, 401])
        expect(await me(someoneElse)).toBe(200)
      })

      it('works with the cookie from this site, refuses it from another, and needs a session', async () => {
        const a = await login()
        const b = await login()
        const cookie = `auth_token=${a}`
        const crossSite: Record<string, string>[] = [
          { origin: 'https://evil.example' },
          { 'sec-fetch-site': 'cross-site' },
        ]
        for (const headers of crossSite) {
          expect(await api.call<Answer>('POST', '/api/auth/logout-all', { cookie, headers })).toMatchObject({
            status: 403,
            body: { detail: MESSAGES.crossSiteRefused },
          })
        }
        expect([await me(a), await me(b)]).toEqual([200, 200])
        const out = await api.call('POST', '/api/auth/logout-all', {
          cookie,
          headers: { origin: 'http://localhost:4321' },
        })
        expect(out.status).toBe(200)
        expect([await me(a), await me(b)]).toEqual([401, 401])
        expect(await api.call<Answer>('POST', '/api/auth/logout-all', { cookie })).toMatchObject({
          status: 401,
          body: { detail: MESSAGES.notAuthenticated },
        })
        expect((await api.call('POST', '/api/auth/logout-all')).status).toBe(401)
        // an admin token is not a learner session
        expect((await api.call('POST', '/api/auth/logout-all', { token: await adminLogin() })).status).toBe(
          401,
        )
        expect((await api.call('GET', '/api/auth/logout-all')).status).toBe(405)
      })
    })
  })
}
