/**
 * Test doubles that are real services: an SMTP server (smtp-server), a reCAPTCHA siteverify endpoint and a
 * JWKS endpoint for Google/Apple tokens, all on loopback ports; plus an app builder that runs several API
 * handlers ("processes", each with its own pool) over one test database, and a capture of everything logged.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { SMTPServer } from 'smtp-server'
import { createApiHandler } from '../src/app.ts'
import { type Config, loadConfig } from '../src/config.ts'
import type { AppContext } from '../src/context.ts'
import { createPool, type Pool } from '../src/db/connect.ts'
import { createContext } from '../src/index.ts'
import { createTestDatabase, type DatabaseKind } from './harness.ts'

// SMTP --------------------------------------------------------------------------------------------------------

export interface ReceivedMail {
  to: string[]
  raw: string
}

export interface TestSmtpServer {
  url: string
  received: ReceivedMail[]
  /** The 8-digit code of the latest mail to `email`, or null. */
  latestCode(email: string): string | null
  close(): Promise<void>
}

/** A real SMTP server that keeps every message it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    latestCode(email) {
      const mails = received.filter((mail) => mail.to.includes(email.toLowerCase()))
      const last = mails[mails.length - 1]
      return last ? (/verification code is: (\d{8})/.exec(last.raw)?.[1] ?? null) : null
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// HTTP endpoints ----------------------------------------------------------------------------------------------

/** A loopback HTTP server; `handle` answers every request. */
export async function startHttpServer(
  handle: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface SiteverifyAnswer {
  success: boolean
  action?: string
  score?: number
  'error-codes'?: string[]
}

/** A siteverify endpoint: answers what `answers` maps the token to; records the secrets and tokens it got. */
export async function startSiteverify(answers: Record<string, SiteverifyAnswer | 'http-500'>): Promise<{
  url: string
  requests: URLSearchParams[]
  close: () => Promise<void>
}> {
  const requests: URLSearchParams[] = []
  const server = await startHttpServer((_request, body, response) => {
    const params = new URLSearchParams(body)
    requests.push(params)
    const answer = answers[params.get('response') ?? ''] ?? {
      success: false,
      'error-codes': ['invalid-input-response'],
    }
    if (answer === 'http-500') {
      response.writeHead(500).end('oops')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
  })
  return { url: `${server.url}/recaptcha/api/siteverify`, requests, close: server.close }
}

export interface TestIdentityProvider {
  jwksUrl: string
  issuer: string
  /** Signs `claims` with the published key (or another, unpublished key) as RS256. */
  sign(
    claims: JWTPayload,
    options?: { key?: 'published' | 'unpublished'; expiresIn?: number },
  ): Promise<string>
  close(): Promise<void>
}

/** An identity provider: publishes a JWKS and signs ID tokens for `issuer`. */
export async function startIdentityProvider(issuer: string): Promise<TestIdentityProvider> {
  const published = await generateKeyPair('RS256', { extractable: true })
  const unpublished = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(published.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' }
  const server = await startHttpServer((_request, _body, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }))
  })
  return {
    jwksUrl: `${server.url}/keys`,
    issuer,
    async sign(claims, options = {}) {
      const nowSeconds = Math.floor(Date.now() / 1000)
      const key = options.key === 'unpublished' ? unpublished.privateKey : published.privateKey
      return new SignJWT({
        iss: issuer,
        iat: nowSeconds,
        exp: nowSeconds + (options.expiresIn ?? 3600),
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
        .sign(key)
    },
    close: server.close,
  }
}

// Apps --------------------------------------------------------------------------------------------------------

export interface AuthTestProcess {
  ctx: AppContext
  handler: (request: Request) => Promise<Response>
  /** A JSON call from a browser at http://localhost:4321 whose socket address is `address`. */
  call<T = Record<string, unknown>>(
    method: string,
    pathAndQuery: string,
    options?: {
      body?: unknown
      token?: string
      cookie?: string
      address?: string
      headers?: Record<string, string>
    },
  ): Promise<{ status: number; body: T; headers: Headers }>
}

export interface AuthTestApp {
  kind: DatabaseKind
  config: Config
  db: Pool
  /** Connection string of the test database (for child processes such as the content CLI). */
  url: string
  /** Process 0 and any further ones, each with its own pool over the same database. */
  processes: AuthTestProcess[]
  close(): Promise<void>
}

/** `processes` API handlers over one fresh database, configured by `env`. */
export async function createAuthTestApp(
  kind: DatabaseKind,
  env: Record<string, string>,
  processes = 1,
): Promise<AuthTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-auth-'))
  const database = await createTestDatabase(kind)
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env })
  const extraPools: Pool[] = []
  const made: AuthTestProcess[] = []
  for (let i = 0; i < processes; i++) {
    const pool = i === 0 ? database.pool : createPool(database.url, 4)
    if (i > 0) extraPools.push(pool)
    const ctx = createContext(config, { pool, kind: database.kind, close: async () => {} })
    const handler = createApiHandler(ctx)
    made.push({
      ctx,
      handler,
      async call(method, pathAndQuery, options = {}) {
        const headers: Record<string, string> = {
          'x-phrasereel-client-ip': options.address ?? '198.51.100.1',
          ...options.headers,
        }
        if (options.body !== undefined) headers['content-type'] = 'application/json'
        if (options.token) headers.authorization = `Bearer ${options.token}`
        if (options.cookie) headers.cookie = options.cookie
        const response = await handler(
          new Request(new URL(pathAndQuery, 'http://localhost:4321'), {
            method,
            headers,
            ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
          }),
        )
        const text = await response.text()
        // JSON.parse gives `any`, which takes the body type the caller names
        return {
          status: response.status,
          body: JSON.parse(text || 'null'),
          headers: response.headers,
        }
      },
    })
  }
  return {
    kind,
    config,
    db: database.pool,
    url: database.url,
    processes: made,
    async close() {
      for (const pool of extraPools) await pool.end()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

// Secrets -----------------------------------------------------------------------------------------------------

/** Everything written to stderr (where the app logs) from now until `stop()`; kept out of the test output. */
export function captureLogs(): { text: () => string; stop: () => void } {
  const lines: string[] = []
  const original = process.stderr.write.bind(process.stderr)
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined
    callback?.()
    return true
  }) as typeof process.stderr.write
  return {
    text: () => lines.join(''),
    stop: () => {
      process.stderr.write = original
    },
  }
}

/** Every row of every table in the public schema, as one JSON text (to search for secrets in clear). */
export async function dumpDatabase(db: Pool): Promise<string> {
  const { rows: tables } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  const dump: Record<string, unknown[]> = {}
  for (const { table_name } of tables) {
    dump[table_name] = (await db.query(`select * from "${table_name}"`)).rows
  }
  return JSON.stringify(dump)
}
