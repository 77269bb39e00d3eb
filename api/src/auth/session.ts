import { createHash, randomBytes } from 'node:crypto'
import type { AppContext } from '../context.ts'
import type { Queryable } from '../db/connect.ts'
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts'
import { MESSAGES } from '../shared/messages.ts'

/** Sessions last 30 days (spec §9) and slide: used in their second half, they are renewed for 30 more. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000
const SESSION_RENEW_BEFORE_MS = SESSION_LIFETIME_MS / 2

/** Cookie that carries a user session token (spec §9), and the one for admin sessions. */
export const USER_SESSION_COOKIE = 'auth_token'
export const ADMIN_SESSION_COOKIE = 'admin_token'

export type SessionKind = 'user' | 'admin'

const TABLES: Record<SessionKind, { table: string; owner: string }> = {
  user: { table: 'sessions', owner: 'user_id' },
  admin: { table: 'admin_sessions', owner: 'admin_id' },
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
  const { table, owner } = TABLES[kind]
  await db.query(`insert into ${table} (id, ${owner}, expires_at) values ($1, $2, $3)`, [
    session.id,
    ownerId,
    session.expiresAt,
  ])
  return { token, session }
}

/** The live session a token names, renewed when past half its life; null when unknown or expired. */
export async function validateSessionToken(
  db: Queryable,
  kind: SessionKind,
  token: string,
  now: Date,
): Promise<Session | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null
  const id = sessionIdFromToken(token)
  const { table, owner } = TABLES[kind]
  const { rows } = await db.query<{ owner_id: number; expires_at: Date }>(
    `select ${owner} as owner_id, expires_at from ${table} where id = $1`,
    [id],
  )
  const row = rows[0]
  if (!row) return null
  if (row.expires_at.getTime() <= now.getTime()) {
    await db.query(`delete from ${table} where id = $1`, [id])
    return null
  }
  const session: Session = { id, ownerId: row.owner_id, expiresAt: row.expires_at }
  if (row.expires_at.getTime() - now.getTime() < SESSION_RENEW_BEFORE_MS) {
    session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS)
    await db.query(`update ${table} set expires_at = $2 where id = $1`, [id, session.expiresAt])
  }
  return session
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
  const cookie = readCookie(request, cookieName)
  return cookie ? { token: cookie, via: 'cookie' } : null
}

/** One cookie's value from the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(value)
      } catch {
        return null
      }
    }
  }
  return null
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

/** `Set-Cookie` value for a session token (HttpOnly, SameSite=Lax, Secure unless served on localhost). */
export function sessionCookie(
  request: Request,
  name: string,
  token: string,
  expiresAt: Date,
  now: Date = new Date(),
): string {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - now.getTime()) / 1000))
  return `${name}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secureFlag(request)}`
}

/** `Set-Cookie` value that removes a session cookie. */
export function clearedSessionCookie(request: Request, name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secureFlag(request)}`
}

function secureFlag(request: Request): string {
  const { hostname, protocol } = new URL(request.url)
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]'
  return local && protocol === 'http:' ? '' : '; Secure'
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
