/**
 * Child process that owns the embedded database files in `$DATA_DIR/pgdata` and serves them on a loopback port,
 * so that long statements never block the app's event loop and other processes (content commands) can reach the
 * same database while the server runs. Started by `connectDatabase`; exits when its parent goes away.
 */
import { writeFile, rename } from 'node:fs/promises'
import path from 'node:path'
import { startPgliteServer } from './pglite-server.ts'

const dataDir = process.argv[2]
if (!dataDir) {
  console.error('pglite-host: usage: pglite-host.ts DATA_DIR')
  process.exit(2)
}

const server = await startPgliteServer({ dataDir: path.join(dataDir, 'pgdata') })
const infoFile = path.join(dataDir, 'pglite-host.json')
await writeFile(`${infoFile}.tmp`, JSON.stringify({ pid: process.pid, port: server.port }))
await rename(`${infoFile}.tmp`, infoFile)

let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  try {
    await server.stop()
  } finally {
    process.exit(0)
  }
}
process.on('disconnect', shutdown)
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
process.send?.({ ready: true, port: server.port })
