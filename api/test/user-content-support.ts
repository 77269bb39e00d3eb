/** Callers for the user-content, collections and admin-content tests: users and admins with live sessions. */
import { createSession } from '../src/auth/session.ts'
import type { Queryable } from '../src/db/connect.ts'

export interface Caller {
  /** Users and admins: their row id; anonymous: 0. */
  id: number
  /** Headers that identify the caller (none for anonymous). */
  headers: Record<string, string>
}

export const anonymous: Caller = { id: 0, headers: {} }

let serial = 0

/** Inserts a verified user and opens a session for them. */
export async function createUser(
  db: Queryable,
  name: { first?: string; last?: string } = {},
  now = new Date(),
): Promise<Caller> {
  serial += 1
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, is_verified)
     values ($1, 'not-a-real-hash', $2, $3, true) returning id`,
    [
      `user${serial}-${Math.random().toString(36).slice(2)}@example.org`,
      name.first ?? 'Ada',
      name.last ?? 'Lovelace',
    ],
  )
  const id = rows[0]!.id
  const { token } = await createSession(db, 'user', id, now)
  return { id, headers: { authorization: `Bearer ${token}` } }
}

/** Inserts an admin and opens an admin session. */
export async function createAdmin(db: Queryable, now = new Date()): Promise<Caller> {
  serial += 1
  const { rows } = await db.query<{ id: number }>(
    `insert into admins (username, password_hash) values ($1, 'not-a-real-hash') returning id`,
    [`admin${serial}-${Math.random().toString(36).slice(2)}`],
  )
  const id = rows[0]!.id
  const { token } = await createSession(db, 'admin', id, now)
  return { id, headers: { authorization: `Bearer ${token}` } }
}

/** A request with a JSON body sent as `caller`. */
export function send(method: string, caller: Caller, body?: unknown): RequestInit {
  if (body === undefined) return { method, headers: caller.headers }
  return {
    method,
    headers: { ...caller.headers, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}
