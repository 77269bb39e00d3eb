import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'
import type { Pool } from './connect.ts'

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations')
// Any constant shared by every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_301_126_001
/** Client-side deadline of one migration's SQL (the pool's own deadline is for requests). */
const MIGRATION_TIMEOUT_MS = 6 * 60 * 60 * 1000

export interface Migration {
  name: string
  sql: string
  checksum: string
}

/** The migrations shipped with this version, in the order they apply. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file)).sort()
  return Promise.all(
    files.map(async (name) => {
      const sql = await readFile(path.join(dir, name), 'utf8')
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
    }),
  )
}

/**
 * Applies the pending migrations, each in its own transaction, and records them. Safe at every start and from
 * several processes at once (an advisory lock serialises them on PostgreSQL; on PGlite each migration re-checks
 * its record inside its own transaction). Refuses to run when an applied migration's file
 * has changed, since migrations are forward-only.
 */
export async function migrate(pool: Pool, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations())
  const client = await pool.connect()
  const applied: string[] = []
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await client.query(`create table if not exists schema_migrations (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`)
    const { rows } = await client.query<{ name: string; checksum: string }>(
      'select name, checksum from schema_migrations',
    )
    const done = new Map(rows.map((row) => [row.name, row.checksum]))
    for (const migration of all) {
      const checksum = done.get(migration.name)
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
          )
        }
        continue
      }
      let recordedMeanwhile: string | undefined
      try {
        await client.query('begin')
        // Checked again inside the transaction: on the embedded PGlite every connection shares one session, so the
        // advisory lock excludes nothing there, but a transaction holds the whole database until it ends. A
        // process that lost the race finds the migration recorded here and skips it.
        const raced = await client.query<{ checksum: string }>(
          'select checksum from schema_migrations where name = $1',
          [migration.name],
        )
        recordedMeanwhile = raced.rows[0]?.checksum
        if (recordedMeanwhile === undefined) {
          // a migration may rewrite a large table: no deadline for it, whatever the pool's
          await client.query('set local statement_timeout = 0')
          await client.query({ text: migration.sql, query_timeout: MIGRATION_TIMEOUT_MS } as pg.QueryConfig)
          await client.query('insert into schema_migrations (name, checksum) values ($1, $2)', [
            migration.name,
            migration.checksum,
          ])
        }
        await client.query('commit')
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error })
      }
      if (recordedMeanwhile !== undefined) {
        if (recordedMeanwhile !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
          )
        }
        continue
      }
      applied.push(migration.name)
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    client.release()
  }
  return applied
}

/** Names of migrations shipped but not applied to this database (used by the health check). */
export async function pendingMigrations(pool: Pool): Promise<string[]> {
  const all = await loadMigrations()
  const { rows } = await pool
    .query<{ name: string }>('select name from schema_migrations')
    .catch(() => ({ rows: [] as { name: string }[] }))
  const done = new Set(rows.map((row) => row.name))
  return all.filter((migration) => !done.has(migration.name)).map((migration) => migration.name)
}
