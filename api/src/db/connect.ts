import { fork } from 'node:child_process'
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

// int8 columns (ids, counts) fit in a double here; the API speaks numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number.parseInt(value, 10))

/** The pool every data-access function takes, whichever database is behind it. */
export type Pool = pg.Pool
/** A client checked out of the pool, for transactions. */
export type PoolClient = pg.PoolClient
/** Anything that runs a query: the pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'>

export interface Database {
  pool: Pool
  kind: 'postgres' | 'pglite'
  close(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  dataDir: string
  poolSize?: number
}

/** Connects to PostgreSQL at `databaseUrl`, or to the embedded PGlite in `dataDir` (starting its host if needed). */
export async function connectDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options.poolSize ?? 20)
    return { pool, kind: 'postgres', close: () => pool.end() }
  }
  const host = await ensurePgliteHost(options.dataDir)
  const url = `postgres://postgres@127.0.0.1:${host.port}/postgres?sslmode=disable`
  // One connection held for as long as this process uses the database: the host counts its clients through
  // their connections (the pool's come and go) and stops only when none is left after its starter let go.
  const holder = new pg.Client({ connectionString: url })
  holder.on('error', () => {}) // the host going away is reported by the pool's own queries
  await holder.connect()
  const pool = createPool(url, options.poolSize ?? 8)
  return {
    pool,
    kind: 'pglite',
    async close() {
      await pool.end()
      await holder.end().catch(() => {})
      await host.release()
    },
  }
}

/** A `pg` pool with the settings every part of the app shares. */
export function createPool(connectionString: string, max: number): Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message))
  return pool
}

const namedStatements = new WeakMap<Queryable, Promise<boolean>>()

/**
 * Whether named prepared statements are safe on this pool: on PostgreSQL each pooled connection is its own
 * session and prepares a named statement once, then only binds and executes it (no parse, no planning). The
 * embedded PGlite serves every connection from one session, so two connections preparing the same name would
 * collide there: callers fall back to unnamed statements. Asked once per pool.
 */
export function namedStatementsSafe(db: Queryable): Promise<boolean> {
  let answer = namedStatements.get(db)
  if (!answer) {
    answer = db
      .query<{ version: string }>('select version() as version')
      .then(({ rows }) => !/pglite|emscripten/i.test(rows[0]?.version ?? ''))
      .catch(() => {
        namedStatements.delete(db) // ask again next time
        return false
      })
    namedStatements.set(db, answer)
  }
  return answer
}

/** Runs `work` inside a transaction on one client; rolls back when it throws. */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

interface HostInfo {
  pid: number
  port?: number
  starting?: boolean
}

interface HostHandle {
  port: number
  release(): Promise<void>
}

const HOST_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-host.ts')
const START_TIMEOUT_MS = 60_000
/** How long the starter waits for its host to stop when no other process is using it. */
const RELEASE_WAIT_MS = 2_000

/**
 * The embedded database belongs to one process at a time. The first process to need it forks a host that serves
 * it on a loopback port and records `{pid, port}` in `$DATA_DIR/pglite-host.json`; later processes (a content
 * command beside a running server) connect to that port instead of opening the files a second time.
 */
async function ensurePgliteHost(dataDir: string): Promise<HostHandle> {
  await mkdir(dataDir, { recursive: true })
  const infoFile = path.join(dataDir, 'pglite-host.json')
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    const info = await readHostInfo(infoFile)
    if (info && isAlive(info.pid)) {
      if (info.port && (await canConnect(info.port))) return { port: info.port, release: async () => {} }
      await sleep(100) // another process is starting the host
      continue
    }
    if (info) await unlink(infoFile).catch(() => {}) // stale: its process is gone
    try {
      await writeFile(infoFile, JSON.stringify({ pid: process.pid, starting: true } satisfies HostInfo), {
        flag: 'wx',
      })
    } catch {
      continue // another process won the race
    }
    return startHost(dataDir, infoFile)
  }
  throw new Error(`Timed out waiting for the embedded database in ${dataDir}`)
}

async function startHost(dataDir: string, infoFile: string): Promise<HostHandle> {
  // Its own process group: a Ctrl-C meant for this process must not stop a host other processes still use.
  const child = fork(HOST_ENTRY, [dataDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    detached: true,
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) => {
      if (typeof message?.port === 'number') resolve(message.port)
    })
    child.once('exit', (code) => reject(new Error(`The embedded database host exited with code ${code}`)))
    child.once('error', reject)
  }).catch(async (error: unknown) => {
    child.kill('SIGTERM')
    await unlink(infoFile).catch(() => {})
    throw error
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    port,
    async release() {
      // Letting go closes the IPC channel; the host then serves any other process still connected (a content
      // command, a second server) and stops by itself once none is. Wait for that when it is quick, and never
      // keep this process alive for the others.
      if (child.connected) child.disconnect()
      child.unref()
      // The timer keeps this process's event loop alive while it waits (the host itself no longer does).
      let timer: NodeJS.Timeout | undefined
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, RELEASE_WAIT_MS)))])
      clearTimeout(timer)
    },
  }
}

async function readHostInfo(file: string): Promise<HostInfo | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as HostInfo
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
