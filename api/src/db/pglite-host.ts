/**
 * Child process that owns the embedded database files in `$DATA_DIR/pgdata` and serves them on a loopback port,
 * so that long statements never block the app's event loop and other processes (content commands) can reach the
 * same database while the server runs. Started by `connectDatabase` in its own process group (a Ctrl-C meant for
 * the server does not cut off a content command still using it). When the process that started it lets go (or
 * goes away), it keeps serving until no client is connected any more, then closes the files and removes its
 * record `$DATA_DIR/pglite-host.json`.
 */
import { readFile, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { startPgliteServer } from './pglite-server.ts'

/** How often a host whose starter has let go looks for remaining clients. */
const DRAIN_POLL_MS = 100
/** Idle polls in a row before it stops, so a client that reconnects at once is not cut off. */
const DRAIN_IDLE_POLLS = 3

const dataDir = process.argv[2]
if (!dataDir) {
  console.error('pglite-host: usage: pglite-host.ts DATA_DIR')
  process.exit(2)
}

/** PGlite itself failed: nothing it answers can be trusted; exit non-zero so that a client starts a new host. */
function fatal(error: unknown): void {
  console.error('pglite-host: the embedded database failed:', error)
  process.exit(70)
}

// A restarted host takes the port of the one before when it is free, so clients' new connections find it.
const preferredPort = Number(process.argv[3] ?? 0)
const pgdata = path.join(dataDir, 'pgdata')
const server = await startPgliteServer({ dataDir: pgdata, port: preferredPort, onFatal: fatal }).catch(
  (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' || !preferredPort) throw error
    return startPgliteServer({ dataDir: pgdata, onFatal: fatal })
  },
)
const infoFile = path.join(dataDir, 'pglite-host.json')
await writeFile(`${infoFile}.tmp`, JSON.stringify({ pid: process.pid, port: server.port }))
await rename(`${infoFile}.tmp`, infoFile)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  try {
    await server.stop()
    // only our own record: a newer host may have replaced a record it found stale
    const info = JSON.parse(await readFile(infoFile, 'utf8').catch(() => '{}')) as { pid?: number }
    if (info.pid === process.pid) await unlink(infoFile).catch(() => {})
  } finally {
    process.exit(0)
  }
}

/** Serves the remaining clients, then stops once none has been connected for a few polls. */
function drain(): void {
  let idle = 0
  const timer = setInterval(() => {
    idle = server.activeConnections() === 0 ? idle + 1 : 0
    if (idle >= DRAIN_IDLE_POLLS) {
      clearInterval(timer)
      void shutdown()
    }
  }, DRAIN_POLL_MS)
}

process.on('disconnect', drain)
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
process.send?.({ ready: true, port: server.port })
