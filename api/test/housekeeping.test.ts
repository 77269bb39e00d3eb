import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHousekeeping } from '../src/auth/housekeeping.ts'
import { loadConfig } from '../src/config.ts'
import type { Queryable } from '../src/db/connect.ts'
import { startApi } from '../src/index.ts'
import { createTestDatabase, databaseKinds } from './harness.ts'

const HOUR_MS = 60 * 60 * 1000

async function seedSessions(db: Queryable, tag: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (email, is_verified) values ($1, true) returning id`,
    [`${tag}@example.org`],
  )
  const userId = rows[0]!.id
  await db.query(
    `insert into sessions (id, user_id, expires_at) values ($1, $3, now() - interval '1 hour'), ($2, $3, now() + interval '1 day')`,
    [`${tag}-expired`, `${tag}-live`, userId],
  )
}

async function sessionIds(db: Queryable, tag: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from sessions where id like $1 order by id', [
    `${tag}-%`,
  ])
  return rows.map((row) => row.id)
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for housekeeping')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

for (const kind of databaseKinds()) {
  describe(`housekeeping timer [${kind}]`, () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>
    beforeAll(async () => {
      database = await createTestDatabase(kind)
    })
    afterAll(async () => {
      await database?.close()
    })

    it('prunes expired sessions on its own, keeps live ones, and stop() waits for a running pass', async () => {
      await seedSessions(database.pool, 'timer')
      const housekeeping = startHousekeeping(database.pool, () => new Date(), {
        firstRunMs: 5,
        intervalMs: HOUR_MS,
      })
      await waitFor(async () => (await sessionIds(database.pool, 'timer')).length === 1)
      expect(await sessionIds(database.pool, 'timer')).toEqual(['timer-live'])
      await housekeeping.stop()
    })

    it('keeps running after a failed pass and logs instead of throwing', async () => {
      let calls = 0
      const failing: Queryable = {
        query: (async () => {
          calls += 1
          throw new Error('database went away')
        }) as unknown as Queryable['query'],
      }
      const housekeeping = startHousekeeping(failing, () => new Date(), { firstRunMs: 1, intervalMs: 5 })
      await waitFor(async () => calls >= 3)
      await housekeeping.stop()
      const after = calls
      await new Promise((resolve) => setTimeout(resolve, 40))
      expect(calls).toBe(after)
    })

    it('every app process started by startApi schedules it', async () => {
      await seedSessions(database.pool, 'started')
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-housekeeping-'))
      const api = await startApi(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'error' }),
        { poolSize: 2, housekeeping: { firstRunMs: 5 } },
      )
      try {
        await waitFor(async () => (await sessionIds(database.pool, 'started')).length === 1)
        expect(await sessionIds(database.pool, 'started')).toEqual(['started-live'])
      } finally {
        await api.close()
      }
    })
  })
}
