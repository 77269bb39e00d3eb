import type { AppContext } from './context.ts'
import { pendingMigrations } from './db/migrate.ts'
import { json } from './http/respond.ts'
import type { Router } from './http/router.ts'

/** `GET /api/health`: 200 when the database answers and every migration is applied, else 503. */
export function registerHealthRoutes(router: Router<AppContext>): void {
  router.get('/api/health', async ({ ctx }) => {
    const started = performance.now()
    try {
      await ctx.db.query('select 1')
      const pending = await pendingMigrations(ctx.db)
      const ok = pending.length === 0
      return json(
        {
          status: ok ? 'ok' : 'degraded',
          database: 'ok',
          database_ms: Math.round(performance.now() - started),
          pending_migrations: pending,
        },
        ok ? 200 : 503,
        { 'cache-control': 'no-store' },
      )
    } catch {
      return json({ status: 'down', database: 'unreachable' }, 503, { 'cache-control': 'no-store' })
    }
  })
}
