import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

/** A PGlite instance served over the PostgreSQL wire protocol on a loopback port. */
export interface PgliteServer {
  port: number
  /** A `postgres://` URL that the `pg` driver connects to. */
  url: string
  /** Client connections open right now. */
  activeConnections(): number
  stop(): Promise<void>
}

/** Connections the socket server accepts; PGlite runs one statement at a time and multiplexes them. */
export const PGLITE_MAX_CONNECTIONS = 64

/**
 * Opens PGlite (in memory when `dataDir` is undefined) and serves it on 127.0.0.1.
 * Statements from all connections are queued; a connection inside a transaction keeps the database until it ends.
 */
export async function startPgliteServer(
  options: { dataDir?: string; port?: number; loadDataDir?: Blob } = {},
): Promise<PgliteServer & { dump(): Promise<Blob> }> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true })
  const db = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  })
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxConnections: PGLITE_MAX_CONNECTIONS,
  })
  await server.start()
  const address = (server as unknown as { port: number }).port
  return {
    port: address,
    url: `postgres://postgres@127.0.0.1:${address}/postgres?sslmode=disable`,
    activeConnections: () => server.getStats().activeConnections,
    async stop() {
      await server.stop()
      await db.close()
    },
    /** A snapshot of the data directory that `loadDataDir` restores (used to clone a migrated test database). */
    dump: () => db.dumpDataDir('none'),
  }
}
