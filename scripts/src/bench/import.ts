/**
 * `pnpm bench import`: chunks per second that `pnpm content import` writes into a fresh PostgreSQL database (goal:
 * at least 20,000), next to a baseline measured in the same run and database: the same rows copied server-side
 * (`insert … select`) into a table with the same columns and no index, constraint or trigger, which is what
 * PostgreSQL itself costs before any index is maintained. Then the same file again (everything already present:
 * the resume path), and a phrase search through the index to show the import is searchable at once.
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createContext, loadConfig } from '@phrasereel/api'
import { connectDatabase, createPool, migrate, type Pool } from '@phrasereel/api/scripts'
import { UsageError } from '../cli/errors.ts'
import { importFile, validateFile } from '../import/importer.ts'
import { writeCorpus } from './search-corpus.ts'

export const help = `Usage: pnpm bench import [--chunks N] [--db postgres|pglite] [--admin-url URL] [--bulk off|on|auto]

Writes a synthetic dialogue corpus of N chunks (default 200,000; about 500 bytes of JSON per line with word
timings), imports it into a fresh database and prints the write rate beside a baseline from the same run: the same
rows copied server-side into a table without indexes. --admin-url names the PostgreSQL server (default
postgres://postgres@127.0.0.1:5432/postgres); the bench creates and drops its own database there.`

const rate = (n: number, seconds: number) => Math.round(n / Math.max(seconds, 0.001)).toLocaleString('en')

/** CPU seconds of a process from /proc (Linux, same machine), or 0 when it cannot be read. */
function processCpu(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/**
 * CPU seconds used so far by this process and by the PostgreSQL backends connected to the bench database (the
 * pool keeps its connections open between imports, so their counters cover every batch).
 */
async function cpuNow(pool: Pool, kind: string): Promise<{ node: number; database: number }> {
  const usage = process.cpuUsage()
  let database = 0
  if (kind === 'postgres') {
    const { rows } = await pool.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database()',
    )
    for (const row of rows) database += processCpu(row.pid)
  }
  return { node: (usage.user + usage.system) / 1e6, database }
}

/** Runs the benchmark and prints its figures. */
export async function run(argv: string[]): Promise<number> {
  let values: { chunks?: string; db?: string; 'admin-url'?: string; bulk?: string }
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: {
        chunks: { type: 'string' },
        db: { type: 'string' },
        'admin-url': { type: 'string' },
        bulk: { type: 'string' },
      },
    }).values
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  const chunks = Number(values.chunks ?? 200_000)
  const kind = values.db ?? 'postgres'
  const bulk = values.bulk ?? 'off'
  if (!(Number.isInteger(chunks) && chunks >= 1000) || !['postgres', 'pglite'].includes(kind))
    throw new UsageError(`bad flags\n\n${help}`)
  if (!['auto', 'on', 'off'].includes(bulk)) throw new UsageError(`--bulk must be off, on or auto\n\n${help}`)
  const adminUrl = values['admin-url'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-bench-import-'))
  const name = `phrasereel_bench_import_${process.pid}`
  const admin = kind === 'postgres' ? createPool(adminUrl, 1) : null
  try {
    const file = path.join(dir, 'corpus.jsonl')
    let started = performance.now()
    await writeCorpus(file, { chunks })
    console.log(
      `corpus: ${chunks.toLocaleString('en')} chunks written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    let databaseUrl = ''
    if (admin) {
      await admin.query(`create database ${name}`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      databaseUrl = url.toString()
    }
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: databaseUrl,
      MEILI_URL: '',
    })
    const database = await connectDatabase({
      databaseUrl: databaseUrl || undefined,
      dataDir: config.DATA_DIR,
    })
    try {
      await migrate(database.pool)
      const ctx = createContext(config, database)
      started = performance.now()
      const checked = await validateFile(file)
      const checkSeconds = (performance.now() - started) / 1000
      const load = os.loadavg()[0]!
      const options = { bulk: bulk === 'auto' ? ('auto' as const) : bulk === 'on' }
      const cpu0 = await cpuNow(database.pool, kind)
      const first = await importFile(ctx, file, { ...options, expectedRecords: checked.records })
      const cpu1 = await cpuNow(database.pool, kind)
      console.log(
        `import (${kind}, empty database): check pass ${checkSeconds.toFixed(1)} s, write pass ` +
          `${first.seconds.toFixed(1)} s = ${rate(first.records, first.seconds)} chunks/s (goal 20,000), ` +
          `${first.inserted.toLocaleString('en')} new${first.bulk ? ', search index rebuilt after the load' : ''}; ` +
          `load average ${load.toFixed(1)} before / ${os.loadavg()[0]!.toFixed(1)} after`,
      )
      console.log(
        `  the whole command (check pass + write pass): ${(checkSeconds + first.seconds).toFixed(1)} s = ` +
          `${rate(first.records, checkSeconds + first.seconds)} chunks/s`,
      )
      const node = cpu1.node - cpu0.node
      const db = cpu1.database - cpu0.database
      const cores = os.availableParallelism()
      console.log(
        `  CPU: ${node.toFixed(1)} s in node + ${db.toFixed(1)} s in PostgreSQL backends` +
          (kind === 'postgres'
            ? ` = ${rate(first.records, (node + db) / cores)} chunks/s on ${cores} idle cores`
            : ' (PGlite runs inside node: its host process is not counted)'),
      )
      // as an operator re-runs it: the default path (a full table never takes the bulk path)
      const again = await importFile(ctx, file, { expectedRecords: checked.records })
      console.log(
        `import again (all already present): ${again.seconds.toFixed(1)} s = ${rate(again.records, again.seconds)} ` +
          `chunks/s, ${again.unchanged.toLocaleString('en')} unchanged, ${again.inserted} new`,
      )
      // a later import into the full table: the index it merges into is as large as the first import left it
      const moreFile = path.join(dir, 'more.jsonl')
      const moreChunks = Math.max(1000, Math.round(chunks / 5))
      await writeCorpus(moreFile, { chunks: moreChunks, seed: 7, keyPrefix: 'more' })
      const moreChecked = await validateFile(moreFile)
      const more = await importFile(ctx, moreFile, { expectedRecords: moreChecked.records })
      console.log(
        `import of ${moreChunks.toLocaleString('en')} more chunks into the table of ` +
          `${first.records.toLocaleString('en')}: write pass ${more.seconds.toFixed(1)} s = ` +
          `${rate(more.records, more.seconds)} chunks/s, ${more.inserted.toLocaleString('en')} new`,
      )
      // searchable at once: a phrase through the GIN index (as the search module asks it)
      const { rows: plan } = await database.pool.query<{ 'QUERY PLAN': string }>(
        `explain select id from content_chunks where enabled and search_terms @> '{1}'::bigint[]`,
      )
      console.log(`  search plan: ${plan.map((row) => row['QUERY PLAN'].trim()).find((l) => /Scan/.test(l))}`)

      const client = await database.pool.connect()
      try {
        await client.query('begin')
        await client.query('create table bench_import_baseline (like content_chunks including defaults)')
        started = performance.now()
        const { rowCount } = await client.query(
          'insert into bench_import_baseline select * from content_chunks',
        )
        const baseline = (performance.now() - started) / 1000
        await client.query('rollback')
        console.log(
          `baseline: the same ${rowCount!.toLocaleString('en')} rows copied into a table without indexes in ` +
            `${baseline.toFixed(1)} s = ${rate(rowCount!, baseline)} rows/s`,
        )
      } finally {
        client.release()
      }
    } finally {
      await database.close()
    }
    return 0
  } finally {
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await admin.end()
    }
    await rm(dir, { recursive: true, force: true })
  }
}
