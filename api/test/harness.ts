/**
 * Test harness: every integration test runs on PGlite, and also on the PostgreSQL server named by
 * `TEST_DATABASE_URL` when it is set (each run in a fresh database of its own, dropped afterwards).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe } from 'vitest'
import { createApiHandler } from '../src/app.ts'
import { type Config, loadConfig } from '../src/config.ts'
import type { AppContext } from '../src/context.ts'
import { type Database, createPool } from '../src/db/connect.ts'
import { migrate } from '../src/db/migrate.ts'
import { startPgliteServer } from '../src/db/pglite-server.ts'
import { createContext } from '../src/index.ts'

export type DatabaseKind = 'pglite' | 'postgres'

/** The databases this run covers. */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

let template: Promise<Blob> | undefined

/** A snapshot of a freshly migrated PGlite, made once per test worker; restoring it skips initdb and migrations. */
function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const server = await startPgliteServer()
    const pool = createPool(server.url, 1)
    try {
      await migrate(pool)
    } finally {
      await pool.end()
    }
    const blob = await server.dump()
    await server.stop()
    return blob
  })()
  return template
}

/** A fresh, migrated database of the given kind. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database & { url: string }> {
  const database = await openDatabase(kind, kind === 'pglite' ? await migratedPgliteTemplate() : undefined)
  // On PGlite a no-op on the migrated template, kept so a stale template can never hide a migration.
  await migrate(database.pool)
  return database
}

/** A fresh database of the given kind with nothing in it, not even the migrations. */
export function createFreshDatabase(kind: DatabaseKind): Promise<Database & { url: string }> {
  return openDatabase(kind, undefined)
}

/**
 * Ends a pool and waits until its connections have closed: `pool.end()` resolves as soon as it has let its idle
 * clients go, before their connections end, so dropping the database (or stopping the host) right after would
 * terminate a connection whose client still reports it as an idle-client error (a console error, under load).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve()
    const timer = setTimeout(resolve, 5_000) // never hang a test file's teardown on this
    pool.on('remove', () => {
      open -= 1
      if (open === 0) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  await pool.end()
  await closed
}

async function openDatabase(
  kind: DatabaseKind,
  pgliteData: Blob | undefined,
): Promise<Database & { url: string }> {
  if (kind === 'pglite') {
    const server = await startPgliteServer(pgliteData ? { loadDataDir: pgliteData } : {})
    const pool = createPool(server.url, 8)
    return {
      pool,
      kind,
      url: server.url,
      async close() {
        await endPool(pool)
        await server.stop()
      },
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL!
  const name = `phrasereel_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const pool = createPool(url.toString(), 20)
  return {
    pool,
    kind,
    url: url.toString(),
    async close() {
      await endPool(pool)
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

export interface TestApp {
  kind: DatabaseKind
  ctx: AppContext
  config: Config
  db: Database['pool']
  handler: (request: Request) => Promise<Response>
  /** Sends a request to the API as a browser on http://localhost would. */
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>
  /** `fetch` and parse the JSON body. */
  fetchJson<T = unknown>(
    pathAndQuery: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: T; response: Response }>
}

/**
 * Declares a describe block per database kind; `setup` returns the app for that database, built in `beforeAll`
 * and closed in `afterAll`.
 */
export function describeEachDatabase(
  name: string,
  body: (app: () => TestApp, kind: DatabaseKind) => void,
  options: { env?: Record<string, string> } = {},
): void {
  for (const kind of databaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let app: TestApp | undefined
      let close: (() => Promise<void>) | undefined
      beforeAll(async () => {
        const made = await createTestApp(kind, options.env)
        app = made.app
        close = made.close
      })
      afterAll(async () => {
        await close?.()
      })
      body(() => {
        if (!app) throw new Error('test app not ready')
        return app
      }, kind)
    })
  }
}

/** A test app over a fresh database and a temporary `DATA_DIR`. */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<{ app: TestApp; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-test-'))
  const database = await createTestDatabase(kind)
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env })
  const ctx = createContext(config, database)
  const handler = createApiHandler(ctx)
  const fetchApi = (pathAndQuery: string, init?: RequestInit) =>
    handler(new Request(new URL(pathAndQuery, 'http://localhost:4321'), init))
  const app: TestApp = {
    kind,
    ctx,
    config,
    db: database.pool,
    handler,
    fetch: fetchApi,
    async fetchJson<T>(pathAndQuery: string, init?: RequestInit) {
      const response = await fetchApi(pathAndQuery, init)
      const text = await response.text()
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T, response }
    },
  }
  return {
    app,
    async close() {
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
