import { type ApiHandler, createApiHandler } from './app.ts'
import { startHousekeeping } from './auth/housekeeping.ts'
import { startPhraseSweep } from './search/phrase-sync.ts'
import { createCaptchaVerifier } from './captcha/captcha.ts'
import type { Config } from './config.ts'
import type { AppContext } from './context.ts'
import { type Database, connectDatabase } from './db/connect.ts'
import { migrate } from './db/migrate.ts'
import { stopExports } from './exports/export-runner.ts'
import { createMailer } from './mail/mailer.ts'

export {
  API_PREFIXES,
  createApiHandler,
  RawAnswer,
  type Answer,
  type ApiHandler,
  type LazyRequest,
} from './app.ts'
export { loadConfig, ConfigError, type Config } from './config.ts'
export type { AppContext } from './context.ts'

/** A running API: its handler, context and database, and how to stop it. */
export interface Api {
  handler: ApiHandler
  ctx: AppContext
  database: Database
  close(): Promise<void>
}

/** Connects the database named by `config`, applies pending migrations and builds the handler. */
export async function startApi(
  config: Config,
  options: { poolSize?: number; housekeeping?: { intervalMs?: number; firstRunMs?: number } | false } = {},
): Promise<Api> {
  const poolSize = options.poolSize ?? config.DATABASE_POOL_SIZE
  const database = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    ...(poolSize ? { poolSize } : {}),
  })
  try {
    await migrate(database.pool)
  } catch (error) {
    await database.close()
    throw error
  }
  const ctx = createContext(config, database)
  // Expired sessions, codes and rate-limit counters are pruned by every app process on a timer (see housekeeping.ts).
  const housekeeping =
    options.housekeeping === false ? null : startHousekeeping(ctx.db, ctx.now, options.housekeeping)
  // Type-ahead counts of clips no writer reported (existing data, bulk imports): a window at a time (decision 090).
  const phraseSweep = options.housekeeping === false ? null : startPhraseSweep(ctx.db)
  return {
    handler: createApiHandler(ctx),
    ctx,
    database,
    close: async () => {
      await housekeeping?.stop()
      await phraseSweep?.stop()
      // running exports end as interrupted while the database can still record it
      await stopExports(ctx)
      await database.close()
    },
  }
}

/** The context handlers run with, over an open database. */
export function createContext(config: Config, database: Database): AppContext {
  return {
    config,
    db: database.pool,
    mediaBase: (config.MEDIA_BASE_URL ?? '/media').replace(/\/+$/, ''),
    now: () => new Date(),
    mailer: createMailer(config),
    captcha: createCaptchaVerifier(config),
  }
}
