import type { AppContext } from '../context.ts'
import { CAPTCHA_ACTIONS } from '../shared/captcha-actions.ts'
import { withTransaction } from '../db/connect.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  UnauthorizedError,
  ValidationError,
} from '../http/errors.ts'
import { log } from '../log.ts'
import { consumeRateLimit, RATE_LIMITS, resetRateLimit } from '../rate-limit/rate-limit.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { claimMailCooldown, sendAccountExistsNotice, sendVerificationCode } from './email-verification.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts'
import {
  assertSameOrigin,
  getSession,
  invalidateOwnerSessions,
  type PresentedToken,
  type Session,
  type SignedIn,
  startUserSession,
} from './session.ts'
import {
  findUserByEmail,
  findUserById,
  insertUser,
  type PublicUser,
  setUserPasswordHash,
  toPublicUser,
  updateUnverifiedUser,
  updateUserProfile,
  type UserRow,
} from './user-store.ts'
import { checkNewPassword, normalizeEmail, normalizeName, parsePreferencesPatch } from './validation.ts'

/**
 * Registration (spec §7.1): validates (spec §5), hashes the password and mails an 8-digit code; does not sign in.
 * An unverified account registering again takes the new password and names and gets a new code. A verified one
 * changes nothing and gets the same answer as a new address; its owner is told by mail instead (docs/decisions/080).
 * One mail per address per 180 s, whatever the address.
 */
export async function registerUser(
  ctx: AppContext,
  input: {
    email?: string | null
    password?: string | null
    first_name?: string | null
    last_name?: string | null
    recaptcha_token?: string | null
  },
  address: string,
): Promise<{ message: string }> {
  await consumeRateLimit(ctx.db, RATE_LIMITS.registerPerAddress, address, ctx.now())
  const firstName = normalizeName(input.first_name, 'first')
  const lastName = normalizeName(input.last_name, 'last')
  const email = normalizeEmail(input.email)
  const password = checkNewPassword(input.password)
  await ctx.captcha.verify(input.recaptcha_token, CAPTCHA_ACTIONS.register, address)

  const passwordHash = await hashPassword(password)
  await claimMailCooldown(ctx, email)
  let user = await findUserByEmail(ctx.db, email)
  if (!user) {
    user = await insertUser(ctx.db, {
      email,
      passwordHash,
      firstName,
      lastName,
      isVerified: false,
      pictureUrl: null,
    })
    if (user) {
      log.info('user registered', { userId: user.id })
      await sendVerificationCode(ctx, user)
      return { message: MESSAGES.registrationSent }
    }
    user = await findUserByEmail(ctx.db, email) // a concurrent registration won the insert
    if (!user) throw new ConflictError(MESSAGES.emailAlreadyRegistered)
  }
  if (user.is_verified) {
    await sendAccountExistsNotice(ctx, user)
    return { message: MESSAGES.registrationSent }
  }
  // the cooldown is checked (and claimed) before anything changes, so a refused retry changes nothing
  await sendVerificationCode(ctx, user)
  await updateUnverifiedUser(ctx.db, user.id, passwordHash, firstName, lastName)
  log.info('unverified user registered again', { userId: user.id })
  return { message: MESSAGES.registrationSent }
}

/**
 * Email and password sign-in (spec §7.1). Wrong email and wrong password read the same and take the same time;
 * the right password on an unverified account says 'Email not verified' (the page offers 'Verify now').
 */
export async function loginUser(
  ctx: AppContext,
  input: { email?: string | null; password?: string | null; recaptcha_token?: string | null },
  address: string,
): Promise<SignedIn> {
  const now = ctx.now()
  await consumeRateLimit(ctx.db, RATE_LIMITS.loginPerAddress, address, now)
  const email = normalizeEmail(input.email)
  const password = input.password ?? ''
  if (!password) throw new ValidationError(MESSAGES.passwordRequired)
  await ctx.captcha.verify(input.recaptcha_token, CAPTCHA_ACTIONS.login, address)
  // counted after the bot check, so requests without a valid token cannot lock someone's account
  await consumeRateLimit(ctx.db, RATE_LIMITS.loginPerAccount, email, now)
  if (password.length > LIMITS.passwordMaxLength) throw new UnauthorizedError(MESSAGES.invalidCredentials)

  const user = await findUserByEmail(ctx.db, email)
  const ok = user?.password_hash
    ? await verifyPassword(password, user.password_hash)
    : await verifyAgainstDummy(password)
  if (!user || !ok) {
    log.info('sign-in refused', { userId: user?.id ?? null })
    throw new UnauthorizedError(MESSAGES.invalidCredentials)
  }
  if (!user.is_verified) throw new ForbiddenError(MESSAGES.emailNotVerifiedDetail)
  await resetRateLimit(ctx.db, RATE_LIMITS.loginPerAccount, email)
  return startUserSession(ctx, user)
}

/** The signed-in user and their session (CSRF-checked for cookie state changes); 401 otherwise. */
export async function requireUser(
  request: Request,
  ctx: AppContext,
): Promise<{ session: Session; user: UserRow; presented: PresentedToken }> {
  const found = await getSession(request, ctx, 'user')
  if (!found) throw new UnauthorizedError(MESSAGES.notAuthenticated)
  assertSameOrigin(request, found.presented, ctx)
  const user = await findUserById(ctx.db, found.session.ownerId)
  if (!user) throw new UnauthorizedError(MESSAGES.notAuthenticated)
  return { session: found.session, user, presented: found.presented }
}

/**
 * Profile edit (spec §2.8, §7.1): first and last name, trimmed and required, and the remembered settings (issue 17,
 * docs/decisions/089). A body with `preferences` and no name field changes the settings alone; any other body needs
 * both names as before. `preferences` is merged into the stored ones (`null` for a key removes it).
 */
export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: { first_name?: string | null; last_name?: string | null; preferences?: unknown },
): Promise<PublicUser> {
  const namesGiven = input.first_name !== undefined || input.last_name !== undefined
  const preferencesGiven = input.preferences !== undefined
  const names =
    namesGiven || !preferencesGiven
      ? {
          firstName: normalizeName(input.first_name, 'first'),
          lastName: normalizeName(input.last_name, 'last'),
        }
      : null
  const { set, remove } = preferencesGiven
    ? parsePreferencesPatch(input.preferences)
    : { set: {}, remove: [] as string[] }
  const user = await updateUserProfile(ctx.db, userId, { names, set, remove })
  if (!user) throw new UnauthorizedError(MESSAGES.notAuthenticated)
  return toPublicUser(user)
}

/**
 * Password change: needs the current password, ends every session of the user (other devices included) and
 * opens a new one for the caller.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: { current_password?: string | null; new_password?: string | null },
): Promise<SignedIn> {
  if (!user.password_hash) throw new BadRequestError(MESSAGES.noPasswordSet)
  const current = input.current_password ?? ''
  if (current.length > LIMITS.passwordMaxLength || !(await verifyPassword(current, user.password_hash))) {
    throw new ForbiddenError(MESSAGES.currentPasswordWrong)
  }
  const passwordHash = await hashPassword(checkNewPassword(input.new_password))
  await withTransaction(ctx.db, async (client) => {
    await setUserPasswordHash(client, user.id, passwordHash)
    await invalidateOwnerSessions(client, 'user', user.id)
  })
  log.info('password changed; sessions revoked', { userId: user.id })
  return startUserSession(ctx, user)
}
