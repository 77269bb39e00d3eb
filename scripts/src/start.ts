/**
 * `pnpm start`: builds the site when its sources are newer than the build, opens the database (embedded PGlite in
 * `$DATA_DIR` unless `DATABASE_URL` is set), applies migrations, seeds the demo corpus into an empty database and
 * serves everything on `HOST:PORT`. SIGTERM or SIGINT stops it gracefully (`stopGracefully`).
 */
import { ConfigError, loadConfig, startApi } from '@phrasereel/api'
import { type Front, SHUTDOWN_GRACE_MS, startFront } from '../../site/server/front.ts'
import { buildIfNeeded } from './build-if-needed.ts'
import { seedDemoIfEmpty } from './demo/seed.ts'

async function main(): Promise<void> {
  const config = loadConfig()
  await buildIfNeeded()
  const api = await startApi(config)
  const seeded = await seedDemoIfEmpty(api.ctx)
  if (seeded) console.log('Seeded the demo corpus into the empty database.')
  const front = await startFront({ api: api.handler, ctx: api.ctx, host: config.HOST, port: config.PORT })
  console.log(
    `PhraseReel is serving on ${front.url} (${api.database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  )
  let stopping = false
  // Later signals change nothing: Ctrl-C under `pnpm start` reaches this process twice (from the terminal and
  // forwarded by pnpm), and the stop is bounded anyway.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    void stopGracefully(front, api, signal)
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}

/**
 * Stops accepting connections, lets requests in flight finish (up to `SHUTDOWN_GRACE_MS`, then cuts them), then
 * closes the pool and the embedded database host, and exits 0; non-zero if any step fails or it all takes too long.
 */
async function stopGracefully(
  front: Front,
  api: { close(): Promise<void> },
  signal: NodeJS.Signals,
): Promise<void> {
  // closing the database waits for queries of requests that were cut off; it gets a bounded time of its own
  const deadline = setTimeout(() => {
    console.error('Stopping took too long; exiting anyway.')
    process.exit(1)
  }, SHUTDOWN_GRACE_MS + 10_000)
  try {
    const closing = front.close()
    // after front.close() has begun: from this line on, no new connection is accepted
    console.log(`${signal}: no longer accepting connections; finishing the requests in flight.`)
    await closing
    await api.close()
    clearTimeout(deadline)
    console.log('Stopped.')
    process.exit(0)
  } catch (error) {
    console.error('Stopping failed:', error)
    process.exit(1)
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`error: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
