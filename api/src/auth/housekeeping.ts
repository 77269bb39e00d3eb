import type { Queryable } from '../db/connect.ts'
import { pruneRateLimits } from '../rate-limit/rate-limit.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Deletes what can no longer be used: expired user and admin sessions, verification codes a day past their
 * expiry (until then they still answer 'expired' and hold the resend cooldown) and rate-limit counters older
 * than a day. Safe to run from any process at any time; meant for an hourly timer.
 */
export async function pruneExpiredAuthRows(
  db: Queryable,
  now: Date,
): Promise<{ sessions: number; adminSessions: number; codes: number; rateLimits: number }> {
  const sessions = await db.query('delete from sessions where expires_at <= $1', [now])
  const adminSessions = await db.query('delete from admin_sessions where expires_at <= $1', [now])
  const codes = await db.query('delete from email_verification_codes where expires_at <= $1', [
    new Date(now.getTime() - DAY_MS),
  ])
  return {
    sessions: sessions.rowCount ?? 0,
    adminSessions: adminSessions.rowCount ?? 0,
    codes: codes.rowCount ?? 0,
    rateLimits: await pruneRateLimits(db, now),
  }
}
