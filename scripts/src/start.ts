/**
 * `pnpm start`: builds the site when its sources are newer than the build, opens the database (embedded PGlite in
 * `$DATA_DIR` unless `DATABASE_URL` is set), applies migrations, seeds the demo corpus into an empty database and
 * serves everything on `HOST:PORT`.
 */
import { ConfigError, loadConfig, startApi } from '@phrasereel/api'
import { startFront } from '../../site/server/front.ts'
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
  const stop = async () => {
    await front.close()
    await api.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`error: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
