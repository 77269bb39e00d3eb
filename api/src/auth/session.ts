import { createHash, randomBytes } from 'node:crypto'
import type { Config } from '../config.ts'
import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/connect.ts'
import { readCookie } from '../http/cookies.ts'
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts'
import { log } from '../log.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { isHttpsRequest } from './client-address.ts'
import { type PublicUser, toPublicUser, type UserRow } from './user-store.ts'

/** Sessions last 30 days (spec §9) and slide: used in their second half, they are renewed for 30 more. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
const SESSION_RENEW_BEFORE_MS = SESSION_LIFETIME_MS / 2
/** An admin session also ends after 12 hours without a request (docs/decisions/080). */
export const ADMIN_SESSION_IDLE_MS = LIMITS.adminSessionIdleHours * 60 * 60 * 1000
// the last-use time is written at most this often, so a busy admin page does not write on every request
const LAST_USED_PRECISION_MS = 60 * 1000

/** Cookie that carries a user session token (spec §9), and the one for admin sessions. */
export const USER_SESSION_COOKIE = 'auth_token'
export const ADMIN_SESSION_COOKIE = 'admin_token'

export type SessionKind = 'user' | 'admin'

const TABLES: Record<SessionKind, { table: string; owner: string; idleMs: number | null }> = {
  user: { table: 'sessions', owner: 'user_id', idleMs: null },
  admin: { table: 'admin_sessions', owner: 'admin_id', idleMs: ADMIN_SESSION_IDLE_MS },
}

export interface Session {
  id: string
  ownerId: number
  expiresAt: Date
}

/** A new random session token (160 bits, base32-like lowercase); only its SHA-256 is ever stored. */
export function generateSessionToken(): string {
  return randomBytes(20).toString('base64url')
}

/** The stored id of a token: its SHA-256 in hex. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Stores a session for `ownerId` and returns it with the token to hand to the client. */
export async function createSession(
  db: Queryable,
  kind: SessionKind,
  ownerId: number,
  now: Date,
): Promise<{ token: string; session: Session }> {
  const token = generateSessionToken()
  const session: Session = {
    id: sessionIdFromToken(token),
    ownerId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  }
  const { table, owner, idleMs } = TABLES[kind]
  if (idleMs === null) {
    await db.query(`insert into ${table} (id, ${owner}, expires_at) values ($1, $2, $3)`, [
      session.id,
      ownerId,
      session.expiresAt,
    ])
  } else {
    await db.query(`insert into ${table} (id, ${owner}, expires_at, last_used_at) values ($1, $2, $3, $4)`, [
      session.id,
      ownerId,
      session.expiresAt,
      now,
    ])
  }
  return { token, session }
}

/**
 * The live session a token names, renewed when past half its life; null when unknown, expired or (admin
 * sessions) idle for 12 hours. Using an admin session records the time of use.
 */
export async function validateSessionToken(
  db: Queryable,
  kind: SessionKind,
  token: string,
  now: Date,
): Promise<Session | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null
  const id = sessionIdFromToken(token)
  const { table, owner, idleMs } = TABLES[kind]
  const { rows } = await db.query<{ owner_id: number; expires_at: Date; last_used_at?: Date }>(
    `select ${owner} as owner_id, expires_at${idleMs === null ? '' : ', last_used_at'} from ${table} where id = $1`,
    [id],
  )
  const row = rows[0]
  if (!row) return null
  const idleSince = row.last_used_at?.getTime()
  const idle = idleMs !== null && idleSince !== undefined && now.getTime() - idleSince >= idleMs
  if (row.expires_at.getTime() <= now.getTime() || idle) {
    await db.query(`delete from ${table} where id = $1`, [id])
    return null
  }
  const session: Session = { id, ownerId: row.owner_id, expiresAt: row.expires_at }
  const renew = row.expires_at.getTime() - now.getTime() < SESSION_RENEW_BEFORE_MS
  if (renew) session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS)
  const touch = idleSince !== undefined && now.getTime() - idleSince >= LAST_USED_PRECISION_MS
  if (renew && !touch) {
    await db.query(`update ${table} set expires_at = $2 where id = $1`, [id, session.expiresAt])
  } else if (touch) {
    // greatest(): a slower concurrent request never moves the time of last use back
    await db.query(
      `update ${table} set expires_at = greatest(expires_at, $2), last_used_at = greatest(last_used_at, $3)
       where id = $1`,
      [id, session.expiresAt, now],
    )
  }
  return session
}

/** A signed-in result: the token to hand out once, its session and the user. */
export interface SignedIn {
  token: string
  session: Session
  user: PublicUser
}

/** Opens a session for a verified user. */
export async function startUserSession(ctx: AppContext, user: UserRow): Promise<SignedIn> {
  const { token, session } = await createSession(ctx.db, 'user', user.id, ctx.now())
  log.info('user signed in', { userId: user.id })
  return { token, session, user: toPublicUser(user) }
}

/** Ends one session. */
export async function invalidateSession(db: Queryable, kind: SessionKind, sessionId: string): Promise<void> {
  await db.query(`delete from ${TABLES[kind].table} where id = $1`, [sessionId])
}

/** Ends every session of an owner (password change, account problems). */
export async function invalidateOwnerSessions(
  db: Queryable,
  kind: SessionKind,
  ownerId: number,
): Promise<void> {
  const { table, owner } = TABLES[kind]
  await db.query(`delete from ${table} where ${owner} = $1`, [ownerId])
}

/** Where a request's token came from; cookie-borne tokens need the CSRF origin check on state changes. */
export interface PresentedToken {
  token: string
  via: 'bearer' | 'cookie'
}

/** The token a request presents: `Authorization: Bearer …` first, else the named cookie. */
export function readToken(request: Request, cookieName: string): PresentedToken | null {
  const authorization = request.headers.get('authorization')
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim())
    return match ? { token: match[1]!, via: 'bearer' } : null
  }
  const cookie = readCookie(request.headers.get('cookie'), cookieName)
  return cookie ? { token: cookie, via: 'cookie' } : null
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF defence for cookie-authenticated state changes: the browser's `Origin` (or, failing that, `Sec-Fetch-Site`)
 * must say the request comes from this site. Bearer-token requests cannot be forged cross-site and pass.
 */
export function assertSameOrigin(request: Request, presented: PresentedToken, ctx: AppContext): void {
  if (presented.via !== 'cookie' || SAFE_METHODS.has(request.method)) return
  const origin = request.headers.get('origin')
  if (origin) {
    const allowed = new Set([new URL(request.url).origin])
    if (ctx.config.PUBLIC_SITE_URL) allowed.add(new URL(ctx.config.PUBLIC_SITE_URL).origin)
    if (allowed.has(origin)) return
    throw new ForbiddenError(MESSAGES.crossSiteRefused)
  }
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite === null || fetchSite === 'same-origin' || fetchSite === 'none') return
  throw new ForbiddenError(MESSAGES.crossSiteRefused)
}

/** What the cookie helpers read from the context: the configuration (scheme) and the clock. */
type CookieContext = { config: Pick<Config, 'PUBLIC_SITE_URL' | 'TRUST_PROXY'>; now: () => Date }

/**
 * `Set-Cookie` value for a session token: HttpOnly, SameSite=Lax, and Secure when the browser reached the site over
 * https (see {@link isHttpsRequest}); a Secure cookie sent over plain http would be dropped by the browser.
 */
export function sessionCookie(
  request: Request,
  ctx: CookieContext,
  name: string,
  token: string,
  expiresAt: Date,
): string {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - ctx.now().getTime()) / 1000))
  return `${name}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureFlag(request, ctx)}`
}

/** `Set-Cookie` value that removes a session cookie. */
export function clearedSessionCookie(request: Request, ctx: CookieContext, name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureFlag(request, ctx)}`
}

function secureFlag(request: Request, ctx: CookieContext): string {
  return isHttpsRequest(request, ctx.config) ? '; Secure' : ''
}

/** The live session of the kind the request presents, or null (no token, unknown, expired). */
export async function getSession(
  request: Request,
  ctx: AppContext,
  kind: SessionKind,
): Promise<{ session: Session; presented: PresentedToken } | null> {
  const presented = readToken(request, kind === 'user' ? USER_SESSION_COOKIE : ADMIN_SESSION_COOKIE)
  if (!presented) return null
  const session = await validateSessionToken(ctx.db, kind, presented.token, ctx.now())
  return session ? { session, presented } : null
}

/** The session of a signed-in caller, with the CSRF check applied; 401 otherwise. */
export async function requireSession(request: Request, ctx: AppContext, kind: SessionKind): Promise<Session> {
  const found = await getSession(request, ctx, kind)
  if (!found)
    throw new UnauthorizedError(kind === 'admin' ? MESSAGES.adminAuthRequired : MESSAGES.notAuthenticated)
  assertSameOrigin(request, found.presented, ctx)
  return found.session
}
