/** Data access for accounts: users, verification codes, Google/Apple identities and admins. */
import type { Queryable } from '../db/connect.ts'
import type { PublicUser, UserPreferences } from '../shared/wire.ts'

export interface UserRow {
  id: number
  email: string
  password_hash: string | null
  first_name: string
  last_name: string
  is_verified: boolean
  profile_picture_url: string | null
  created_at: Date
  preferences: UserPreferences
}

export type { PublicUser } from '../shared/wire.ts'

const USER_COLUMNS =
  'id, email, password_hash, first_name, last_name, is_verified, profile_picture_url, created_at, preferences'

/** The answer shape of a user row (never the password hash). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_verified: row.is_verified,
    created_at: row.created_at.toISOString(),
    profile_picture_url: row.profile_picture_url,
    preferences: row.preferences ?? {},
  }
}

/** The user with this email (case-insensitive), or null. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from users where lower(email) = lower($1)`,
    [email],
  )
  return rows[0] ?? null
}

/** The user with this id, or null. */
export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id])
  return rows[0] ?? null
}

/** Inserts a user; null when the email is taken (also when a concurrent request just took it). */
export async function insertUser(
  db: Queryable,
  user: {
    email: string
    passwordHash: string | null
    firstName: string
    lastName: string
    isVerified: boolean
    pictureUrl: string | null
  },
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `insert into users (email, password_hash, first_name, last_name, is_verified, profile_picture_url)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning ${USER_COLUMNS}`,
    [user.email, user.passwordHash, user.firstName, user.lastName, user.isVerified, user.pictureUrl],
  )
  return rows[0] ?? null
}

/** A new registration for a still unverified account replaces its password and names. */
export async function updateUnverifiedUser(
  db: Queryable,
  id: number,
  passwordHash: string,
  firstName: string,
  lastName: string,
): Promise<void> {
  await db.query(
    `update users set password_hash = $2, first_name = $3, last_name = $4, updated_at = now()
     where id = $1 and not is_verified`,
    [id, passwordHash, firstName, lastName],
  )
}

/** Marks the email verified; returns the updated user. */
export async function markUserVerified(db: Queryable, id: number): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update users set is_verified = true, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [id],
  )
  return rows[0]!
}

/**
 * Merges `set` into the user's preferences and removes the keys in `remove`, in one statement: concurrent updates
 * of different keys all land, and the last write of one key wins. With `names`, also sets first and last name.
 * Null when the user no longer exists.
 */
export async function updateUserProfile(
  db: Queryable,
  id: number,
  change: { names: { firstName: string; lastName: string } | null; set: UserPreferences; remove: string[] },
): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `update users set
       first_name = coalesce($2, first_name),
       last_name = coalesce($3, last_name),
       preferences = (preferences || $4::jsonb) - $5::text[],
       updated_at = now()
     where id = $1 returning ${USER_COLUMNS}`,
    [
      id,
      change.names?.firstName ?? null,
      change.names?.lastName ?? null,
      JSON.stringify(change.set),
      change.remove,
    ],
  )
  return rows[0] ?? null
}

/** Replaces the password hash (null removes password sign-in). */
export async function setUserPasswordHash(
  db: Queryable,
  id: number,
  passwordHash: string | null,
): Promise<void> {
  await db.query('update users set password_hash = $2, updated_at = now() where id = $1', [id, passwordHash])
}

/** Fills in a profile picture the user does not have yet. */
export async function setUserPictureIfMissing(db: Queryable, id: number, url: string): Promise<void> {
  await db.query(
    'update users set profile_picture_url = $2, updated_at = now() where id = $1 and profile_picture_url is null',
    [id, url],
  )
}

// Verification codes ---------------------------------------------------------------------------------------

export interface VerificationCodeRow {
  code_hash: string
  expires_at: Date
  attempts: number
  sent_at: Date
}

// Mailed 8-digit codes, one live code per user and kind: the calls both kinds share -------------------------

/** Which mailed code: the address's verification (spec §5) or a password reset (docs/decisions/089). */
export type MailedCodeKind = 'verification' | 'password_reset'

const CODE_TABLES: Record<MailedCodeKind, string> = {
  verification: 'email_verification_codes',
  password_reset: 'password_reset_codes',
}

/** The user's pending code of `kind`, or null. */
export async function findMailedCode(
  db: Queryable,
  kind: MailedCodeKind,
  userId: number,
): Promise<VerificationCodeRow | null> {
  const { rows } = await db.query<VerificationCodeRow>(
    `select code_hash, expires_at, attempts, sent_at from ${CODE_TABLES[kind]} where user_id = $1`,
    [userId],
  )
  return rows[0] ?? null
}

/**
 * Spends one try on the user's live code of `kind` and returns its hash to compare with; null when there is no
 * live code with tries left. Counting before comparing keeps concurrent guesses within the limit.
 */
export async function spendMailedCodeAttempt(
  db: Queryable,
  kind: MailedCodeKind,
  userId: number,
  maxAttempts: number,
  now: Date,
): Promise<string | null> {
  const { rows } = await db.query<{ code_hash: string }>(
    `update ${CODE_TABLES[kind]} set attempts = attempts + 1
     where user_id = $1 and attempts < $2 and expires_at > $3 returning code_hash`,
    [userId, maxAttempts, now],
  )
  return rows[0]?.code_hash ?? null
}

/**
 * Removes the user's code of `kind`; with `codeHash`, only if it is still that code. True when one was removed
 * (so of concurrent callers with the same code, exactly one gets true).
 */
export async function deleteMailedCode(
  db: Queryable,
  kind: MailedCodeKind,
  userId: number,
  codeHash?: string,
): Promise<boolean> {
  const table = CODE_TABLES[kind]
  const { rowCount } = codeHash
    ? await db.query(`delete from ${table} where user_id = $1 and code_hash = $2`, [userId, codeHash])
    : await db.query(`delete from ${table} where user_id = $1`, [userId])
  return (rowCount ?? 0) > 0
}

/**
 * Stores a fresh code for the user unless one was sent after `cooldownSince`; true when stored. One statement, so
 * two processes serving two resend clicks cannot both send.
 */
export async function storeVerificationCode(
  db: Queryable,
  userId: number,
  codeHash: string,
  expiresAt: Date,
  now: Date,
  cooldownSince: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into email_verification_codes as c (user_id, code_hash, expires_at, attempts, sent_at)
     values ($1, $2, $3, 0, $4)
     on conflict (user_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at,
       attempts = 0, sent_at = excluded.sent_at
     where c.sent_at <= $5
     returning user_id`,
    [userId, codeHash, expiresAt, now, cooldownSince],
  )
  return rows.length > 0
}

/** Lifts the resend cooldown of a code whose mail could not be sent, so the user may retry at once. */
export async function releaseVerificationCooldown(
  db: Queryable,
  userId: number,
  codeHash: string,
): Promise<void> {
  await db.query(
    `update email_verification_codes set sent_at = 'epoch' where user_id = $1 and code_hash = $2`,
    [userId, codeHash],
  )
}

// Password reset codes ('Forgot your password?', docs/decisions/089) -------------------------------------------

/** Stores a fresh reset code for the user, replacing any earlier one (tries start again). */
export async function storePasswordResetCode(
  db: Queryable,
  userId: number,
  codeHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into password_reset_codes (user_id, code_hash, expires_at, attempts, sent_at)
     values ($1, $2, $3, 0, $4)
     on conflict (user_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at,
       attempts = 0, sent_at = excluded.sent_at`,
    [userId, codeHash, expiresAt, now],
  )
}

/**
 * Sets a new password after a reset and marks the address verified (the mailed code proved it); returns the row.
 */
export async function resetUserPassword(db: Queryable, id: number, passwordHash: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update users set password_hash = $2, is_verified = true, updated_at = now() where id = $1
     returning ${USER_COLUMNS}`,
    [id, passwordHash],
  )
  return rows[0]!
}

// Google / Apple identities --------------------------------------------------------------------------------

export type OAuthProvider = 'google' | 'apple'

/** The user an identity is linked to, or null. */
export async function findIdentityUserId(
  db: Queryable,
  provider: OAuthProvider,
  subject: string,
): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    'select user_id from oauth_identities where provider = $1 and subject = $2',
    [provider, subject],
  )
  return rows[0]?.user_id ?? null
}

/** Links an identity to a user (no-op when it is already linked). */
export async function linkIdentity(
  db: Queryable,
  provider: OAuthProvider,
  subject: string,
  userId: number,
  email: string | null,
): Promise<void> {
  await db.query(
    `insert into oauth_identities (provider, subject, user_id, email) values ($1, $2, $3, $4)
     on conflict (provider, subject) do nothing`,
    [provider, subject, userId, email],
  )
}

// Admins ---------------------------------------------------------------------------------------------------

export interface AdminRow {
  id: number
  username: string
  password_hash: string
}

/** The admin with this username, or null. */
export async function findAdminByUsername(db: Queryable, username: string): Promise<AdminRow | null> {
  const { rows } = await db.query<AdminRow>(
    'select id, username, password_hash from admins where username = $1',
    [username],
  )
  return rows[0] ?? null
}

/** The admin with this id, or null. */
export async function findAdminById(db: Queryable, id: number): Promise<AdminRow | null> {
  const { rows } = await db.query<AdminRow>('select id, username, password_hash from admins where id = $1', [
    id,
  ])
  return rows[0] ?? null
}

/** Creates the admin or replaces its password; tells which happened. */
export async function upsertAdmin(
  db: Queryable,
  username: string,
  passwordHash: string,
): Promise<{ id: number; created: boolean }> {
  const { rows } = await db.query<{ id: number; created: boolean }>(
    `insert into admins (username, password_hash) values ($1, $2)
     on conflict (username) do update set password_hash = excluded.password_hash
     returning id, (xmax = 0) as created`,
    [username, passwordHash],
  )
  return rows[0]!
}
