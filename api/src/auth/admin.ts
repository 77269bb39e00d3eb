import { CAPTCHA_ACTIONS } from '../shared/captcha-actions.ts'
import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/connect.ts'
import { UnauthorizedError, ValidationError } from '../http/errors.ts'
import { log } from '../log.ts'
import { consumeRateLimit, RATE_LIMITS, resetRateLimit } from '../rate-limit/rate-limit.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts'
import {
  createSession,
  getSession,
  invalidateOwnerSessions,
  requireSession,
  type Session,
} from './session.ts'
import { type AdminRow, findAdminById, findAdminByUsername, upsertAdmin } from './user-store.ts'

/** Admin usernames: 1 to 64 letters, digits and `. _ @ -`. */
export const ADMIN_USERNAME_PATTERN = /^[A-Za-z0-9._@-]{1,64}$/

/**
 * Creates an admin or replaces an existing admin's password (`pnpm content create-admin`); a replaced password
 * ends that admin's sessions.
 */
export async function createOrUpdateAdmin(
  db: Queryable,
  username: string,
  password: string,
): Promise<{ id: number; created: boolean }> {
  if (!ADMIN_USERNAME_PATTERN.test(username)) {
    throw new ValidationError('Username must be 1 to 64 letters, digits, dots, underscores, @ or dashes')
  }
  if (password.length < LIMITS.minPasswordLength) throw new ValidationError(MESSAGES.passwordTooShort)
  if (password.length > LIMITS.passwordMaxLength) throw new ValidationError(MESSAGES.passwordTooLong)
  const result = await upsertAdmin(db, username, await hashPassword(password))
  if (!result.created) await invalidateOwnerSessions(db, 'admin', result.id)
  log.info(result.created ? 'admin created' : 'admin password replaced', { adminId: result.id })
  return result
}

/** `POST /admin-api/login`: username, password and bot-check token give a separate admin session. */
export async function loginAdmin(
  ctx: AppContext,
  input: { username?: string | null; password?: string | null; recaptcha_token?: string | null },
  address: string,
): Promise<{ token: string; session: Session; admin: AdminRow }> {
  const now = ctx.now()
  await consumeRateLimit(ctx.db, RATE_LIMITS.adminLoginPerAddress, address, now)
  const username = (input.username ?? '').trim()
  const password = input.password ?? ''
  if (!username || !password) throw new ValidationError(MESSAGES.adminCredentialsRequired)
  await ctx.captcha.verify(input.recaptcha_token, CAPTCHA_ACTIONS.adminLogin, address)
  // counted after the bot check, so requests without a valid token cannot lock the admin out
  await consumeRateLimit(ctx.db, RATE_LIMITS.adminLoginPerAccount, username, now)
  const admin = ADMIN_USERNAME_PATTERN.test(username) ? await findAdminByUsername(ctx.db, username) : null
  const ok =
    admin && password.length <= LIMITS.passwordMaxLength
      ? await verifyPassword(password, admin.password_hash)
      : await verifyAgainstDummy(password)
  if (!admin || !ok) {
    log.warn('admin sign-in refused', { adminId: admin?.id ?? null })
    throw new UnauthorizedError(MESSAGES.adminInvalidCredentials)
  }
  await resetRateLimit(ctx.db, RATE_LIMITS.adminLoginPerAccount, username)
  const { token, session } = await createSession(ctx.db, 'admin', admin.id, ctx.now())
  log.info('admin signed in', { adminId: admin.id })
  return { token, session, admin }
}

/** The signed-in admin (admin sessions only; user sessions are refused); 401 otherwise. */
export async function requireAdmin(
  request: Request,
  ctx: AppContext,
): Promise<{ session: Session; admin: AdminRow }> {
  const session = await requireSession(request, ctx, 'admin')
  const admin = await findAdminById(ctx.db, session.ownerId)
  if (!admin) throw new UnauthorizedError(MESSAGES.adminAuthRequired)
  return { session, admin }
}

/** The admin as a page may see it: no password hash. */
export interface AdminIdentity {
  id: number
  username: string
}

/**
 * The signed-in admin of a request, or null (no admin session, expired, idle, or its admin is gone): for pages
 * rendered on the server, which redirect to the login instead of answering 401. A user session is not an admin
 * session. Reads only, so no CSRF check applies (pages are GET).
 */
export async function findAdminSession(
  request: Request,
  ctx: AppContext,
): Promise<{ session: Session; admin: AdminIdentity } | null> {
  const found = await getSession(request, ctx, 'admin')
  if (!found) return null
  const admin = await findAdminById(ctx.db, found.session.ownerId)
  return admin ? { session: found.session, admin: { id: admin.id, username: admin.username } } : null
}
