import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type AppContext, createApiHandler, createContext, loadConfig } from '@phrasereel/api'
import { createTestDatabase, databaseKinds } from '../../api/test/harness.ts'
import { run } from '../src/commands/import.ts'
import { CliError } from '../src/cli/errors.ts'
import { int8ArrayBinary, textArrayLiteral } from '../../api/src/content/import-batch.ts'
import { importFile } from '../src/import/importer.ts'

const film = { name: 'The Long Road', category: 'movie', genre: 'Drama', year: 2019, key: 'long-road' }
const podcast = { name: 'Morning Talk', category: 'podcast' }

function line(value: unknown): string {
  return JSON.stringify(value)
}

const good = [
  line({
    content: film,
    text: "I don't know what you mean.",
    duration: 2.5,
    words: [
      { word: 'I', start: 0.1, end: 0.3 },
      { word: "don't", start: 0.3, end: 0.7 },
      { word: 'know', start: 0.7, end: 1.0 },
      { word: 'what', start: 1.1, end: 1.4 },
      { word: 'you', start: 1.4, end: 1.6 },
      { word: 'mean.', start: 1.6, end: 2.2 },
    ],
  }),
  line({ content: film, text: 'Break a leg!' }),
  '',
  line({ content: podcast, text: 'Good morning everyone.', chunk_type: 'audio', duration: 1.5 }),
  line({ content: podcast, text: 'How are you today?', enabled: false }),
  line({ content: film, text: 'Make up your mind.', order: 7 }),
]

for (const kind of databaseKinds()) {
  describe(`pnpm content import [${kind}]`, () => {
    let dir = ''
    let close: () => Promise<void> = async () => {}
    let handler: (request: Request) => Promise<Response> = async () => new Response()
    let query: (sql: string) => Promise<Record<string, unknown>[]> = async () => []
    let context: AppContext | null = null
    const saved = { ...process.env }
    let out: string[] = []
    let err: string[] = []

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-import-'))
      const database = await createTestDatabase(kind)
      process.env.DATABASE_URL = database.url
      process.env.DATA_DIR = dir
      const ctx = createContext(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }), database)
      handler = createApiHandler(ctx)
      context = ctx
      query = async (sql) => (await database.pool.query(sql)).rows
      close = async () => {
        await database.close()
        await rm(dir, { recursive: true, force: true })
      }
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        out.push(args.join(' '))
      })
      vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        err.push(args.join(' '))
      })
    })
    afterAll(async () => {
      vi.restoreAllMocks()
      process.env = saved
      await close()
    })

    async function importLines(name: string, lines: string[]): Promise<number | CliError> {
      out = []
      err = []
      const file = path.join(dir, name)
      await writeFile(file, `${lines.join('\n')}\n`)
      try {
        return await run(['--file', file, '--batch-size', '2'])
      } catch (error) {
        if (error instanceof CliError) return error
        throw error
      }
    }
    async function search(
      q: string,
    ): Promise<{ transcribed_text: string; match: Record<string, unknown> }[]> {
      const response = await handler(new Request(`http://localhost/api/search?q=${encodeURIComponent(q)}`))
      expect(response.status).toBe(200)
      return response.json()
    }
    const chunkCount = async () =>
      Number((await query('select count(*)::int as n from content_chunks'))[0]!.n)

    it('refuses a file with bad lines, naming file, line and reason, and writes nothing', async () => {
      const result = await importLines('bad.jsonl', [
        good[0]!,
        '{"content": {"name": "X"}, "text": "ok"',
        line({ content: { name: '  ' }, text: 'blank name' }),
        line({ content: film, text: 'words wrong', words: [{ word: 'a', start: 2, end: 1 }] }),
        line({ content: film, text: 'x', year: 1 }),
        line({ content: film, text: 'twice', order: 3 }),
        line({ content: film, text: 'twice again', order: 3 }),
        line({ content: { name: 'Y', year: 3000 }, text: 'year' }),
        line({ content: film, text: 'nul \u0000 inside' }),
        '[1, 2]',
      ])
      expect(result).toBeInstanceOf(CliError)
      expect((result as CliError).message).toMatch(/bad\.jsonl: nothing imported/)
      const file = path.join(dir, 'bad.jsonl')
      expect(err).toEqual([
        expect.stringMatching(new RegExp(`^${file}:2: not valid JSON`)),
        `${file}:3: content.name must not be blank`,
        `${file}:4: words.0: word ends (1s) before it starts (2s)`,
        `${file}:5: unknown field year`,
        `${file}:7: order 3 of content 'The Long Road' already appears earlier in the file`,
        `${file}:8: content.year must be between 1800 and 2200`,
        `${file}:9: text must not contain NUL characters`,
        `${file}:10: expected a JSON object`,
      ])
      expect(await chunkCount()).toBe(0)
    })

    it('imports a good file: chunks, content items, word timings, search and totals', async () => {
      expect(await importLines('good.jsonl', good)).toBe(0)
      expect(out.at(-1)).toMatch(
        /Imported 5 chunks .*5 new, 0 updated, 0 already present; 2 new content items/,
      )
      expect(await chunkCount()).toBe(5)
      const [hit] = await search('what you mean')
      expect(hit!.transcribed_text).toBe("I don't know what you mean.")
      expect(hit!.match).toMatchObject({ word_start: 3, word_end: 5, start: 1.1, end: 2.2, timed: true })
      expect(await search('make up your mind')).toHaveLength(1)
      expect(await search('how are you today')).toEqual([]) // imported disabled
      const rows = await query(
        `select c.chunk_order, c.play_file_name, c.chunk_type, m.name from content_chunks c
         join content_metadata m on m.id = c.content_metadata_id order by m.name, c.chunk_order`,
      )
      expect(rows).toEqual([
        { chunk_order: 0, play_file_name: '1.m4a', chunk_type: 'audio', name: 'Morning Talk' },
        { chunk_order: 1, play_file_name: '2.mp4', chunk_type: 'video', name: 'Morning Talk' },
        { chunk_order: 0, play_file_name: '1.mp4', chunk_type: 'video', name: 'The Long Road' },
        { chunk_order: 1, play_file_name: '2.mp4', chunk_type: 'video', name: 'The Long Road' },
        { chunk_order: 7, play_file_name: '8.mp4', chunk_type: 'video', name: 'The Long Road' },
      ])
      const count = await handler(new Request('http://localhost/api/content/chunks/count'))
      expect(await count.json()).toEqual({ count: 4 })
    })

    it('adds nothing when the same file is imported again', async () => {
      expect(await importLines('good.jsonl', good)).toBe(0)
      expect(out.at(-1)).toMatch(/0 new, 0 updated, 5 already present; 0 new content items/)
      expect(await chunkCount()).toBe(5)
    })

    it('resumes an interrupted import and applies changed lines', async () => {
      const more = [
        ...good.slice(0, 2),
        line({ content: film, text: 'Break a leg, everyone!' }), // order 2: new
        line({ content: podcast, text: 'Good morning, everybody.', chunk_type: 'audio', duration: 1.5 }), // changed
      ]
      expect(await importLines('more.jsonl', more)).toBe(0)
      expect(out.at(-1)).toMatch(/1 new, 1 updated, 2 already present/)
      expect(await chunkCount()).toBe(6)
      expect(await search('good morning everyone')).toEqual([])
      expect(await search('good morning everybody')).toHaveLength(1)
    })

    it('takes the bulk path on request: search index dropped for the load, rebuilt, searchable at once', async () => {
      const file = path.join(dir, 'bulk.jsonl')
      const lines = Array.from({ length: 30 }, (_, i) =>
        line({ content: { name: 'Bulk Show', key: 'bulk' }, text: `Line number ${i} says see you later.` }),
      )
      await writeFile(file, `${lines.join('\n')}\n`)
      out = []
      expect(await run(['--file', file, '--batch-size', '7', '--bulk', 'on'])).toBe(0)
      expect(out.at(-1)).toMatch(/30 new, .*search index rebuilt after the load/)
      const indexes = await query(
        "select indexdef from pg_indexes where indexname = 'content_chunks_search_terms_idx'",
      )
      expect(indexes).toHaveLength(1)
      expect(String(indexes[0]!.indexdef)).toMatch(/gin \(search_terms\) WHERE enabled/)
      expect(await query('select * from import_dropped_indexes')).toEqual([])
      expect(await search('number 17 says')).toHaveLength(1)
    })

    it('rebuilds a search index that an interrupted bulk import left dropped, before importing', async () => {
      // what a bulk import killed between its drop and its rebuild leaves behind
      await query(
        `insert into import_dropped_indexes (name, definition) select indexname, indexdef from pg_indexes
         where indexname = 'content_chunks_search_terms_idx'`,
      )
      await query('drop index content_chunks_search_terms_idx')
      expect(await importLines('good.jsonl', good)).toBe(0)
      expect(
        await query("select 1 from pg_indexes where indexname = 'content_chunks_search_terms_idx'"),
      ).toHaveLength(1)
      expect(await query('select * from import_dropped_indexes')).toEqual([])
      expect(await search('make up your mind')).toHaveLength(1)
    })

    it('moves the change counter after each committed batch and hands its connections back with default settings', async () => {
      const generation = async () =>
        Number((await query('select generation from search_state where id = 1'))[0]!.generation)
      // migration 043: a transaction that defers the bump leaves the counter to its writer; others still move it
      const before = await generation()
      await query(
        `begin; set local phrasereel.defer_generation_bump = 'on';
         update content_chunks set enabled = enabled where chunk_order = 0; commit`,
      )
      expect(await generation()).toBe(before)
      await query('update content_chunks set enabled = enabled where chunk_order = 0')
      expect(await generation()).toBe(before + 1)

      const file = path.join(dir, 'counter.jsonl')
      const lines = Array.from({ length: 6 }, (_, i) =>
        line({ content: { name: 'Counter Show', key: 'counter' }, text: `Counter line ${i} is here.` }),
      )
      await writeFile(file, `${lines.join('\n')}\n`)
      const start = await generation()
      const summary = await importFile(context!, file, { batchSize: 2, concurrency: 2 })
      expect(summary.inserted).toBe(6)
      expect(await generation()).toBeGreaterThanOrEqual(start + 3) // one move per batch, after its commit
      expect(await search('counter line 5 is')).toHaveLength(1)

      const pool = context!.db
      const clients = await Promise.all([pool.connect(), pool.connect()])
      try {
        for (const client of clients) {
          const { rows } = await client.query<{ deferred: string | null; sync: string }>(
            `select current_setting('phrasereel.defer_generation_bump', true) as deferred,
               current_setting('synchronous_commit') as sync`,
          )
          expect(rows[0]!.deferred ?? '').not.toBe('on')
          expect(rows[0]!.sync).toBe('on')
        }
      } finally {
        for (const client of clients) client.release()
      }
    })

    it('writes text arrays that PostgreSQL reads back exactly', async () => {
      const values = [
        'plain',
        'quote " inside',
        'back\\slash',
        '{braces, commas}',
        'NULL',
        '',
        ' spaced ',
        'é🙂',
        null,
      ]
      const client = await import('pg').then(
        ({ default: pg }) => new pg.Client({ connectionString: process.env.DATABASE_URL }),
      )
      await client.connect()
      try {
        const { rows } = await client.query('select $1::text[] as v', [textArrayLiteral(values)])
        expect(rows[0].v).toEqual(values)
      } finally {
        await client.end()
      }
    })

    it('writes large batches from both connections at once without mixing their statements', async () => {
      const file = path.join(dir, 'large.jsonl')
      const lines = Array.from({ length: 3000 }, (_, i) =>
        line({
          content: { name: `Large Show ${i % 7}`, key: `large-${i % 7}` },
          text: `Large line ${i} says ${'hello there '.repeat(1 + (i % 20))}and goodbye.`,
          words: [{ word: 'Large', start: 0.1, end: 0.4 }],
        }),
      )
      await writeFile(file, `${lines.join('\n')}\n`)
      const summary = await importFile(context!, file, { batchSize: 500, concurrency: 2 })
      expect(summary).toMatchObject({ records: 3000, inserted: 3000, contentItems: 7 })
      const rows = await query(
        `select count(*)::int as n, count(distinct c.content_metadata_id)::int as items,
           sum(cardinality(c.search_terms))::int as terms
         from content_chunks c join content_metadata m on m.id = c.content_metadata_id
         where m.source_key like 'large-%'`,
      )
      expect(rows[0]).toMatchObject({ n: 3000, items: 7 })
      expect(await search('line 2999 says')).toHaveLength(1)
    })

    it('keeps totals and content items right after every batch: new, changed and disabled chunks', async () => {
      // one statement, one snapshot: what a reader sees between batches (the other connection may be mid-batch)
      const look = async () => {
        const [row] = await query(
          `select (select chunk_count from content_stats where id = 1)
               - (select count(*) from content_chunks where enabled) as chunks_off,
             (select word_count from content_stats where id = 1)
               - (select coalesce(sum(word_count), 0) from content_chunks where enabled) as words_off,
             (select count(*) from content_metadata m
              where not exists (select 1 from content_chunks c where c.content_metadata_id = m.id)) as empty`,
        )
        return {
          chunksOff: Number(row!.chunks_off),
          wordsOff: Number(row!.words_off),
          empty: Number(row!.empty),
        }
      }
      const file = path.join(dir, 'totals.jsonl')
      const seen: Promise<Awaited<ReturnType<typeof look>>>[] = []
      // then the same items again: longer and shorter texts (word counts change), some on disabled chunks, and
      // chunks added to the last item
      for (const changed of [false, true]) {
        const lines = Array.from({ length: changed ? 44 : 40 }, (_, i) => {
          const item = Math.min(Math.floor(i / 7), 5)
          let text = `Totals line ${i} here.`
          if (changed && i < 8) text = `Totals line ${i} now says ${'rather '.repeat(i + 1)}more.`
          else if (changed && i < 16) text = `Totals ${i}.`
          return line({
            content: { name: `Totals Show ${item}`, key: `totals-${item}` },
            text,
            enabled: i % 5 !== 0,
          })
        })
        await writeFile(file, `${lines.join('\n')}\n`)
        const summary = await importFile(context!, file, {
          batchSize: 4,
          concurrency: 2,
          onProgress: () => seen.push(look()),
        })
        expect(summary).toMatchObject(
          changed ? { inserted: 4, updated: 16 } : { inserted: 40, contentItems: 6 },
        )
      }
      const looks = await Promise.all(seen)
      expect(looks.length).toBeGreaterThanOrEqual(20)
      expect(looks.filter((each) => each.chunksOff !== 0 || each.wordsOff !== 0 || each.empty !== 0)).toEqual(
        [],
      )
      expect(await look()).toEqual({ chunksOff: 0, wordsOff: 0, empty: 0 })
    })

    it('sends bigint arrays in binary that PostgreSQL reads back exactly', async () => {
      const values = [0, 1, 63, 2 ** 32 - 1, 2 ** 32, 123_456_789_012_345, 2 ** 53 - 1]
      const pool = context!.db
      const { rows } = await pool.query<{ v: string[]; e: string[]; s: string[] }>(
        'select $1::bigint[]::text[] as v, $2::bigint[]::text[] as e, ($1::bigint[])[2:3]::text[] as s',
        [int8ArrayBinary(values), int8ArrayBinary([])],
      )
      expect(rows[0]!.v).toEqual(values.map(String))
      expect(rows[0]!.e).toEqual([])
      expect(rows[0]!.s).toEqual(['1', '63'])
    })

    it('stops at a line that went bad after the check, naming it, and leaves the pool working', async () => {
      const file = path.join(dir, 'changed.jsonl')
      const lines = Array.from({ length: 9 }, (_, i) =>
        line({ content: { name: 'Changed Show', key: 'changed' }, text: `Changed line ${i}.` }),
      )
      lines[6] = '{"content": {"name": "Changed Show"}, "text": '
      await writeFile(file, `${lines.join('\n')}\n`)
      await expect(importFile(context!, file, { batchSize: 2 })).rejects.toThrow(
        /changed\.jsonl:7: not valid JSON.*\(the file changed since it was checked\)/,
      )
      // the batches before the bad line are written (each commits on its own; a fixed file resumes from them)
      const written = await query(
        `select count(*)::int as n from content_chunks c join content_metadata m on m.id = c.content_metadata_id
         where m.source_key = 'changed'`,
      )
      expect(Number(written[0]!.n)).toBeLessThanOrEqual(6)
      lines[6] = line({ content: { name: 'Changed Show', key: 'changed' }, text: 'Changed line 6.' })
      await writeFile(file, `${lines.join('\n')}\n`)
      const summary = await importFile(context!, file, { batchSize: 2 })
      expect(summary.records).toBe(9)
      const after = await query(
        `select count(*)::int as n from content_chunks c join content_metadata m on m.id = c.content_metadata_id
         where m.source_key = 'changed'`,
      )
      expect(Number(after[0]!.n)).toBe(9)
    })

    it('explains a missing file and a missing flag', async () => {
      await expect(run(['--file', path.join(dir, 'nope.jsonl')])).rejects.toThrow(/nope\.jsonl: cannot read/)
      await expect(run([])).rejects.toThrow(/--file is required/)
    })
  })
}
