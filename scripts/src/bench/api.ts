/**
 * `pnpm bench api`: requests/s of `chunks/count` and `chunk/{id}` through the real front, beside a bare node:http
 * hello world measured in the same run (goal: at least 0.3x of bare), and `random-chunks` latency at 1M chunks.
 * Runs on PostgreSQL (`--database-url`, default the local server; a scratch database is created and dropped).
 */
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { createPool, migrate, refreshContentTotals } from '@phrasereel/api/scripts'
import { buildIfNeeded } from '../build-if-needed.ts'
import { load, row, startServerProcess } from './load.ts'

const here = path.dirname(fileURLToPath(import.meta.url))

export const help = `Usage: pnpm bench api [--chunks N] [--seconds S] [--connections C] [--database-url URL] [--rounds R] [--reuse] [--keep] [--app-server FILE] [--compare FILE]

  --reuse   keep the corpus of the last run with --keep (same --chunks) instead of building it again
  --keep    leave the scratch database in place afterwards (for --reuse and for profiling)
  --app-server FILE   the app server script to measure (default bench/app-server.ts)
  --compare FILE      another checkout's app server, measured in the same alternating rounds (before/after)`

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      chunks: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '32' },
      rounds: { type: 'string', default: '3' },
      'database-url': {
        type: 'string',
        default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
      'app-server': { type: 'string' },
      compare: { type: 'string' },
      reuse: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
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
  const rounds = Math.max(1, Number(values.rounds))
  const adminUrl = values['database-url']!
  const name = 'phrasereel_bench_api'
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  const loadBefore = os.loadavg()

  try {
    const ids = await prepareCorpus(adminUrl, databaseUrl, name, chunks, values.reuse!)
    await buildIfNeeded()

    type Row = { label: string; rps: number; p50: number; p95: number; p99: number; errors: number }
    const results: Row[] = []
    const bare = await startServerProcess(path.join(here, 'bare-server.ts'))
    const app = await startServerProcess(values['app-server'] ?? path.join(here, 'app-server.ts'), {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      BENCH_HELLO: '1',
    })
    const appNotKept = await startServerProcess(values['app-server'] ?? path.join(here, 'app-server.ts'), {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      BENCH_KEEP_CHUNKS: '0',
    })
    // The ratios are what count, and other work on the machine comes and goes: the targets take turns,
    // `rounds` times, and each row is the run with the median req/s (both servers stay up; an idle one costs
    // nothing).
    const targets: { label: string; origin: string; options: Parameters<typeof load>[1] }[] = [
      {
        label: 'bare node:http hello world',
        origin: bare.origin,
        options: { path: '/', connections, seconds },
      },
      {
        // the same hello world through the front, the API's dispatch and the answer writer: no database
        label: 'hello through the front (no db)',
        origin: app.origin,
        options: { path: '/api/bench/hello', connections, seconds },
      },
      {
        label: 'GET /api/content/chunks/count',
        origin: app.origin,
        options: { path: '/api/content/chunks/count', connections, seconds },
      },
      {
        label: 'GET /api/content/chunk/{id}',
        origin: app.origin,
        options: { paths: ids.map((id) => `/api/content/chunk/${id}`), connections, seconds },
      },
      {
        label: 'GET /api/content/chunk/{id}, not kept',
        origin: appNotKept.origin,
        options: { paths: ids.map((id) => `/api/content/chunk/${id}`), connections, seconds },
      },
    ]
    // --compare: another checkout's app server takes its turns in the same rounds, so before and after meet the
    // same load (its rows are labelled 'compared:' and listed after the random-chunks rows)
    const compared = values.compare
      ? await startServerProcess(values.compare, {
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: 'warn',
          BENCH_HELLO: '1',
        })
      : null
    const mainTargets = targets.length
    if (compared) {
      for (const target of targets.slice(1, 4)) {
        targets.push({ ...target, label: `compared: ${target.label}`, origin: compared.origin })
      }
    }
    for (const target of targets) await load(target.origin, { ...target.options, seconds: 2 }) // warm-up
    const runs = targets.map(() => [] as Row[])
    for (let round = 0; round < rounds; round++) {
      for (const [i, target] of targets.entries()) {
        const result = await load(target.origin, target.options)
        runs[i]!.push({ label: target.label, rps: result.requestsPerSecond, ...pick(result) })
      }
    }
    const medians = runs.map((list) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)]!)
    results.push(...medians.slice(0, mainTargets))
    const [bareResult, , count, byId] = results.map((r) => ({ requestsPerSecond: r.rps })) as [
      { requestsPerSecond: number },
      unknown,
      { requestsPerSecond: number },
      { requestsPerSecond: number },
    ]
    await bare.stop()
    for (const clients of [1, 16]) {
      const result = await load(app.origin, {
        path: '/api/content/random-chunks',
        connections: clients,
        seconds,
      })
      results.push({
        label: `GET random-chunks (${clients} client${clients > 1 ? 's' : ''})`,
        rps: result.requestsPerSecond,
        ...pick(result),
      })
    }
    results.push(...medians.slice(mainTargets))
    await app.stop()
    await appNotKept.stop()
    await compared?.stop()
    const spread = runs
      .map((list) => `  ${list[0]!.label}: ${list.map((r) => Math.round(r.rps)).join(' / ')}`)
      .join('\n')

    const widths = [44, 8, 7, 7, 9, 7, 7]
    const loadAfter = os.loadavg()
    console.log(
      `\n${chunks.toLocaleString('en')} chunks on PostgreSQL, ${connections} connections, ${seconds} s per run, ` +
        `load average ${loadBefore[0]!.toFixed(1)} before / ${loadAfter[0]!.toFixed(1)} after (${os.cpus().length} cores), ` +
        `median of ${rounds} alternating rounds\n`,
    )
    console.log(row(['run', 'req/s', 'x bare', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors'], widths))
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
    console.log(`\nreq/s of every round:\n${spread}`)
    const countRatio = count.requestsPerSecond / bareResult.requestsPerSecond
    const idRatio = byId.requestsPerSecond / bareResult.requestsPerSecond
    console.log(
      `\ngoal: chunks/count and chunk/{id} at least 0.30x bare: ${countRatio >= 0.3 && idRatio >= 0.3 ? 'met' : 'NOT met'} ` +
        `(${countRatio.toFixed(2)}x, ${idRatio.toFixed(2)}x)`,
    )
    return 0
  } finally {
    if (!values.keep) {
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    }
  }
}

/** Creates the scratch database with `chunks` chunks (every 50th disabled), or reuses it; returns 2,000 enabled ids. */
async function prepareCorpus(
  adminUrl: string,
  databaseUrl: string,
  name: string,
  chunks: number,
  reuse: boolean,
): Promise<number[]> {
  const contents = Math.max(1, Math.round(chunks / 1000))
  const perContent = Math.ceil(chunks / contents)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0
  let fresh = true
  if (reuse && exists) {
    const probe = createPool(databaseUrl, 1)
    const { rows } = await probe
      .query<{ n: number }>('select count(*)::int as n from content_chunks')
      .catch(() => ({ rows: [{ n: -1 }] }))
    await probe.end()
    fresh = rows[0]!.n !== contents * perContent
    if (!fresh) console.log(`Reusing ${rows[0]!.n.toLocaleString('en')} chunks in ${name}`)
  }
  if (fresh) {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  }
  await admin.end()
  const pool = createPool(databaseUrl, 4)
  try {
    if (fresh) {
      console.log(`Preparing ${chunks.toLocaleString('en')} chunks in ${name}…`)
      await migrate(pool)
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
        [perContent],
      )
      await refreshContentTotals(pool)
      await pool.query('analyze')
    } else {
      await migrate(pool) // migrations added since the corpus was built
    }
    const { rows } = await pool.query<{ id: number }>(
      'select id from content_chunks where enabled order by random() limit 2000',
    )
    return rows.map((r) => r.id)
  } finally {
    await pool.end()
  }
}

function pick(r: { p50: number; p95: number; p99: number; errors: number; non2xx: number }) {
  return { p50: r.p50, p95: r.p95, p99: r.p99, errors: r.errors + r.non2xx }
}
