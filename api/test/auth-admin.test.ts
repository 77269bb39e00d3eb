import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession } from '../src/auth/session.ts'
import { RATE_LIMITS } from '../src/rate-limit/rate-limit.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import {
  type AuthTestApp,
  type AuthTestProcess,
  captureLogs,
  createAuthTestApp,
  dumpDatabase,
  startSiteverify,
  startSmtpServer,
  type TestSmtpServer,
} from './auth-support.ts'
import { databaseKinds } from './harness.ts'

type Answer = { access_token?: string; detail?: string; message?: string; username?: string }

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DAY_MS = 24 * 60 * 60 * 1000

/** Runs `pnpm content create-admin …` as an operator would, against the test database. */
async function createAdminCli(
  databaseUrl: string,
  args: string[],
  stdin: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-cli-'))
  try {
    const child = spawn(process.execPath, ['scripts/src/content.ts', 'create-admin', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.stdin.end(stdin)
    const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? -1)))
    return { code, stdout, stderr }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

for (const kind of databaseKinds()) {
  describe(`admin sign-in, create-admin and the role matrix [${kind}]`, () => {
    let smtp: TestSmtpServer
    let siteverify: Awaited<ReturnType<typeof startSiteverify>>
    let app: AuthTestApp
    let api: AuthTestProcess
    let logs: ReturnType<typeof captureLogs>
    let clockOffsetMs = 0
    const cliOutput: string[] = []

    beforeAll(async () => {
      logs = captureLogs()
      smtp = await startSmtpServer()
      siteverify = await startSiteverify({
        'human-login': { success: true, action: 'login', score: 0.9 },
        'human-register': { success: true, action: 'register', score: 0.9 },
        'bot-login': { success: true, action: 'login', score: 0.1 },
      })
      app = await createAuthTestApp(kind, {
        SMTP_URL: smtp.url,
        RECAPTCHA_SECRET: 'admin-test-secret',
        RECAPTCHA_VERIFY_URL: siteverify.url,
      })
      api = app.processes[0]!
      api.ctx.now = () => new Date(Date.now() + clockOffsetMs)
    })
    afterAll(async () => {
      logs.stop()
      await app?.close()
      await smtp?.close()
      await siteverify?.close()
    })

    let addresses = 0
    const adminLogin = (body: Record<string, unknown>) =>
      api.call<Answer>('POST', '/admin-api/login', { body, address: `192.0.2.${++addresses}` })

    it('create-admin: explains itself, refuses bad input, and stores only a hash of the password', async () => {
      const usage = await createAdminCli(app.url, ['--help'], '')
      expect(usage.code).toBe(0)
      expect(usage.stdout).toContain('--password-stdin')
      const noName = await createAdminCli(app.url, ['--password-stdin'], 'root password\n')
      expect({ code: noName.code, stderr: noName.stderr.trim() }).toEqual({
        code: 2,
        stderr: 'error: --username is required',
      })
      const short = await createAdminCli(app.url, ['--username', 'root', '--password-stdin'], 'short\n')
      expect({ code: short.code, stderr: short.stderr.trim() }).toEqual({
        code: 1,
        stderr: `error: ${MESSAGES.passwordTooShort}`,
      })
      const created = await createAdminCli(
        app.url,
        ['--username', 'root', '--password-stdin'],
        'root password one\n',
      )
      cliOutput.push(created.stdout, created.stderr)
      expect(created).toMatchObject({ code: 0, stdout: "Admin 'root' created.\n" })
      const { rows } = await app.db.query<{ password_hash: string }>(
        `select password_hash from admins where username = 'root'`,
      )
      expect(rows[0]!.password_hash).toMatch(/^scrypt\$/)
    })

    it('admin login: fields required, bot check verified with siteverify, one answer for any wrong credential', async () => {
      expect(await adminLogin({ username: 'root', recaptcha_token: 'human-login' })).toMatchObject({
        status: 422,
        body: { detail: MESSAGES.adminCredentialsRequired },
      })
      expect(await adminLogin({ username: 'root', password: 'root password one' })).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.captchaFailed },
      })
      expect(
        await adminLogin({ username: 'root', password: 'root password one', recaptcha_token: 'bot-login' }),
      ).toMatchObject({ status: 400, body: { detail: MESSAGES.captchaFailed } })
      for (const [username, password] of [
        ['root', 'root password two'],
        ['nobody', 'root password one'],
      ]) {
        expect(await adminLogin({ username, password, recaptcha_token: 'human-login' })).toMatchObject({
          status: 401,
          body: { detail: MESSAGES.adminInvalidCredentials },
        })
      }
      const { status, body, headers } = await adminLogin({
        username: 'root',
        password: 'root password one',
        recaptcha_token: 'human-login',
      })
      expect(status).toBe(200)
      expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{20,}$/)
      const cookie = headers.get('set-cookie')!
      expect(cookie).toMatch(
        new RegExp(`^admin_token=${body.access_token}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax$`),
      )
      const me = await api.call<Answer>('GET', '/admin-api/me', {
        cookie: `admin_token=${body.access_token}`,
      })
      expect(me).toMatchObject({ status: 200, body: { username: 'root', type: 'admin' } })
    })

    it('marks session cookies Secure outside localhost', async () => {
      const response = await api.handler(
        new Request('https://phrasereel.example/admin-api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-phrasereel-client-ip': '192.0.2.200' },
          body: JSON.stringify({
            username: 'root',
            password: 'root password one',
            recaptcha_token: 'human-login',
          }),
        }),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('set-cookie')).toMatch(/; Secure$/)
    })

    it('locks an admin account after 5 sign-ins in 15 minutes; tries that fail the bot check do not count', async () => {
      for (let i = 0; i < 2 * RATE_LIMITS.adminLoginPerAccount.limit; i++) {
        expect(
          (await adminLogin({ username: 'ops', password: 'wrong one!', recaptcha_token: 'bot-login' })).body
            .detail,
        ).toBe(MESSAGES.captchaFailed)
      }
      for (let i = 0; i < RATE_LIMITS.adminLoginPerAccount.limit; i++) {
        expect(
          (await adminLogin({ username: 'ops', password: 'wrong one!', recaptcha_token: 'human-login' }))
            .status,
        ).toBe(401)
      }
      const locked = await adminLogin({
        username: 'ops',
        password: 'wrong one!',
        recaptcha_token: 'human-login',
      })
      expect(locked).toMatchObject({ status: 429, body: { detail: MESSAGES.tooManyAttempts } })
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    })

    describe('role matrix', () => {
      let userId = 0
      let adminId = 0
      let userToken = ''
      let adminToken = ''

      beforeAll(async () => {
        await api.call('POST', '/api/auth/register', {
          body: {
            email: 'uma@example.org',
            password: 'uma password',
            first_name: 'Uma',
            last_name: 'U',
            recaptcha_token: 'human-register',
          },
        })
        const verified = await api.call<Answer & { user: { id: number } }>('POST', '/auth/verify-email', {
          body: { email: 'uma@example.org', verification_code: smtp.latestCode('uma@example.org') },
        })
        userId = verified.body.user.id
        const { rows } = await app.db.query<{ id: number }>(`select id from admins where username = 'root'`)
        adminId = rows[0]!.id
      })

      type Credential =
        | 'none'
        | 'bad token'
        | 'expired session'
        | 'user token'
        | 'admin token'
        | 'user cookie'
        | 'admin cookie'
      const CREDENTIALS: Credential[] = [
        'none',
        'bad token',
        'expired session',
        'user token',
        'admin token',
        'user cookie',
        'admin cookie',
      ]

      /** Fresh sessions per call, so a logout in one cell does not leak into the next. */
      async function send(
        credential: Credential,
        method: string,
        pathname: string,
        body: unknown,
        sessionKind: 'user' | 'admin',
      ) {
        const now = api.ctx.now()
        userToken = (await createSession(app.db, 'user', userId, now)).token
        adminToken = (await createSession(app.db, 'admin', adminId, now)).token
        const options: Parameters<AuthTestProcess['call']>[2] = { body, address: `192.0.2.${++addresses}` }
        switch (credential) {
          case 'bad token':
            options.token = 'cbX8sV0rB0n7QmF3yJ2kVd9pXz4'
            break
          case 'expired session': {
            const { token } = await createSession(
              app.db,
              sessionKind,
              sessionKind === 'user' ? userId : adminId,
              now,
            )
            options.token = token
            clockOffsetMs += 31 * DAY_MS // past its 30 days, for this call only
            break
          }
          case 'user token':
            options.token = userToken
            break
          case 'admin token':
            options.token = adminToken
            break
          case 'user cookie':
            options.cookie = `auth_token=${userToken}`
            break
          case 'admin cookie':
            options.cookie = `admin_token=${adminToken}`
            break
        }
        try {
          return await api.call<Answer>(method, pathname, options)
        } finally {
          if (credential === 'expired session') clockOffsetMs -= 31 * DAY_MS
        }
      }
      const alive = async (kind: 'user' | 'admin', token: string) =>
        (await api.call('GET', kind === 'user' ? '/api/auth/me' : '/admin-api/me', { token })).status === 200

      const signedOut = { status: 401, detail: MESSAGES.notAuthenticated }
      const adminOut = { status: 401, detail: MESSAGES.adminAuthRequired }
      const protectedCalls: {
        method: string
        path: string
        body?: unknown
        kind: 'user' | 'admin'
        allowed: { status: number; detail?: string }
      }[] = [
        { method: 'GET', path: '/api/auth/me', kind: 'user', allowed: { status: 200 } },
        {
          method: 'PUT',
          path: '/api/auth/profile',
          body: { first_name: 'Uma', last_name: 'Updated' },
          kind: 'user',
          allowed: { status: 200 },
        },
        {
          method: 'POST',
          path: '/api/auth/change-password',
          body: { current_password: 'not the password', new_password: 'whatever password' },
          kind: 'user',
          allowed: { status: 403, detail: MESSAGES.currentPasswordWrong },
        },
        { method: 'GET', path: '/admin-api/me', kind: 'admin', allowed: { status: 200 } },
      ]

      for (const call of protectedCalls) {
        it(`${call.method} ${call.path}: only a live ${call.kind} session gets in`, async () => {
          const refused = call.kind === 'user' ? signedOut : adminOut
          const got: Record<string, { status: number; detail?: string }> = {}
          const want: Record<string, { status: number; detail?: string }> = {}
          for (const credential of CREDENTIALS) {
            const { status, body } = await send(credential, call.method, call.path, call.body, call.kind)
            got[credential] =
              body?.detail === undefined || status < 400 ? { status } : { status, detail: body.detail }
            const admits =
              call.kind === 'user' ? credential.startsWith('user') : credential.startsWith('admin')
            want[credential] = admits ? call.allowed : refused
          }
          expect(got).toEqual(want)
        })
      }

      for (const kind of ['user', 'admin'] as const) {
        const path = kind === 'user' ? '/api/auth/logout' : '/admin-api/logout'
        const cookieName = kind === 'user' ? 'auth_token' : 'admin_token'
        it(`POST ${path}: always answers and clears ${cookieName}, but revokes only a ${kind} session`, async () => {
          for (const credential of CREDENTIALS) {
            const { status, headers } = await send(credential, 'POST', path, undefined, kind)
            expect({ credential, status }).toEqual({ credential, status: 200 })
            expect(headers.get('set-cookie')).toMatch(new RegExp(`^${cookieName}=; Path=/; Max-Age=0`))
            const presented = credential.startsWith('user')
              ? 'user'
              : credential.startsWith('admin')
                ? 'admin'
                : null
            if (presented) {
              const token = presented === 'user' ? userToken : adminToken
              expect({ credential, alive: await alive(presented, token) }).toEqual({
                credential,
                alive: presented !== kind,
              })
            }
          }
        })
      }

      it('public auth calls ignore whatever session is presented', async () => {
        const calls: [string, unknown][] = [
          [
            '/api/auth/login',
            { email: 'uma@example.org', password: 'wrong password', recaptcha_token: 'human-login' },
          ],
          ['/api/auth/register', { email: 'uma@example.org' }],
          ['/auth/verify-email', { email: 'uma@example.org', verification_code: '1' }],
          ['/auth/resend-verification', { email: 'uma@example.org' }],
          ['/api/auth/oauth/google', { id_token: 'x' }],
          ['/api/auth/oauth/apple', { id_token: 'x' }],
          [
            '/admin-api/login',
            { username: 'root', password: 'wrong password', recaptcha_token: 'human-login' },
          ],
        ]
        for (const [path, body] of calls) {
          const answers = new Set<string>()
          for (const credential of CREDENTIALS) {
            await app.db.query('delete from rate_limits') // seven tries at one account would trip its limit
            const { status, body: answer } = await send(credential, 'POST', path, body, 'user')
            answers.add(`${status} ${answer.detail}`)
          }
          expect({ path, answers: [...answers] }).toEqual({ path, answers: [[...answers][0]] })
          expect([...answers][0]).not.toMatch(/^(5|2)/)
        }
      })

      it('re-running create-admin replaces the password and ends that admin’s sessions', async () => {
        await app.db.query('delete from rate_limits')
        const before = await adminLogin({
          username: 'root',
          password: 'root password one',
          recaptcha_token: 'human-login',
        })
        expect(before.body.detail ?? 'signed in').toBe('signed in')
        expect(await alive('admin', before.body.access_token!)).toBe(true)
        const updated = await createAdminCli(
          app.url,
          ['--username', 'root', '--password-stdin'],
          'root password two',
        )
        cliOutput.push(updated.stdout, updated.stderr)
        expect(updated).toMatchObject({ code: 0 })
        expect(updated.stdout).toContain("Admin 'root' updated")
        expect(await alive('admin', before.body.access_token!)).toBe(false)
        expect(
          (
            await adminLogin({
              username: 'root',
              password: 'root password two',
              recaptcha_token: 'human-login',
            })
          ).status,
        ).toBe(200)
      })

      it('keeps admin passwords and tokens out of the database, the logs and the CLI output', async () => {
        const dump = await dumpDatabase(app.db)
        const logged = logs.text() + cliOutput.join('')
        expect(logged).toContain('admin signed in')
        for (const secret of [
          'root password one',
          'root password two',
          'uma password',
          adminToken,
          userToken,
        ]) {
          expect(dump.includes(secret), `database holds ${secret}`).toBe(false)
          expect(logged.includes(secret), `logs hold ${secret}`).toBe(false)
        }
        // the bot-check secret goes to siteverify only
        expect(siteverify.requests[0]!.get('secret')).toBe('admin-test-secret')
        expect(logged.includes('admin-test-secret')).toBe(false)
      })
    })
  })
}
