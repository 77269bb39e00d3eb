/**
 * Two app processes over one database, as docker-compose.yml runs its replicas behind the proxy: each is the real
 * `pnpm start` entry (scripts/src/start.ts: front and API) with TRUST_PROXY=1. A session opened on one is honoured
 * and ended on the other, and the sign-in limits trip at the same total count whether the attempts alternate
 * between them or all go to one. On the embedded PGlite (the two processes share one DATA_DIR, so the second
 * connects to the first one's database host) and on a fresh PostgreSQL database named by TEST_DATABASE_URL.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { connectDatabase, hashPassword, insertUser } from '@phrasereel/api/scripts'
import { RATE_LIMITS } from '../../api/src/rate-limit/rate-limit.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFreshDatabase } from '../../api/test/harness.ts'
import { buildIfNeeded, ROOT } from '../src/build-if-needed.ts'
import { stopChild, waitForHostToStop } from '../src/processes.ts'

const START = path.join(ROOT, 'scripts', 'src', 'start.ts')
const PASSWORD = 'two processes password'
const STOP_TIMEOUT_MS = 15_000

interface AppProcess {
  url: string
  child: ChildProcess
  /** What the process wrote so far (stdout and stderr), for failure messages. */
  output(): string
  stop(): Promise<void>
}

/** Starts `pnpm start`'s entry and resolves once it says where it serves. */
async function startApp(name: string, env: NodeJS.ProcessEnv): Promise<AppProcess> {
  const child = spawn(process.execPath, [START], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stderr!.on('data', (data: Buffer) => {
    output += data.toString()
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 120 s:\n${output}`)), 120_000)
    child.stdout!.on('data', (data: Buffer) => {
      output += data.toString()
      const match = /serving on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited with ${code} before serving:\n${output}`))
    })
  })
  return {
    url,
    child,
    output: () => output,
    stop: () => stopChild(child, STOP_TIMEOUT_MS),
  }
}

/** The processes' environment: one database, one DATA_DIR (the shared media volume), one proxy in front. */
function appEnv(dataDir: string, databaseUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '1',
    PUBLIC_SITE_URL: 'http://localhost:4321',
    MEILI_URL: '',
    SMTP_URL: '',
    RECAPTCHA_SECRET: '',
  }
  return env
}

interface Answer {
  status: number
  headers: Headers
  body: Record<string, unknown> | null
}

/** One request as a client behind the proxy would send it: the proxy reports the client's address. */
async function call(
  app: AppProcess,
  method: string,
  pathname: string,
  options: { body?: unknown; headers?: Record<string, string>; address?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-forwarded-for': options.address ?? '192.0.2.1',
    ...options.headers,
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(new URL(pathname, app.url), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  }
}

const login = (app: AppProcess, email: string, password: string, address: string) =>
  call(app, 'POST', '/api/auth/login', { body: { email, password, recaptcha_token: 'test' }, address })

/**
 * Sends `attempt` round-robin over `apps` until one is refused with 429; returns the number of the refused
 * attempt and the statuses of those before it.
 */
async function attemptsUntilRefused(
  apps: AppProcess[],
  attempt: (app: AppProcess) => Promise<Answer>,
  max: number,
): Promise<{ refusedAt: number; before: number[]; retryAfter: string | null }> {
  const before: number[] = []
  for (let i = 0; i < max; i++) {
    const answer = await attempt(apps[i % apps.length]!)
    if (answer.status === 429) {
      return { refusedAt: i + 1, before, retryAfter: answer.headers.get('retry-after') }
    }
    before.push(answer.status)
  }
  return { refusedAt: Number.NaN, before, retryAfter: null }
}

const kinds = ['pglite', 'postgres'] as const
if (!process.env.TEST_DATABASE_URL) {
  console.warn('[two-processes] TEST_DATABASE_URL is unset: the PostgreSQL run is skipped')
}

beforeAll(async () => {
  // both processes would otherwise race to build the site on a fresh checkout
  await buildIfNeeded()
}, 900_000)

for (const kind of kinds) {
  describe.skipIf(kind === 'postgres' && !process.env.TEST_DATABASE_URL)(
    `two app processes over one database [${kind}]`,
    () => {
      let dataDir = ''
      let databaseUrl = ''
      let dropDatabase: (() => Promise<void>) | undefined
      let a: AppProcess | undefined
      let b: AppProcess | undefined

      /** A verified learner, written straight into the shared database (sign-up is not what is tested). */
      async function createLearner(email: string, firstName: string): Promise<number> {
        const database = await connectDatabase({
          databaseUrl: databaseUrl || undefined,
          dataDir,
          poolSize: 1,
        })
        try {
          const user = await insertUser(database.pool, {
            email,
            passwordHash: await hashPassword(PASSWORD),
            firstName,
            lastName: 'Learner',
            isVerified: true,
            pictureUrl: null,
          })
          return user!.id
        } finally {
          await database.close()
        }
      }

      beforeAll(async () => {
        dataDir = await mkdtemp(path.join(os.tmpdir(), `phrasereel-two-processes-${kind}-`))
        if (kind === 'postgres') {
          // an empty scratch database (the harness's; its own pool stays unused), dropped afterwards
          const scratch = await createFreshDatabase('postgres')
          databaseUrl = scratch.url
          dropDatabase = () => scratch.close()
        }
        // one after the other: the first applies the migrations and seeds the demo corpus into the empty
        // database, as app-1 does before app-2 starts in docker-compose.yml
        a = await startApp('process A', appEnv(dataDir, databaseUrl))
        b = await startApp('process B', appEnv(dataDir, databaseUrl))
      }, 300_000)

      afterAll(async () => {
        await b?.stop()
        await a?.stop()
        if (kind === 'pglite') await waitForHostToStop(dataDir)
        await dropDatabase?.()
        if (dataDir) await rm(dataDir, { recursive: true, force: true })
      }, 60_000)

      it('serves from two processes, on two ports, the same content', async () => {
        expect(a!.url).not.toBe(b!.url)
        const counts = await Promise.all([a!, b!].map((app) => call(app, 'GET', '/api/content/chunks/count')))
        expect(counts.map((answer) => answer.status)).toEqual([200, 200])
        expect(counts[0]!.body).toEqual(counts[1]!.body)
        expect(Number(counts[0]!.body!.count)).toBeGreaterThan(0)
      })

      it('honours a session opened on one process on the other, and a sign-out on either ends it on both', async () => {
        const email = `ada.${kind}@example.org`
        const userId = await createLearner(email, 'Ada')
        const signedIn = await login(a!, email, PASSWORD, '192.0.2.10')
        expect(signedIn.status).toBe(200)
        const token = String(signedIn.body!.access_token)
        const cookie = /auth_token=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1]
        expect(cookie).toBeTruthy()
        const bearer = { authorization: `Bearer ${token}` }
        const cookieHeader = { cookie: `auth_token=${cookie}` }

        // a second learner signed in on B at the same time: each process tells the two apart
        const otherEmail = `grace.${kind}@example.org`
        const otherId = await createLearner(otherEmail, 'Grace')
        const other = await login(b!, otherEmail, PASSWORD, '192.0.2.11')
        expect(other.status).toBe(200)
        const otherBearer = { authorization: `Bearer ${String(other.body!.access_token)}` }

        for (const app of [b!, a!]) {
          for (const headers of [bearer, cookieHeader]) {
            const me = await call(app, 'GET', '/api/auth/me', { headers })
            expect({ status: me.status, id: me.body?.id, email: me.body?.email }).toEqual({
              status: 200,
              id: userId,
              email,
            })
          }
          const me = await call(app, 'GET', '/api/auth/me', { headers: otherBearer })
          expect({ status: me.status, id: me.body?.id, email: me.body?.email }).toEqual({
            status: 200,
            id: otherId,
            email: otherEmail,
          })
        }

        const signedOut = await call(b!, 'POST', '/api/auth/logout', { headers: bearer })
        expect(signedOut.status).toBe(200)
        for (const app of [a!, b!]) {
          for (const headers of [bearer, cookieHeader]) {
            expect((await call(app, 'GET', '/api/auth/me', { headers })).status).toBe(401)
          }
          // the other learner's session is untouched
          expect((await call(app, 'GET', '/api/auth/me', { headers: otherBearer })).status).toBe(200)
        }

        // and the other way round: signed out on A, refused by B
        expect((await call(a!, 'POST', '/api/auth/logout', { headers: otherBearer })).status).toBe(200)
        expect((await call(b!, 'GET', '/api/auth/me', { headers: otherBearer })).status).toBe(401)
      }, 120_000)

      it('trips the per-address sign-in limit at the same total count across two processes as on one', async () => {
        const { limit } = RATE_LIMITS.loginPerAddress
        const email = `nobody.${kind}@example.org`
        // an empty password is refused (422) after the address is counted and before any hashing: cheap attempts
        const fromAddress = (address: string) => (app: AppProcess) => login(app, email, '', address)
        const alternating = await attemptsUntilRefused([a!, b!], fromAddress('203.0.113.10'), limit + 5)
        const single = await attemptsUntilRefused([a!], fromAddress('203.0.113.20'), limit + 5)

        expect(alternating.refusedAt).toBe(limit + 1)
        expect(single.refusedAt).toBe(alternating.refusedAt)
        expect(new Set([...alternating.before, ...single.before])).toEqual(new Set([422]))
        expect(Number(alternating.retryAfter)).toBeGreaterThan(0)
        // refused on both processes now, while another client address (as the proxy reports it) is not
        for (const app of [a!, b!]) {
          expect((await fromAddress('203.0.113.10')(app)).status).toBe(429)
          expect((await fromAddress('203.0.113.30')(app)).status).toBe(422)
        }
      }, 120_000)

      it('trips the per-account sign-in limit at the same total count across two processes as on one', async () => {
        const { limit } = RATE_LIMITS.loginPerAccount
        const shared = `lin.${kind}@example.org`
        const alone = `mo.${kind}@example.org`
        await createLearner(shared, 'Lin')
        await createLearner(alone, 'Mo')
        const wrongPassword = (email: string, address: string) => (app: AppProcess) =>
          login(app, email, 'not the password', address)
        const alternating = await attemptsUntilRefused(
          [a!, b!],
          wrongPassword(shared, '198.51.100.1'),
          limit + 3,
        )
        const single = await attemptsUntilRefused([a!], wrongPassword(alone, '198.51.100.2'), limit + 3)

        expect(alternating.refusedAt).toBe(limit + 1)
        expect(single.refusedAt).toBe(alternating.refusedAt)
        expect(new Set([...alternating.before, ...single.before])).toEqual(new Set([401]))
        // the lock holds on both processes, even for the right password
        for (const app of [a!, b!]) {
          expect((await login(app, shared, PASSWORD, '198.51.100.3')).status).toBe(429)
        }
      }, 180_000)
    },
  )
}
