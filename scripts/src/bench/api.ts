/**
 * `pnpm bench api`: requests/s of `chunks/count` and `chunk/{id}` through the real front, beside a bare node:http
 * hello world measured in the same run (goal: at least 0.3x of bare), and `random-chunks` latency at 1M chunks.
 * Runs on PostgreSQL (`--database-url`, default the local server; a scratch database is created and dropped).
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { refreshContentTotals } from '@phrasereel/api/content/content-store'
import { createPool } from '@phrasereel/api/db/connect'
import { migrate } from '@phrasereel/api/db/migrate'
import { buildIfNeeded } from '../build-if-needed.ts'
import { load, row, startServerProcess } from './load.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

export const help = `Usage: pnpm bench api [--chunks N] [--seconds S] [--connections C] [--database-url URL]`

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      chunks: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '32' },
      'database-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const chunks = Number(values.chunks)
  const seconds = Number(values.seconds)
  const connections = Number(values.connections)
  const adminUrl = values['database-url']!
  const name = 'phrasereel_bench_api'
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()

  try {
    console.log(`Preparing ${chunks.toLocaleString('en')} chunks in ${name}…`)
    const pool = createPool(databaseUrl, 4)
    await migrate(pool)
    const contents = Math.max(1, Math.round(chunks / 1000))
    await pool.query(
      `insert into content_metadata (name, content_category, genre, release_year)
       select 'Content ' || i, (array['movie','series','podcast','talk'])[1 + i % 4], (array['Drama','Comedy','News'])[1 + i % 3], 1990 + i % 35
       from generate_series(1, $1) i`,
      [contents],
    )
    await pool.query(
      `insert into content_chunks (content_metadata_id, chunk_order, play_file_name, segment_file_name, thumbnail_file_name,
         chunk_duration, transcribed_text, word_count, enabled)
       select m.id, s.i - 1, s.i || '.mp4', 'segment_' || s.i || '.json', s.i || '_thumbnail.jpg', 2.5,
         'line ' || s.i || ' of ' || m.name, 4, (s.i % 50) <> 0
       from content_metadata m, generate_series(1, $1::int) s(i)`,
      [Math.ceil(chunks / contents)],
    )
    await refreshContentTotals(pool)
    await pool.query('analyze')
    const { rows } = await pool.query<{ id: number }>(
      'select id from content_chunks where enabled order by random() limit 2000',
    )
    const ids = rows.map((r) => r.id)
    await pool.end()
    await buildIfNeeded()

    const results: { label: string; rps: number; p50: number; p95: number; p99: number; errors: number }[] =
      []
    const bare = await startServerProcess(path.join(here, 'bare-server.ts'))
    await load(bare.origin, { path: '/', connections, seconds: 2 }) // warm-up
    const bareResult = await load(bare.origin, { path: '/', connections, seconds })
    await bare.stop()
    results.push({
      label: 'bare node:http hello world',
      rps: bareResult.requestsPerSecond,
      ...pick(bareResult),
    })

    const app = await startServerProcess(path.join(here, 'app-server.ts'), {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    })
    await load(app.origin, { path: '/api/content/chunks/count', connections, seconds: 2 })
    const count = await load(app.origin, { path: '/api/content/chunks/count', connections, seconds })
    results.push({ label: 'GET /api/content/chunks/count', rps: count.requestsPerSecond, ...pick(count) })
    const byId = await load(app.origin, {
      paths: ids.map((id) => `/api/content/chunk/${id}`),
      connections,
      seconds,
    })
    results.push({ label: 'GET /api/content/chunk/{id}', rps: byId.requestsPerSecond, ...pick(byId) })
    const random1 = await load(app.origin, { path: '/api/content/random-chunks', connections: 1, seconds })
    results.push({ label: 'GET random-chunks (1 client)', rps: random1.requestsPerSecond, ...pick(random1) })
    const random16 = await load(app.origin, { path: '/api/content/random-chunks', connections: 16, seconds })
    results.push({
      label: 'GET random-chunks (16 clients)',
      rps: random16.requestsPerSecond,
      ...pick(random16),
    })
    await app.stop()

    const widths = [34, 12, 10, 8, 8, 8, 8]
    console.log(
      `\n${chunks.toLocaleString('en')} chunks on PostgreSQL, ${connections} connections, ${seconds} s per run\n`,
    )
    console.log(row(['run', 'req/s', 'x bare', 'p50 ms', 'p97.5', 'p99 ms', 'errors'], widths))
    for (const r of results) {
      console.log(
        row(
          [
            r.label,
            Math.round(r.rps),
            (r.rps / bareResult.requestsPerSecond).toFixed(2),
            r.p50,
            r.p95,
            r.p99,
            r.errors,
          ],
          widths,
        ),
      )
    }
    const countRatio = count.requestsPerSecond / bareResult.requestsPerSecond
    const idRatio = byId.requestsPerSecond / bareResult.requestsPerSecond
    console.log(
      `\ngoal: chunks/count and chunk/{id} at least 0.30x bare: ${countRatio >= 0.3 && idRatio >= 0.3 ? 'met' : 'NOT met'} ` +
        `(${countRatio.toFixed(2)}x, ${idRatio.toFixed(2)}x)`,
    )
    return 0
  } finally {
    const cleanup = new pg.Client({ connectionString: adminUrl })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${name} with (force)`)
    await cleanup.end()
  }
}

function pick(r: { p50: number; p95: number; p99: number; errors: number; non2xx: number }) {
  return { p50: r.p50, p95: r.p95, p99: r.p99, errors: r.errors + r.non2xx }
}
