import { fork } from 'node:child_process'
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { isProcessAlive } from '../process-alive.ts'

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
  /**
   * Longest a statement may run (and a query wait for its answer) before it fails and the request answers 503;
   * 0 for none (content commands, migrations). Default `DATABASE_TIMEOUTS.statementMs`.
   */
  statementTimeoutMs?: number
}

/** Deadlines of the app's pool: nothing a request does waits on the database forever. */
export const DATABASE_TIMEOUTS = {
  /** A statement running longer is cancelled (PostgreSQL) and its query fails (both). */
  statementMs: 30_000,
  /** Waiting for a pool client (all busy) or a new connection longer fails the request. */
  acquireMs: 10_000,
  /** A transaction left idle longer is ended by the server (PostgreSQL; the embedded host has its own limit). */
  idleInTransactionMs: 60_000,
} as const

/** Connects to PostgreSQL at `databaseUrl`, or to the embedded PGlite in `dataDir` (starting its host if needed). */
export async function connectDatabase(options: DatabaseOptions): Promise<Database> {
  const statementTimeoutMs = options.statementTimeoutMs ?? DATABASE_TIMEOUTS.statementMs
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options.poolSize ?? 20, { statementTimeoutMs })
    return { pool, kind: 'postgres', close: () => pool.end() }
  }
  const link = await linkPgliteHost(options.dataDir)
  const pool = createPool(link.url(), options.poolSize ?? 8, {
    statementTimeoutMs,
    embedded: true,
    Client: link.Client,
  })
  return {
    pool,
    kind: 'pglite',
    async close() {
      await pool.end()
      await link.close()
    },
  }
}

/** Options of `createPool` beyond its URL and size. */
export interface PoolOptions {
  /** See `DatabaseOptions.statementTimeoutMs`; 0 or unset for none. */
  statementTimeoutMs?: number
  /**
   * The embedded database: its connections share one session, so session settings are not sent (they would
   * change every other connection's too) and the deadline is kept by the client alone.
   */
  embedded?: boolean
  /** The client class the pool makes connections with (the embedded host's follows a restarted host). */
  Client?: typeof pg.Client
  /** Overrides `DATABASE_TIMEOUTS.acquireMs` (tests of a stuck pool). */
  acquireTimeoutMs?: number
}

/** A `pg` pool with the settings every part of the app shares. */
export function createPool(connectionString: string, max: number, options: PoolOptions = {}): Pool {
  const timeout = options.statementTimeoutMs ?? 0
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? DATABASE_TIMEOUTS.acquireMs,
    ...(options.Client ? { Client: options.Client } : {}),
    ...(timeout > 0
      ? {
          // the client gives up a little after the server would have cancelled the statement
          query_timeout: timeout + 2_000,
          ...(options.embedded
            ? {}
            : {
                statement_timeout: timeout,
                idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
              }),
        }
      : {}),
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

/**
 * Runs `work` inside a transaction on one client; rolls back when it throws. A client whose connection failed or
 * timed out is discarded, not returned to the pool: its session may still be running the statement.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query('commit')
    return result
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error
    else await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError))
    throw error
  } finally {
    client.release(broken)
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
])
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|not queryable|Client was closed|Cannot use a pool after calling end/i

/**
 * Whether an error means the database could not serve (down, restarting, overloaded or too slow) rather than
 * that the statement was wrong: such requests answer 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
  return UNAVAILABLE_MESSAGES.test(error.message)
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

/** This process's link to the embedded database host: where it is now, and a client class that follows it. */
interface HostLink {
  url(): string
  Client: typeof pg.Client
  close(): Promise<void>
}

/** How long a process tries to bring back a host that went away before it exits for its supervisor. */
const RECOVER_LIMIT_MS = 30_000

function hostUrl(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`
}

/**
 * Starts or finds the host, and holds one connection to it for as long as this process uses the database: the
 * host counts its clients through their connections (the pool's come and go) and stops only when none is left
 * after its starter let go. When that connection ends while the process still needs the database (the host was
 * killed or crashed), the process brings a host back (on the same port when it is free; the pool's new
 * connections follow it) and requests meanwhile answer 503; if that fails for `RECOVER_LIMIT_MS`, the process
 * exits non-zero so that its supervisor restarts it.
 */
async function linkPgliteHost(dataDir: string): Promise<HostLink> {
  let host = await ensurePgliteHost(dataDir)
  let closed = false
  let holder: pg.Client | null = null
  let recovering: Promise<void> | null = null

  const hold = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: hostUrl(host.port) })
    client.on('error', () => {}) // the host going away is reported by 'end' and by the pool's own queries
    client.on('end', () => {
      if (!closed && holder === client) void recover()
    })
    await client.connect()
    holder = client
  }
  const recover = (): Promise<void> =>
    (recovering ??= (async () => {
      const started = Date.now()
      console.error('[db] the embedded database host went away; starting it again')
      while (!closed) {
        try {
          host = await ensurePgliteHost(dataDir, host.port)
          await hold()
          console.error(`[db] the embedded database is back on port ${host.port}`)
          break
        } catch (error) {
          if (Date.now() - started > RECOVER_LIMIT_MS) {
            console.error('[db] could not bring the embedded database back:', (error as Error).message)
            process.exit(1)
          }
          await sleep(250)
        }
      }
      recovering = null
    })())

  await hold()
  class HostClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'object' ? config : {}), connectionString: hostUrl(host.port) })
    }
  }
  return {
    url: () => hostUrl(host.port),
    Client: HostClient,
    async close() {
      closed = true
      await holder?.end().catch(() => {})
      await host.release()
    },
  }
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
async function ensurePgliteHost(dataDir: string, preferredPort?: number): Promise<HostHandle> {
  await mkdir(dataDir, { recursive: true })
  const infoFile = path.join(dataDir, 'pglite-host.json')
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    const info = await readHostInfo(infoFile)
    if (info && isProcessAlive(info.pid)) {
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
    return startHost(dataDir, infoFile, preferredPort)
  }
  throw new Error(`Timed out waiting for the embedded database in ${dataDir}`)
}

async function startHost(dataDir: string, infoFile: string, preferredPort?: number): Promise<HostHandle> {
  // Its own process group: a Ctrl-C meant for this process must not stop a host other processes still use.
  const child = fork(HOST_ENTRY, preferredPort ? [dataDir, String(preferredPort)] : [dataDir], {
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
