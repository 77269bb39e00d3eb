/**
 * Faults of the embedded database (issue 13): when its host process dies (`kill -9`) mid-traffic, requests answer
 * 503 with Retry-After (never 500, never hang) and the app serves again within seconds, with the data committed
 * before the kill; a pool that cannot serve makes `/api/health` say so.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApiHandler } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { isDatabaseUnavailable } from '../src/db/connect.ts'
import { createContext, startApi } from '../src/index.ts'
import { expectConsoleError } from './console-errors.ts'
import { createTestDatabase, databaseKinds } from './harness.ts'

describe('embedded database host killed mid-traffic', () => {
  it('answers 503 with Retry-After while it is gone and serves again within seconds', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-fault-'))
    const api = await startApi(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), { housekeeping: false })
    const get = (url: string) => api.handler(new Request(`http://localhost:4321${url}`))
    // the pool tells the operator that it restarts the host it lost, and when the host is back
    expectConsoleError('[db] the embedded database host went away; starting it again')
    expectConsoleError(/\[db\] the embedded database is back on port \d+/)
    try {
      await api.ctx.db.query("insert into content_metadata (name) values ('committed before the kill')")
      const { pid } = JSON.parse(await readFile(path.join(dataDir, 'pglite-host.json'), 'utf8')) as {
        pid: number
      }
      const statuses = new Map<number, number>()
      const bad: string[] = []
      let stop = false
      const traffic = Array.from({ length: 4 }, async () => {
        while (!stop) {
          const response = await get('/api/content/chunks/count')
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          const body = (await response.json()) as { detail?: string }
          if (response.status === 503) {
            if (response.headers.get('retry-after') === null || typeof body.detail !== 'string')
              bad.push(`503 without retry-after or detail: ${JSON.stringify(body)}`)
            await new Promise((resolve) => setTimeout(resolve, 50))
          } else if (response.status !== 200) bad.push(`${response.status} ${JSON.stringify(body)}`)
        }
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      process.kill(pid, 'SIGKILL')
      const killedAt = Date.now()
      // health says down while the host is gone, then ok again
      let back = 0
      while (Date.now() - killedAt < 30_000) {
        const health = await get('/api/health')
        expect(health.status === 200 || health.status === 503).toBe(true)
        if (health.status === 200 && Date.now() - killedAt > 200) {
          back = Date.now() - killedAt
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
      stop = true
      await Promise.all(traffic)
      expect(bad).toEqual([])
      expect(back).toBeGreaterThan(0)
      expect(back).toBeLessThan(15_000)
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0)
      const info = JSON.parse(await readFile(path.join(dataDir, 'pglite-host.json'), 'utf8')) as {
        pid: number
      }
      expect(info.pid).not.toBe(pid)
      const { rows } = await api.ctx.db.query('select name from content_metadata')
      expect(rows).toEqual([{ name: 'committed before the kill' }])
    } finally {
      await api.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

for (const kind of databaseKinds()) {
  describe(`database deadlines [${kind}]`, () => {
    it('a pool with every client stuck answers 503 with Retry-After, and health reports it', async () => {
      const database = await createTestDatabase(kind)
      const { createPool } = await import('../src/db/connect.ts')
      // one client, acquired and held: nothing else can get one
      const pool = createPool(database.url, 1, { statementTimeoutMs: 1_000, acquireTimeoutMs: 1_000 })
      const held = await pool.connect()
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() })
      const handler = createApiHandler(createContext(config, { ...database, pool }))
      try {
        const started = Date.now()
        const answer = await handler(new Request('http://localhost:4321/api/collections/public'))
        expect(answer.status).toBe(503)
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(((await answer.json()) as { detail: string }).detail).toMatch(/try again/)
        expect(Date.now() - started).toBeLessThan(10_000)
        const health = await handler(new Request('http://localhost:4321/api/health'))
        expect(health.status).toBe(503)
        const report = (await health.json()) as { status: string; pool: { waiting: number } }
        expect(report.status).toBe('down')
      } finally {
        held.release()
        await pool.end()
        await database.close()
      }
    })

    it('a statement past its deadline fails as unavailable, not as a server error', async () => {
      const database = await createTestDatabase(kind)
      const { createPool } = await import('../src/db/connect.ts')
      const pool = createPool(database.url, 2, { statementTimeoutMs: 300, embedded: kind === 'pglite' })
      try {
        const error = await pool.query('select pg_sleep(3)').catch((e: unknown) => e)
        expect(isDatabaseUnavailable(error)).toBe(true)
        // the pool serves again afterwards
        const { rows } = await pool.query('select 1 as one')
        expect(rows[0].one).toBe(1)
      } finally {
        await pool.end()
        await database.close()
      }
    })
  })
}
