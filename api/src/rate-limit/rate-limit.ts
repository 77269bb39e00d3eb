import { createHash } from 'node:crypto'
import type { Queryable } from '../db/connect.ts'
import { TooManyRequestsError } from '../http/errors.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'

/** A fixed-window limit: at most `limit` hits per `windowSeconds` for one subject. */
export interface RateLimitPolicy {
  /** Names the counter family in the table (e.g. 'login:account'). */
  name: string
  limit: number
  windowSeconds: number
  /** The 429 detail, or a function of the seconds until the window ends that makes it. */
  detail: string | ((retryAfterSeconds: number) => string)
}

const TRY_LATER = MESSAGES.tooManyAttempts

/**
 * The limits the auth calls apply. Counters live in PostgreSQL's `rate_limits` table, so every app process behind
 * a load balancer counts against the same numbers (docs/decisions/021).
 */
export const RATE_LIMITS = {
  loginPerAccount: { name: 'login:account', limit: 10, windowSeconds: 15 * 60, detail: TRY_LATER },
  loginPerAddress: { name: 'login:address', limit: 50, windowSeconds: 15 * 60, detail: TRY_LATER },
  registerPerAddress: { name: 'register:address', limit: 10, windowSeconds: 60 * 60, detail: TRY_LATER },
  verifyPerAddress: { name: 'verify:address', limit: 30, windowSeconds: 15 * 60, detail: TRY_LATER },
  resendPerAddress: { name: 'resend:address', limit: 10, windowSeconds: 60 * 60, detail: TRY_LATER },
  // 'Forgot your password?' (docs/decisions/089): as resend and verify
  passwordResetRequestPerAddress: {
    name: 'reset-request:address',
    limit: 10,
    windowSeconds: 60 * 60,
    detail: TRY_LATER,
  },
  passwordResetConfirmPerAddress: {
    name: 'reset-confirm:address',
    limit: 30,
    windowSeconds: 15 * 60,
    detail: TRY_LATER,
  },
  // one reset mail per email address per cooldown, whether or not the address has an account
  passwordResetMailPerEmail: {
    name: 'reset-mail:email',
    limit: 1,
    windowSeconds: LIMITS.resendCooldownSeconds,
    detail: (seconds: number) => MESSAGES.resendCooldown.replace('{n}', String(seconds)),
  },
  oauthPerAddress: { name: 'oauth:address', limit: 30, windowSeconds: 15 * 60, detail: TRY_LATER },
  adminLoginPerAccount: { name: 'admin-login:account', limit: 5, windowSeconds: 15 * 60, detail: TRY_LATER },
  adminLoginPerAddress: { name: 'admin-login:address', limit: 20, windowSeconds: 15 * 60, detail: TRY_LATER },
  // one sign-up or resend mail per email address per cooldown (spec §9: 180 s), whether or not the address has an
  // account, so the 429 says nothing about it (docs/decisions/080)
  mailPerEmail: {
    name: 'mail:email',
    limit: 1,
    windowSeconds: LIMITS.resendCooldownSeconds,
    detail: (seconds: number) => MESSAGES.resendCooldown.replace('{n}', String(seconds)),
  },
} as const satisfies Record<string, RateLimitPolicy>

/** Counter keys hold a hash of the subject, so the table stores no email or address in clear. */
function counterKey(policy: RateLimitPolicy, subject: string): string {
  return `${policy.name}:${createHash('sha256').update(subject.toLowerCase()).digest('base64url')}`
}

/**
 * Counts one hit for `subject` and throws a 429 (with `Retry-After`) once the window's limit is passed. One atomic
 * upsert: concurrent hits from several processes never both slip under the limit.
 */
export async function consumeRateLimit(
  db: Queryable,
  policy: RateLimitPolicy,
  subject: string,
  now: Date,
): Promise<void> {
  const windowStartedBefore = new Date(now.getTime() - policy.windowSeconds * 1000)
  const { rows } = await db.query<{ window_start: Date; count: number }>(
    `insert into rate_limits as r (key, window_start, count) values ($1, $2, 1)
     on conflict (key) do update set
       window_start = case when r.window_start <= $3 then excluded.window_start else r.window_start end,
       count = case when r.window_start <= $3 then 1 else r.count + 1 end
     returning window_start, count`,
    [counterKey(policy, subject), now, windowStartedBefore],
  )
  const row = rows[0]!
  if (row.count > policy.limit) {
    const retryAfterMs = row.window_start.getTime() + policy.windowSeconds * 1000 - now.getTime()
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    throw new TooManyRequestsError(
      typeof policy.detail === 'string' ? policy.detail : policy.detail(seconds),
      seconds,
    )
  }
}

/** Forgets a subject's counter (a successful sign-in clears its failures). */
export async function resetRateLimit(db: Queryable, policy: RateLimitPolicy, subject: string): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [counterKey(policy, subject)])
}

/** Deletes counters whose window ended more than a day before `now`; cheap housekeeping for a periodic job. */
export async function pruneRateLimits(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query('delete from rate_limits where window_start < $1', [
    new Date(now.getTime() - 24 * 60 * 60 * 1000),
  ])
  return rowCount ?? 0
}
