import type { Queryable } from '../db/connect.ts'
import { log } from '../log.ts'
import { pruneRateLimits } from '../rate-limit/rate-limit.ts'
import { ADMIN_SESSION_IDLE_MS } from './session.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes what can no longer be used: expired user and admin sessions (admin ones also after 12 hours without a
 * request), verification and password reset codes a day past their expiry (until then they still answer 'expired' and hold the
 * resend cooldown) and rate-limit counters older than a day. Safe to run from any process at any time; meant for
 * an hourly timer.
 */
export async function pruneExpiredAuthRows(
  db: Queryable,
  now: Date,
): Promise<{ sessions: number; adminSessions: number; codes: number; rateLimits: number }> {
  const sessions = await db.query('delete from sessions where expires_at <= $1', [now])
  const adminSessions = await db.query(
    'delete from admin_sessions where expires_at <= $1 or last_used_at <= $2',
    [now, new Date(now.getTime() - ADMIN_SESSION_IDLE_MS)],
  )
  const codes = await db.query('delete from email_verification_codes where expires_at <= $1', [
    new Date(now.getTime() - DAY_MS),
  ])
  const resetCodes = await db.query('delete from password_reset_codes where expires_at <= $1', [
    new Date(now.getTime() - DAY_MS),
  ])
  return {
    sessions: sessions.rowCount ?? 0,
    adminSessions: adminSessions.rowCount ?? 0,
    codes: (codes.rowCount ?? 0) + (resetCodes.rowCount ?? 0),
    rateLimits: await pruneRateLimits(db, now),
  }
}

/** How often each app process prunes; several processes doing it at once is harmless (plain deletes). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000
/** The first run waits a little so it never competes with start-up work (migrations, demo seeding). */
export const HOUSEKEEPING_FIRST_RUN_MS = 60 * 1000

export interface Housekeeping {
  /** Runs one pass now (also what the timer calls); never throws, failures are logged. */
  runOnce(): Promise<void>
  stop(): Promise<void>
}

/**
 * Schedules {@link pruneExpiredAuthRows} on an unref'd timer: first after `firstRunMs`, then every `intervalMs`.
 * A pass never overlaps the previous one, and `stop()` waits for a running pass so the pool can close after it.
 */
export function startHousekeeping(
  db: Queryable,
  now: () => Date,
  options: { intervalMs?: number; firstRunMs?: number } = {},
): Housekeeping {
  const intervalMs = options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS
  let running: Promise<void> | null = null
  let stopped = false
  let timer: NodeJS.Timeout | null = null

  const runOnce = (): Promise<void> => {
    if (running) return running
    running = pruneExpiredAuthRows(db, now())
      .then((pruned) => {
        if (pruned.sessions + pruned.adminSessions + pruned.codes + pruned.rateLimits > 0) {
          log.info('housekeeping pruned expired rows', pruned)
        }
      })
      .catch((error: unknown) =>
        log.warn('housekeeping failed; it will retry at the next interval', { error }),
      )
      .finally(() => {
        running = null
      })
    return running
  }
  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      void runOnce().then(() => schedule(intervalMs))
    }, delay)
    timer.unref()
  }
  schedule(options.firstRunMs ?? HOUSEKEEPING_FIRST_RUN_MS)

  return {
    runOnce,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
