import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PgliteWireServer } from './pglite-wire.ts'

/** A PGlite instance served over the PostgreSQL wire protocol on a loopback port. */
export interface PgliteServer {
  port: number
  /** A `postgres://` URL that the `pg` driver connects to. */
  url: string
  /** Client connections open right now. */
  activeConnections(): number
  stop(): Promise<void>
}

/** Connections the wire server accepts; PGlite runs one statement at a time and gives them turns. */
export const PGLITE_MAX_CONNECTIONS = 64

/**
 * Opens PGlite (in memory when `dataDir` is undefined) and serves it on 127.0.0.1 (`port`, or a free one).
 * Each connection owns the session for a whole protocol cycle and a whole transaction (pglite-wire.ts).
 * `onFatal` is called when PGlite itself fails; the caller should stop (the host process exits non-zero).
 */
export async function startPgliteServer(
  options: {
    dataDir?: string
    port?: number
    loadDataDir?: Blob
    idleTurnMs?: number
    onFatal?: (error: unknown) => void
  } = {},
): Promise<PgliteServer & { dump(): Promise<Blob> }> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true })
  const db = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  const server = new PgliteWireServer(db, {
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxConnections: PGLITE_MAX_CONNECTIONS,
    ...(options.idleTurnMs ? { idleTurnMs: options.idleTurnMs } : {}),
    ...(options.onFatal ? { onFatal: options.onFatal } : {}),
  })
  const address = await server.start().catch(async (error: unknown) => {
    await db.close() // the files are free again for a retry on another port
    throw error
  })
  return {
    port: address,
    url: `postgres://postgres@127.0.0.1:${address}/postgres?sslmode=disable`,
    activeConnections: () => server.stats().activeConnections,
    async stop() {
      await server.stop()
      await db.close()
    },
    /** A snapshot of the data directory that `loadDataDir` restores (used to clone a migrated test database). */
    dump: () => db.dumpDataDir('none'),
  }
}
