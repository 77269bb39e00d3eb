import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { CAPTCHA_ACTIONS } from '../shared/captcha-actions.ts'
import type { AppContext } from '../context.ts'
import { withTransaction } from '../db/connect.ts'
import {
  BadRequestError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from '../http/errors.ts'
import { log } from '../log.ts'
import { consumeRateLimit, RATE_LIMITS, resetRateLimit } from '../rate-limit/rate-limit.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { type SignedIn, startUserSession } from './session.ts'
import {
  deleteMailedCode,
  findMailedCode,
  findUserByEmail,
  type MailedCodeKind,
  markUserVerified,
  releaseVerificationCooldown,
  spendMailedCodeAttempt,
  storeVerificationCode,
} from './user-store.ts'
import { normalizeEmail } from './validation.ts'

/** A uniformly random code of 8 digits (spec §9), leading zeros kept. */
export function generateVerificationCode(): string {
  return String(randomInt(0, 10 ** LIMITS.verificationCodeDigits)).padStart(
    LIMITS.verificationCodeDigits,
    '0',
  )
}

/** Salted SHA-256 of a code, `salt$hash`; the code itself is never stored. */
export function hashVerificationCode(code: string): string {
  const salt = randomBytes(12).toString('base64url')
  return `${salt}$${digest(salt, code)}`
}

/** Whether `code` is the one `stored` was made from (constant time). */
export function verificationCodeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split('$')
  if (!salt || !expected) return false
  const actual = Buffer.from(digest(salt, code))
  return actual.length === expected.length && timingSafeEqual(actual, Buffer.from(expected))
}

function digest(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('base64url')
}

/**
 * Issues a new code to the user and mails it, unless one went out less than the resend cooldown ago (spec §9:
 * 180 s), which is a 429 naming the seconds left. A code that could not be mailed does not hold the cooldown.
 */
export async function sendVerificationCode(
  ctx: AppContext,
  user: { id: number; email: string },
): Promise<void> {
  const now = ctx.now()
  const code = generateVerificationCode()
  const codeHash = hashVerificationCode(code)
  const cooldownMs = LIMITS.resendCooldownSeconds * 1000
  const stored = await storeVerificationCode(
    ctx.db,
    user.id,
    codeHash,
    new Date(now.getTime() + LIMITS.verificationCodeTtlMinutes * 60_000),
    now,
    new Date(now.getTime() - cooldownMs),
  )
  if (!stored) {
    const { rows } = await ctx.db.query<{ sent_at: Date }>(
      'select sent_at from email_verification_codes where user_id = $1',
      [user.id],
    )
    const sentAt = rows[0]?.sent_at ?? now
    const seconds = Math.max(1, Math.ceil((sentAt.getTime() + cooldownMs - now.getTime()) / 1000))
    throw new TooManyRequestsError(MESSAGES.resendCooldown.replace('{n}', String(seconds)), seconds)
  }
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Your PhraseReel verification code',
      text: verificationMailText(code),
    })
  } catch (error) {
    await releaseVerificationCooldown(ctx.db, user.id, codeHash)
    await resetRateLimit(ctx.db, RATE_LIMITS.mailPerEmail, user.email)
    log.error('verification mail not sent', { userId: user.id, error: describeCause(error) })
    throw new ServiceUnavailableError(MESSAGES.mailDeliveryFailed)
  }
  log.info('verification code sent', { userId: user.id })
}

/**
 * Claims the address's mail cooldown (one sign-up or resend mail per 180 s, spec §9) before anything about the
 * address is looked up: a 429 'Please wait N seconds…' then reads the same whether the address is unknown, pending
 * or verified (docs/decisions/080).
 */
export async function claimMailCooldown(ctx: AppContext, email: string): Promise<void> {
  await consumeRateLimit(ctx.db, RATE_LIMITS.mailPerEmail, email, ctx.now())
}

/**
 * Tells the owner of a verified account that someone signed up, or asked for a code, with their address. They get
 * this mail instead of a code, and the caller the same answer as for a new address (docs/decisions/080). A mail
 * that could not be sent does not hold the cooldown (503, as for a code).
 */
export async function sendAccountExistsNotice(
  ctx: AppContext,
  user: { id: number; email: string },
): Promise<void> {
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Your PhraseReel account',
      text: accountExistsMailText(ctx.config.PUBLIC_SITE_URL),
    })
  } catch (error) {
    await resetRateLimit(ctx.db, RATE_LIMITS.mailPerEmail, user.email)
    log.error('account notice not sent', { userId: user.id, error: describeCause(error) })
    throw new ServiceUnavailableError(MESSAGES.mailDeliveryFailed)
  }
  log.info('account notice sent', { userId: user.id })
}

function accountExistsMailText(siteUrl: string | undefined): string {
  const signIn = siteUrl ? new URL('/login', siteUrl).href : 'the PhraseReel sign-in page'
  return [
    'Hello from PhraseReel,',
    '',
    'Someone asked to sign up, or for a verification code, with this email address. It already has a verified',
    'PhraseReel account, so no code was sent and nothing has changed.',
    '',
    `To use your account, sign in at ${signIn} with your password, or with Google or Apple if you signed up`,
    'that way.',
    '',
    'If this was not you, you can ignore this email.',
    '',
  ].join('\n')
}

function verificationMailText(code: string): string {
  return [
    'Welcome to PhraseReel!',
    '',
    `Your verification code is: ${code}`,
    '',
    `Enter it on the verification page within ${LIMITS.verificationCodeTtlMinutes} minutes.`,
    'If you did not sign up for PhraseReel, you can ignore this email; no account is activated without the code.',
    '',
  ].join('\n')
}

// The transport's own error may quote the message (and so the code); log only its kind.
export function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  if (cause instanceof Error) return `${cause.name}${'code' in cause ? ` ${String(cause.code)}` : ''}`
  return 'unknown'
}

/** The limit and the answers of one kind of mailed code. */
export interface MailedCodeRules {
  maxAttempts: number
  /** No such code, a wrong code, or a code replaced meanwhile. */
  wrong: string
  expired: string
  /** The tries are used up. */
  spent: string
}

/**
 * Spends one try on the user's live code of `kind` (counted before comparing, so concurrent guesses stay within
 * the limit) and checks `code` against it; returns the code's hash, for the caller to consume it in its
 * transaction. A missing, expired, used-up or wrong code is a 400 with the matching message.
 */
export async function spendMailedCode(
  ctx: AppContext,
  kind: MailedCodeKind,
  userId: number,
  code: string,
  rules: MailedCodeRules,
): Promise<string> {
  const now = ctx.now()
  const codeHash = await spendMailedCodeAttempt(ctx.db, kind, userId, rules.maxAttempts, now)
  if (!codeHash) {
    const pending = await findMailedCode(ctx.db, kind, userId)
    if (pending && pending.expires_at.getTime() <= now.getTime()) throw new BadRequestError(rules.expired)
    throw new BadRequestError(pending ? rules.spent : rules.wrong)
  }
  if (!verificationCodeMatches(code, codeHash)) {
    log.info('wrong mailed code', { userId, kind })
    throw new BadRequestError(rules.wrong)
  }
  return codeHash
}

/**
 * `POST /auth/verify-email`: checks the 8-digit code (15 minutes, at most 5 tries), verifies the account and
 * signs the user in.
 */
export async function verifyEmail(
  ctx: AppContext,
  input: { email?: string | null; verification_code?: string | null },
  address: string,
): Promise<SignedIn> {
  const now = ctx.now()
  await consumeRateLimit(ctx.db, RATE_LIMITS.verifyPerAddress, address, now)
  const email = normalizeEmail(input.email)
  const code = (input.verification_code ?? '').trim()
  if (!/^[0-9]{8}$/.test(code)) throw new ValidationError(MESSAGES.verificationCodeInvalid)
  const user = await findUserByEmail(ctx.db, email)
  // a verified address reads like an unknown one: the answer tells nobody which addresses have accounts
  if (!user || user.is_verified) throw new BadRequestError(MESSAGES.verificationCodeWrong)

  const codeHash = await spendMailedCode(ctx, 'verification', user.id, code, {
    maxAttempts: LIMITS.verificationMaxAttempts,
    wrong: MESSAGES.verificationCodeWrong,
    expired: MESSAGES.verificationCodeExpired,
    spent: MESSAGES.verificationCodeSpent,
  })
  const verified = await withTransaction(ctx.db, async (client) => {
    // a resend that replaced the code meanwhile wins: the old code no longer verifies
    if (!(await deleteMailedCode(client, 'verification', user.id, codeHash))) return null
    return markUserVerified(client, user.id)
  })
  if (!verified) throw new BadRequestError(MESSAGES.verificationCodeWrong)
  log.info('email verified', { userId: user.id })
  return startUserSession(ctx, verified)
}

/**
 * `POST /auth/resend-verification`: a new code for an unverified account, at most one per 180 s per address (spec
 * §9). Unknown and verified addresses get the same answers (the cooldown included): no mail for an unknown one, a
 * notice for a verified one, sent in the background so that it takes no longer either (docs/decisions/080).
 */
export async function resendVerification(
  ctx: AppContext,
  input: { email?: string | null; recaptcha_token?: string | null },
  address: string,
): Promise<{ message: string }> {
  await consumeRateLimit(ctx.db, RATE_LIMITS.resendPerAddress, address, ctx.now())
  const email = normalizeEmail(input.email)
  await ctx.captcha.verify(input.recaptcha_token, CAPTCHA_ACTIONS.resendVerification, address)
  await claimMailCooldown(ctx, email)
  const user = await findUserByEmail(ctx.db, email)
  if (user?.is_verified)
    void sendAccountExistsNotice(ctx, user).catch(() => {}) // logged inside
  else if (user) await sendVerificationCode(ctx, user)
  return { message: MESSAGES.verificationCodeSent }
}
