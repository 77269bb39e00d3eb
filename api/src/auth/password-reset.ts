/**
 * 'Forgot your password?' (issue 17, docs/decisions/089): an 8-digit code by mail (hashed, 15 minutes, 5 tries), then
 * a new password; every earlier session of the user ends and the caller is signed in. The request step answers the
 * same for every address, known or not, so it tells nobody which addresses have accounts.
 */
import type { AppContext } from '../context.ts'
import { withTransaction } from '../db/connect.ts'
import { BadRequestError, ValidationError } from '../http/errors.ts'
import { log } from '../log.ts'
import { consumeRateLimit, RATE_LIMITS, resetRateLimit } from '../rate-limit/rate-limit.ts'
import { CAPTCHA_ACTIONS } from '../shared/captcha-actions.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import {
  describeCause,
  generateVerificationCode,
  hashVerificationCode,
  spendMailedCode,
} from './email-verification.ts'
import { hashPassword } from './password.ts'
import { invalidateOwnerSessions, type SignedIn, startUserSession } from './session.ts'
import {
  deleteMailedCode,
  findUserByEmail,
  resetUserPassword,
  storePasswordResetCode,
  type UserRow,
} from './user-store.ts'
import { checkNewPassword, normalizeEmail } from './validation.ts'

/**
 * `POST /api/auth/password-reset/request` {email, recaptcha_token}: mails a reset code when the address has an
 * account. Every address gets the same answer, the 180 s cooldown included (claimed before the lookup); the mail
 * goes out in the background so a known address takes no longer either.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: { email?: string | null; recaptcha_token?: string | null },
  address: string,
): Promise<{ message: string }> {
  const now = ctx.now()
  await consumeRateLimit(ctx.db, RATE_LIMITS.passwordResetRequestPerAddress, address, now)
  const email = normalizeEmail(input.email)
  await ctx.captcha.verify(input.recaptcha_token, CAPTCHA_ACTIONS.passwordReset, address)
  await consumeRateLimit(ctx.db, RATE_LIMITS.passwordResetMailPerEmail, email, now)
  const user = await findUserByEmail(ctx.db, email)
  if (user) {
    const code = generateVerificationCode()
    const codeHash = hashVerificationCode(code)
    const expiresAt = new Date(now.getTime() + LIMITS.passwordResetCodeTtlMinutes * 60_000)
    await storePasswordResetCode(ctx.db, user.id, codeHash, expiresAt, now)
    void mailResetCode(ctx, user, code, codeHash)
  }
  return { message: MESSAGES.passwordResetSent }
}

/** Mails the code; a mail that could not be sent drops its code and the cooldown, so the user may ask again. */
async function mailResetCode(ctx: AppContext, user: UserRow, code: string, codeHash: string): Promise<void> {
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Your PhraseReel password reset code',
      text: resetMailText(code),
    })
    log.info('password reset code sent', { userId: user.id })
  } catch (error) {
    log.error('password reset mail not sent', { userId: user.id, error: describeCause(error) })
    try {
      await deleteMailedCode(ctx.db, 'password_reset', user.id, codeHash)
      await resetRateLimit(ctx.db, RATE_LIMITS.passwordResetMailPerEmail, user.email)
    } catch (cleanup) {
      log.warn('password reset cleanup failed', { userId: user.id, error: describeCause(cleanup) })
    }
  }
}

function resetMailText(code: string): string {
  return [
    'Hello from PhraseReel,',
    '',
    `Your password reset code is: ${code}`,
    '',
    `Enter it with your new password within ${LIMITS.passwordResetCodeTtlMinutes} minutes. Changing the password`,
    'signs you out on every other device.',
    'If you did not ask to reset your password, you can ignore this email; your password stays as it is.',
    '',
  ].join('\n')
}

/**
 * `POST /api/auth/password-reset/confirm` {email, code, new_password}: checks the code (15 minutes, at most 5
 * tries, each counted before comparing), sets the new password (the rules of registration), marks the address
 * verified, ends every session of the user and signs the caller in. Of concurrent confirms with the right code,
 * exactly one succeeds.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: { email?: string | null; code?: string | null; new_password?: string | null },
  address: string,
): Promise<SignedIn> {
  const now = ctx.now()
  await consumeRateLimit(ctx.db, RATE_LIMITS.passwordResetConfirmPerAddress, address, now)
  const email = normalizeEmail(input.email)
  const code = (input.code ?? '').replace(/[\s-]/g, '')
  if (!new RegExp(`^[0-9]{${LIMITS.verificationCodeDigits}}$`).test(code)) {
    throw new ValidationError(MESSAGES.passwordResetCodeInvalid)
  }
  // a password that breaks the rules costs no try
  const password = checkNewPassword(input.new_password)
  const user = await findUserByEmail(ctx.db, email)
  if (!user) throw new BadRequestError(MESSAGES.passwordResetCodeWrong)

  const codeHash = await spendMailedCode(ctx, 'password_reset', user.id, code, {
    maxAttempts: LIMITS.passwordResetMaxAttempts,
    wrong: MESSAGES.passwordResetCodeWrong,
    expired: MESSAGES.passwordResetCodeExpired,
    spent: MESSAGES.passwordResetCodeSpent,
  })
  const passwordHash = await hashPassword(password)
  const updated = await withTransaction(ctx.db, async (client) => {
    // one caller removes the code; a concurrent confirm or a newer request meanwhile leaves the others nothing
    if (!(await deleteMailedCode(client, 'password_reset', user.id, codeHash))) return null
    const row = await resetUserPassword(client, user.id, passwordHash)
    await invalidateOwnerSessions(client, 'user', user.id)
    return row
  })
  if (!updated) throw new BadRequestError(MESSAGES.passwordResetCodeWrong)
  await resetRateLimit(ctx.db, RATE_LIMITS.loginPerAccount, email)
  log.info('password reset; sessions revoked', { userId: user.id })
  return startUserSession(ctx, updated)
}
