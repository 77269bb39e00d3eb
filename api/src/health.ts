import type { AppContext } from './context.ts'
import { pendingMigrations } from './db/migrate.ts'
import { RETRY_AFTER_SECONDS } from './http/errors.ts'
import { json } from './http/respond.ts'
import type { Router } from './http/router.ts'

/** How long the health check waits for the database (through the app's own pool) before it reports it down. */
const HEALTH_DEADLINE_MS = 3_000

/**
 * `GET /api/health`: 200 when the database answers through the app's pool within a few seconds and every
 * migration is applied, else 503. A pool whose clients are all stuck (so no request could be served) is down.
 */
export function registerHealthRoutes(router: Router<AppContext>): void {
  router.get('/api/health', async ({ ctx }) => {
    const started = performance.now()
    const pool = poolStats(ctx.db)
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        ctx.db.query('select 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('deadline')), HEALTH_DEADLINE_MS)
        }),
      ])
      clearTimeout(timer)
      const pending = await pendingMigrations(ctx.db)
      const ok = pending.length === 0
      return json(
        {
          status: ok ? 'ok' : 'degraded',
          database: 'ok',
          database_ms: Math.round(performance.now() - started),
          pending_migrations: pending,
          pool,
        },
        ok ? 200 : 503,
        { 'cache-control': 'no-store' },
      )
    } catch (error) {
      clearTimeout(timer)
      const database = (error as Error).message === 'deadline' ? 'unresponsive' : 'unreachable'
      return json({ status: 'down', database, pool: poolStats(ctx.db) }, 503, {
        'cache-control': 'no-store',
        'retry-after': String(RETRY_AFTER_SECONDS),
      })
    }
  })
}

/** Clients of the app's pool: open, idle, and requests waiting for one. */
function poolStats(db: AppContext['db']): { total: number; idle: number; waiting: number } {
  return { total: db.totalCount, idle: db.idleCount, waiting: db.waitingCount }
}
