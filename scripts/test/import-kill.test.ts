/**
 * `pnpm content import` killed midway, as an operator's machine might (SIGKILL, no chance to clean up): what it
 * leaves behind must already be consistent. The public totals equal what is stored, and no content item is
 * stored without its chunks (docs/decisions/081). Runs the real command in a child process against PostgreSQL
 * (`TEST_DATABASE_URL`) and against the embedded database as a running server holds it.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApiHandler, createContext, loadConfig } from '@phrasereel/api'
import { connectDatabase, type Database, migrate } from '@phrasereel/api/scripts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, databaseKinds } from '../../api/test/harness.ts'

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/content.ts')
const CHUNKS = 40_000

/** A file of many content items of uneven sizes (none a multiple of the batch), some chunks disabled. */
function corpus(): string {
  const lines: string[] = []
  for (let i = 0; i < CHUNKS; i++) {
    const item = Math.floor(i / 37)
    lines.push(
      JSON.stringify({
        content: { name: `Killed Show ${item}`, key: `killed-${item}` },
        text: `Line ${i} of show ${item} says ${'well '.repeat(i % 9)}goodbye.`,
        enabled: i % 11 !== 0,
      }),
    )
  }
  return `${lines.join('\n')}\n`
}

for (const kind of databaseKinds()) {
  describe(`pnpm content import killed midway [${kind}]`, () => {
    let dir = ''
    let database: Database | null = null
    let env: Record<string, string> = {}
    let child: ChildProcess | null = null

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-import-kill-'))
      const dataDir = path.join(dir, 'data')
      if (kind === 'postgres') {
        const test = await createTestDatabase('postgres')
        database = test
        env = { DATA_DIR: dataDir, DATABASE_URL: test.url }
      } else {
        // as beside a running server: the command finds the embedded database this process holds open
        database = await connectDatabase({ dataDir })
        await migrate(database.pool)
        env = { DATA_DIR: dataDir, DATABASE_URL: '' }
      }
    })

    afterAll(async () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await database?.close()
      if (dir) await rm(dir, { recursive: true, force: true })
    })

    it('leaves totals equal to the stored chunks and no content item without chunks', async () => {
      const file = path.join(dir, 'big.jsonl')
      await writeFile(file, corpus())
      const db = database!.pool
      // one statement, so one snapshot: what a reader could see at that moment
      const look = async () =>
        (
          await db.query<{
            stored: number
            chunks: number
            words: number
            shown_chunks: number
            shown_words: number
            empty: number
          }>(
            `select (select count(*)::int from content_chunks) as stored,
               (select count(*)::int from content_chunks where enabled) as chunks,
               (select coalesce(sum(word_count), 0)::int from content_chunks where enabled) as words,
               (select chunk_count::int from content_stats where id = 1) as shown_chunks,
               (select word_count::int from content_stats where id = 1) as shown_words,
               (select count(*)::int from content_metadata m
                where not exists (select 1 from content_chunks c where c.content_metadata_id = m.id)) as empty`,
          )
        ).rows[0]!
      const consistent = (row: Awaited<ReturnType<typeof look>>) => ({
        empty: row.empty,
        shown_chunks: row.shown_chunks - row.chunks,
        shown_words: row.shown_words - row.words,
      })
      const ok = { empty: 0, shown_chunks: 0, shown_words: 0 }

      const running = spawn(process.execPath, [CLI, 'import', '--file', file, '--batch-size', '500'], {
        env: { ...process.env, ...env, LOG_LEVEL: 'error' },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      child = running
      let stderr = ''
      running.stderr!.on('data', (data: Buffer) => {
        stderr += data.toString()
      })
      const exited = new Promise<void>((resolve) => running.on('exit', () => resolve()))
      // watch it as a reader would while batches land, then kill it while it is still writing
      const seen: ReturnType<typeof consistent>[] = []
      const deadline = Date.now() + 120_000
      for (;;) {
        const row = await look()
        seen.push(consistent(row))
        if (row.stored >= 1500) break
        if (running.exitCode !== null) throw new Error(`the import ended before it was killed: ${stderr}`)
        if (Date.now() > deadline) throw new Error(`no batch committed in 120 s: ${stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      running.kill('SIGKILL')
      await exited

      const row = await look()
      expect(row.stored).toBeLessThan(CHUNKS) // killed midway, not after the end
      expect(row.chunks).toBeGreaterThan(0)
      expect(consistent(row)).toEqual(ok)
      expect(
        seen.filter((each) => each.empty !== 0 || each.shown_chunks !== 0 || each.shown_words !== 0),
      ).toEqual([])

      // what the top bar shows, through the API
      const ctx = createContext(loadConfig({ NODE_ENV: 'test', DATA_DIR: env.DATA_DIR! }), database!)
      const handler = createApiHandler(ctx)
      const count = async (what: string) =>
        (await (await handler(new Request(`http://localhost/api/content/${what}/count`))).json()) as {
          count: number
        }
      expect(await count('chunks')).toEqual({ count: row.chunks })
      expect(await count('words')).toEqual({ count: row.words })
    }, 300_000)
  })
}
