/**
 * `pnpm bench load`: the real app (front and API, bench/app-server.ts) on a fresh database with the demo corpus,
 * driven for a fixed time by many learners at once, each with its own account and session (load-learner.ts),
 * beside a bare node:http hello world (bench/bare-server.ts) driven by the same client in the same run.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createContext, loadConfig } from '@phrasereel/api'
import {
  connectDatabase,
  createPool,
  createSession,
  hashPassword,
  insertUser,
  migrate,
  tokenize,
} from '@phrasereel/api/scripts'
import { UsageError } from '../cli/errors.ts'
import { buildIfNeeded } from '../build-if-needed.ts'
import { seedDemo } from '../demo/seed.ts'
import {
  ACTIONS,
  type Account,
  type Corpus,
  FAILURES,
  hammer,
  Learner,
  percentile,
  Recorder,
} from './load-learner.ts'
import { stopChild, waitForHostToStop } from '../processes.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
const PASSWORD = 'load bench password'
const REQUEST_TIMEOUT_MS = 10_000
const BASELINE_MAX_SECONDS = 10

export const help = `Usage: pnpm bench load [--db pglite|postgres] [--clients N] [--seconds N] [--database-url URL] [--app-server FILE]

Serves the real app (front and API) on a fresh database holding the demo corpus and one account per client,
then runs a mixed workload for a fixed time from many clients, each a learner with its own session: browse (home
page, random feed, a clip), search (phrase queries), play (the /play page, the clip, its subtitles, a Range request
on its video, the play log), sign-in (email and password, then the old session signed out), likes and saves
(toggled, then the status read back), and collections (create, rename, members rewrite, read back, delete).
Every answer is checked to be the caller's: its own email, its own collections, its own like and save states,
the clip and phrase it asked for; afterwards each learner reads back everything it wrote.

Prints requests/s and p50/p95/p99 per kind and per request, and failures (5xx, timeouts, dropped connections,
unexpected statuses, answers for another user or another question, acknowledged writes missing), beside a bare
node:http hello world driven by the same client in the same run. Exits 1 when anything failed.

  --db KIND           pglite (default): the embedded database in a scratch DATA_DIR, as \`pnpm start\` runs it;
                      postgres: a scratch database on --database-url, dropped afterwards
  --clients N         concurrent learners (default 64)
  --seconds N         measured seconds (default 30); the baseline runs for at most ${BASELINE_MAX_SECONDS}
  --database-url URL  PostgreSQL server for --db postgres (default BENCH_DATABASE_URL, else
                      postgres://postgres@127.0.0.1:5432/postgres)
  --app-server FILE   the app server script to run (default bench/app-server.ts), e.g. another checkout's for a
                      before/after comparison`

interface Options {
  kind: 'pglite' | 'postgres'
  clients: number
  seconds: number
  adminUrl: string
  appServer: string
}

function parseOptions(argv: string[]): Options {
  let values: Record<string, string | undefined>
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: {
        db: { type: 'string' },
        clients: { type: 'string' },
        seconds: { type: 'string' },
        'database-url': { type: 'string' },
        'app-server': { type: 'string' },
      },
    }).values
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  const kind = values.db ?? 'pglite'
  if (kind !== 'pglite' && kind !== 'postgres')
    throw new UsageError(`--db must be pglite or postgres\n\n${help}`)
  const clients = Number(values.clients ?? 64)
  const seconds = Number(values.seconds ?? 30)
  if (!(Number.isInteger(clients) && clients >= 1 && clients <= 1024))
    throw new UsageError(`--clients must be a whole number from 1 to 1024\n\n${help}`)
  if (!(Number.isFinite(seconds) && seconds >= 1 && seconds <= 3600))
    throw new UsageError(`--seconds must be from 1 to 3600\n\n${help}`)
  return {
    kind,
    clients,
    seconds,
    adminUrl:
      values['database-url'] ??
      process.env.BENCH_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
    appServer: path.resolve(values['app-server'] ?? path.join(here, 'app-server.ts')),
  }
}

/** Runs the benchmark and prints its figures; 1 when any request or answer failed. */
export async function run(argv: string[]): Promise<number> {
  const options = parseOptions(argv)
  const loadBefore = os.loadavg()[0]!
  await buildIfNeeded()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-bench-load-'))
  const scratch = options.kind === 'postgres' ? await createScratchDatabase(options.adminUrl) : null
  const servers: ServerProcess[] = []
  try {
    console.log(
      `Preparing the demo corpus and ${options.clients} learners on ${options.kind === 'pglite' ? 'the embedded PGlite' : 'PostgreSQL'}…`,
    )
    const { accounts, corpus } = await prepare(dataDir, scratch?.url ?? '', options.clients)
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      // the proxy's place: every learner's requests say which address they come from
      TRUST_PROXY: '1',
      MEILI_URL: '',
      SMTP_URL: '',
      RECAPTCHA_SECRET: '',
    }
    const bare = await startServer(path.join(here, 'bare-server.ts'), {})
    servers.push(bare)
    const app = await startServer(options.appServer, env)
    servers.push(app)

    const baselineSeconds = Math.min(options.seconds, BASELINE_MAX_SECONDS)
    const bareLatencies = await hammer(
      bare.origin,
      '/',
      options.clients,
      performance.now() + baselineSeconds * 1000,
    )
    await bare.stop()

    let seed = 42
    const random = () => {
      // mulberry32: the same action sequence for every run with the same number of clients
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const warm = new Recorder()
    const recorder = new Recorder()
    const checks = new Recorder()
    const learners = accounts.map(
      (account, index) =>
        new Learner({
          index,
          account,
          origin: app.origin,
          corpus,
          recorder: warm,
          random,
          timeoutMs: REQUEST_TIMEOUT_MS,
        }),
    )
    // warm-up outside the measurement: a few learners run every action once (JIT, page renders, caches)
    await Promise.all(learners.slice(0, 4).map((learner) => learner.warmUp()))

    for (const learner of learners) learner.useRecorder(recorder)
    const started = performance.now()
    await Promise.all(learners.map((learner) => learner.run(started + options.seconds * 1000)))
    const elapsed = (performance.now() - started) / 1000
    const loadAfter = os.loadavg()[0]!
    // every learner reads back what it wrote (its own recorder: not part of the measured figures)
    for (const learner of learners) learner.useRecorder(checks)
    await Promise.all(learners.map((learner) => learner.verify()))
    for (const learner of learners) learner.close()
    await app.stop()

    printReport({
      options,
      elapsed,
      baselineSeconds,
      bareLatencies,
      recorder,
      warm,
      checks,
      loadBefore,
      loadAfter,
      serverLog: app.log(),
    })
    return warm.failed + recorder.failed + checks.failed > 0 ? 1 : 0
  } finally {
    for (const server of servers) await server.stop()
    if (options.kind === 'pglite') await waitForHostToStop(dataDir)
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** Migrates, seeds the demo corpus, makes one verified account with a session per client, reads the corpus. */
async function prepare(
  dataDir: string,
  databaseUrl: string,
  clients: number,
): Promise<{ accounts: Account[]; corpus: Corpus }> {
  const database = await connectDatabase({ databaseUrl: databaseUrl || undefined, dataDir, poolSize: 4 })
  try {
    await migrate(database.pool)
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, MEILI_URL: '' })
    await seedDemo(createContext(config, database))
    // one hash for every account (each is about 0.35 s of CPU): the accounts are still real, the sign-ins too
    const passwordHash = await hashPassword(PASSWORD)
    const accounts: Account[] = []
    for (let i = 0; i < clients; i++) {
      const email = `learner${i}@bench.example`
      const user = await insertUser(database.pool, {
        email,
        passwordHash,
        firstName: 'Learner',
        lastName: `L${i}`,
        isVerified: true,
        pictureUrl: null,
      })
      if (!user) throw new Error(`could not create ${email}`)
      const { token } = await createSession(database.pool, 'user', user.id, new Date())
      accounts.push({
        userId: user.id,
        email,
        password: PASSWORD,
        firstName: 'Learner',
        lastName: `L${i}`,
        token,
      })
    }
    const { rows } = await database.pool.query<{ id: number; content_id: number; text: string }>(
      `select c.id, c.content_metadata_id as content_id, c.transcribed_text as text
       from content_chunks c where c.enabled order by c.id`,
    )
    return { accounts, corpus: corpusOf(rows) }
  } finally {
    await database.close()
  }
}

/** The clips, the content items and the phrases (two and three consecutive words) of the transcripts. */
function corpusOf(rows: { id: number; content_id: number; text: string }[]): Corpus {
  const phrases = new Set<string>()
  for (const { text } of rows) {
    const list = tokenize(text)
    for (let i = 0; i + 1 < list.length; i++) {
      phrases.add(list.slice(i, i + 2).join(' '))
      if (i + 2 < list.length) phrases.add(list.slice(i, i + 3).join(' '))
    }
  }
  return {
    chunks: rows.map((row) => ({ id: row.id, contentId: row.content_id })),
    contentIds: [...new Set(rows.map((row) => row.content_id))],
    phrases: [...phrases].sort(),
  }
}

interface ServerProcess {
  origin: string
  child: ChildProcess
  /** What the server wrote on stderr (its JSON log lines). */
  log(): string[]
  stop(): Promise<void>
}

/** Forks a server script that reports `{ port }` over IPC when it listens; its stderr is kept, not shown. */
async function startServer(script: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = fork(script, [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  })
  const lines: string[] = []
  let partial = ''
  child.stderr!.on('data', (data: Buffer) => {
    const text = partial + data.toString()
    const parts = text.split('\n')
    partial = parts.pop()!
    // keep the first lines in full; beyond that only counting matters
    for (const line of parts) lines.push(lines.length < 100_000 ? line : '')
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) =>
      message?.port ? resolve(message.port) : reject(new Error('no port')),
    )
    child.once('exit', (code) =>
      reject(new Error(`${script} exited with ${code}:\n${lines.slice(-20).join('\n')}`)),
    )
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    log: () => lines,
    // a server whose database calls hang may never finish closing: give it 10 s
    stop: () => stopChild(child, 10_000),
  }
}

/** A scratch database on the server at `adminUrl`, dropped by `drop()`. */
async function createScratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `phrasereel_bench_load_${process.pid}`
  const admin = createPool(adminUrl, 1)
  try {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const dropper = createPool(adminUrl, 1)
      try {
        await dropper.query(`drop database if exists ${name} with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1))

function stats(latencies: number[], seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    count: sorted.length,
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  }
}

function printReport(report: {
  options: Options
  elapsed: number
  baselineSeconds: number
  bareLatencies: number[]
  recorder: Recorder
  warm: Recorder
  checks: Recorder
  loadBefore: number
  loadAfter: number
  serverLog: string[]
}): void {
  const { options, elapsed, recorder } = report
  const bare = stats(report.bareLatencies, report.baselineSeconds)
  const pool = process.env.DATABASE_POOL_SIZE ?? (options.kind === 'pglite' ? '8' : '20')
  console.log(
    `\n${options.clients} learners for ${elapsed.toFixed(1)} s on ${options.kind} (pool ${pool}), ` +
      `${os.cpus().length} cores, load average ${report.loadBefore.toFixed(1)} before / ${report.loadAfter.toFixed(1)} after; ` +
      `baseline ${report.baselineSeconds} s`,
  )

  // kinds in a fixed order, each kind's requests in the order they first came up
  const rank = (key: string) => ACTIONS.indexOf(key.split('\t')[0]!)
  const entries = [...recorder.latencies].sort(([a], [b]) => rank(a) - rank(b))
  const byKind = new Map<string, number[]>()
  for (const [key, list] of entries) {
    const kind = key.split('\t')[0]!
    byKind.set(kind, [...(byKind.get(kind) ?? []), ...list])
  }
  const all = [...recorder.latencies.values()].flat()
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  const total = stats(all, elapsed)
  console.log(`\n| kind | requests | req/s | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|`)
  console.log(
    line([
      'bare node:http hello world (baseline)',
      bare.count,
      Math.round(bare.rps),
      ms(bare.p50),
      ms(bare.p95),
      ms(bare.p99),
    ]),
  )
  for (const [kind, list] of byKind) {
    const s = stats(list, elapsed)
    console.log(line([kind, s.count, Math.round(s.rps), ms(s.p50), ms(s.p95), ms(s.p99)]))
  }
  console.log(
    line([
      `**all app requests** (${(total.rps / bare.rps).toFixed(2)}x bare)`,
      total.count,
      Math.round(total.rps),
      ms(total.p50),
      ms(total.p95),
      ms(total.p99),
    ]),
  )

  console.log(`\n| kind | request | count | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|`)
  for (const [key, list] of entries) {
    const [kind, label] = key.split('\t')
    const s = stats(list, elapsed)
    console.log(line([kind!, label!, s.count, ms(s.p50), ms(s.p95), ms(s.p99)]))
  }

  const counts = (r: Recorder) => FAILURES.map((kind) => `${kind} ${r.failures.get(kind)}`).join(', ')
  console.log(`\nfailures during the run: ${counts(recorder)}`)
  if (report.warm.failed > 0) console.log(`failures during the warm-up: ${counts(report.warm)}`)
  console.log(`read-back afterwards (${report.checks.requests} requests): ${counts(report.checks)}`)
  for (const r of [report.warm, recorder, report.checks]) {
    for (const [kind, samples] of r.samples) {
      for (const sample of samples) console.log(`  ${kind}: ${sample}`)
    }
  }

  // the server's own log: errors it reported while answering (the JSON lines of api/src/log.ts, or raw text)
  const messages = new Map<string, number>()
  let errorLines = 0
  for (const raw of report.serverLog) {
    // indented lines (stack frames, the fields of a printed error object) belong to the line before them
    if (/^\s/.test(raw) || /^[\s{}()[\],]*$/.test(raw)) continue
    // Astro's own lines start with the time of day: drop it so the same message groups together
    let message = raw.replace(/^\d\d:\d\d:\d\d /, '').slice(0, 160)
    try {
      const entry = JSON.parse(raw) as { level?: string; message?: string; error?: unknown }
      if (entry.level !== 'error' && entry.level !== 'warn') continue
      const error = entry.error as { message?: string } | string | undefined
      const detail = typeof error === 'string' ? error : (error?.message ?? '')
      message = `${entry.level}: ${entry.message ?? ''}${detail ? `: ${detail}` : ''}`.slice(0, 160)
    } catch {}
    errorLines++
    messages.set(message, (messages.get(message) ?? 0) + 1)
  }
  if (errorLines > 0) {
    console.log(`server log: ${errorLines} warning or error lines; the most frequent:`)
    for (const [message, count] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
      console.log(`  ${count}x ${message}`)
    }
  }
  const failed = report.warm.failed + recorder.failed + report.checks.failed
  console.log(
    failed === 0
      ? `\ngoal (zero errors, every answer the caller's): met at ${options.clients} clients`
      : `\ngoal (zero errors, every answer the caller's): NOT met: ${failed} failures`,
  )
}
