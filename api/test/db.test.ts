import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.ts'
import { connectDatabase, createPool } from '../src/db/connect.ts'
import { loadMigrations, migrate, pendingMigrations } from '../src/db/migrate.ts'
import { seedContent } from './fixtures.ts'
import { createFreshDatabase, createTestDatabase, databaseKinds, endPool } from './harness.ts'
import { isProcessAlive } from '../src/process-alive.ts'

for (const kind of databaseKinds()) {
  describe(`migrations [${kind}]`, () => {
    it('apply once, record themselves and are safe to run again, also concurrently', async () => {
      const db = await createTestDatabase(kind)
      try {
        expect(await pendingMigrations(db.pool)).toEqual([])
        expect(await migrate(db.pool)).toEqual([])
        const again = await Promise.all([migrate(db.pool), migrate(db.pool), migrate(db.pool)])
        expect(again.flat()).toEqual([])
        const { rows } = await db.pool.query('select name from schema_migrations order by name')
        expect(rows.map((row) => row.name)).toEqual((await loadMigrations()).map((m) => m.name))
      } finally {
        await db.close()
      }
    })

    it('on a fresh database, several pools migrating at once apply each migration exactly once', async () => {
      const db = await createFreshDatabase(kind)
      const pools = [createPool(db.url, 2), createPool(db.url, 2), createPool(db.url, 2)]
      try {
        const applied = await Promise.all(pools.map((pool) => migrate(pool)))
        const names = (await loadMigrations()).map((m) => m.name)
        expect(applied.flat().sort()).toEqual(names)
        expect(await pendingMigrations(pools[0]!)).toEqual([])
      } finally {
        await Promise.all(pools.map((pool) => endPool(pool)))
        await db.close()
      }
    })

    it('refuse an applied migration that was edited, and roll back one that fails', async () => {
      const db = await createTestDatabase(kind)
      try {
        const shipped = await loadMigrations()
        const edited = shipped.map((m, i) => (i === 0 ? { ...m, checksum: 'changed' } : m))
        await expect(migrate(db.pool, edited)).rejects.toThrow(/was changed after it was applied/)
        const broken = [
          ...shipped,
          {
            name: '999_broken.sql',
            checksum: 'x',
            sql: 'create table half_done (id int); select * from no_such_table;',
          },
        ]
        await expect(migrate(db.pool, broken)).rejects.toThrow(/999_broken.sql failed/)
        const { rows } = await db.pool.query(
          "select (select count(*) from schema_migrations where name = '999_broken.sql') as recorded, to_regclass('half_done') as t",
        )
        expect(rows[0]).toEqual({ recorded: 0, t: null })
      } finally {
        await db.close()
      }
    })

    it('cascade deletes so that nothing is left orphaned', async () => {
      const db = await createTestDatabase(kind)
      try {
        const [content] = await seedContent(db.pool, [
          { name: 'Cascade', chunks: [{ text: 'hello there', translations: { fr: { phrase: 'salut' } } }] },
        ])
        const user = await db.pool.query<{ id: number }>(
          "insert into users (email) values ('a@example.org') returning id",
        )
        const userId = user.rows[0]!.id
        await db.pool.query('insert into likes (user_id, content_metadata_id) values ($1, $2)', [
          userId,
          content!.contentId,
        ])
        await db.pool.query(
          'insert into play_history (user_id, content_chunk_id, content_metadata_id) values ($1, $2, $3)',
          [userId, content!.chunkIds[0], content!.contentId],
        )
        const collection = await db.pool.query<{ id: number }>(
          "insert into collections (owner_id, name) values ($1, 'Mine') returning id",
          [userId],
        )
        await db.pool.query(
          "insert into collection_members (collection_id, position, phrase, phrase_norm) values ($1, 1, 'Hi', 'hi')",
          [collection.rows[0]!.id],
        )
        await db.pool.query("insert into sessions (id, user_id, expires_at) values ('abc', $1, now())", [
          userId,
        ])
        await db.pool.query('delete from content_metadata where id = $1', [content!.contentId])
        const left = await db.pool.query(
          'select (select count(*) from content_chunks) as chunks, (select count(*) from chunk_translations) as tr, (select count(*) from likes) as likes, (select count(*) from play_history) as plays',
        )
        expect(left.rows[0]).toEqual({ chunks: 0, tr: 0, likes: 0, plays: 0 })
        await db.pool.query('delete from users where id = $1', [userId])
        const gone = await db.pool.query(
          'select (select count(*) from collections) as c, (select count(*) from collection_members) as m, (select count(*) from sessions) as s',
        )
        expect(gone.rows[0]).toEqual({ c: 0, m: 0, s: 0 })
      } finally {
        await db.close()
      }
    })
  })
}

describe('embedded database host', () => {
  it('is shared by a second process-level connection instead of being opened twice', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-host-'))
    try {
      const first = await connectDatabase({ dataDir })
      await migrate(first.pool)
      const info = JSON.parse(await readFile(path.join(dataDir, 'pglite-host.json'), 'utf8'))
      expect(info.port).toBeGreaterThan(0)
      await first.pool.query("insert into content_metadata (name) values ('written by the first')")
      const second = await connectDatabase({ dataDir })
      const { rows } = await second.pool.query('select name from content_metadata')
      expect(rows).toEqual([{ name: 'written by the first' }])
      await second.close()
      // the first keeps working after the second is gone
      expect((await first.pool.query('select count(*)::int as n from content_metadata')).rows[0].n).toBe(1)
      await first.close()
      // data persists in DATA_DIR across hosts
      const third = await connectDatabase({ dataDir })
      expect((await third.pool.query('select count(*)::int as n from content_metadata')).rows[0].n).toBe(1)
      await third.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('outlives the process that started it while another still uses it, then stops and removes its record', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-host-'))
    const infoFile = path.join(dataDir, 'pglite-host.json')
    try {
      const starter = await connectDatabase({ dataDir })
      await migrate(starter.pool)
      const { pid } = JSON.parse(await readFile(infoFile, 'utf8')) as { pid: number }
      const user = await connectDatabase({ dataDir })
      await starter.close() // the server stops while a content command is still at work
      await user.pool.query("insert into content_metadata (name) values ('written after the starter left')")
      expect((await user.pool.query('select count(*)::int as n from content_metadata')).rows[0].n).toBe(1)
      expect(isProcessAlive(pid)).toBe(true)
      await user.close()
      const deadline = Date.now() + 10_000
      while (isProcessAlive(pid) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(isProcessAlive(pid)).toBe(false)
      await expect(readFile(infoFile, 'utf8')).rejects.toThrow(/ENOENT/)
      // what the second process wrote is on disk for the next host
      const next = await connectDatabase({ dataDir })
      expect((await next.pool.query('select name from content_metadata')).rows).toEqual([
        { name: 'written after the starter left' },
      ])
      await next.close()
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('a process that started the embedded database', () => {
  it('ends normally after closing it: its last await settles and the exit code is 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-host-'))
    const connect = new URL('../src/db/connect.ts', import.meta.url).href
    const script = `import { connectDatabase } from ${JSON.stringify(connect)}
const db = await connectDatabase({ dataDir: ${JSON.stringify(dataDir)} })
await db.pool.query('select 1')
await db.close()
console.log('closed')`
    const file = path.join(dataDir, 'starter.mjs')
    await writeFile(file, script)
    try {
      const result = spawnSync(process.execPath, [file], {
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect({ status: result.status, stdout: result.stdout.trim(), stderr: result.stderr }).toEqual({
        status: 0,
        stdout: 'closed',
        stderr: '',
      })
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('configuration', () => {
  it('has working defaults and names the variable on a bad value', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(4321)
    expect(config.HOST).toBe('127.0.0.1')
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true)
    expect(config.MEDIA_DIR).toBe(path.join(config.DATA_DIR, 'media'))
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})
