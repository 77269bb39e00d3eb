/**
 * `pnpm bench search`: builds a corpus through `pnpm content import`, then measures phrase search through the real
 * HTTP API at 1 and 16 concurrent clients beside a bare node:http server in the same run.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createPool } from '@phrasereel/api/scripts'
import { completionMix, measureCorrections } from './search-assist.ts'
import { type CorpusStats, random, writeCorpus } from './search-corpus.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export const help = `Usage: pnpm bench search [options]

Builds a synthetic dialogue corpus (Zipf-distributed words and everyday phrases) through 'pnpm content import',
then measures GET /api/search latency (p50/p95/p99) and throughput for a query mix - the 100 most frequent 2- and
3-word phrases, rare phrases, one-word queries and no-hit queries, a quarter each - at 1 and 16 concurrent
clients, beside a bare node:http server answering a body of the same size in the same run. Then type-ahead
(GET /api/search/complete, prefixes of the corpus's phrases and words as typed) at the same client counts, and
"did you mean" (GET /api/search/correct) over misspellings of the corpus's phrases: how often a correction is
found, how often it is the phrase misspelled, and its latency (decision 090).

Options:
  --chunks N          corpus size (default 1000000)
  --db KIND           postgres (default) or pglite
  --admin-url URL     PostgreSQL server to create the bench database on
                      (default postgres://postgres@127.0.0.1:5432/postgres)
  --duration S        seconds measured per target and client count (default 15)
  --clients LIST      concurrent clients (default 1,16)
  --reuse             keep an already built corpus and database of this size
  --seed N            corpus seed (default 42)
  --out FILE          also write the results as JSON
  --compare DIR       another checkout (with its node_modules) whose search server is measured in the same rounds
                      over the same corpus (on pglite, over a copy of the database: its own embedded host)`

interface Stats {
  count: number
  p50: number
  p95: number
  p99: number
  rps: number
  errors: number
}

const CATEGORIES = ['frequent', 'rare', 'one-word', 'no-hit'] as const
type Category = (typeof CATEGORIES)[number]

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

function summarize(latencies: number[], seconds: number, errors: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: sorted.length / seconds,
    errors,
  }
}

function get(
  agent: http.Agent,
  port: number,
  pathAndQuery: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathAndQuery, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

/** Closed-loop load: `clients` workers, each sending the next query as soon as its previous answer is in. */
async function load(
  port: number,
  queries: { category: Category; path: string }[],
  clients: number,
  seconds: number,
): Promise<{ all: Stats; byCategory: Record<Category, Stats> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients })
  let next = 0
  const run = async (until: number, record: boolean, atLeast = 0) => {
    const latencies: Record<Category, number[]> = { frequent: [], rare: [], 'one-word': [], 'no-hit': [] }
    let errors = 0
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until || next < atLeast) {
          const query = queries[next++ % queries.length]!
          const started = performance.now()
          const { status } = await get(agent, port, query.path)
          const elapsed = performance.now() - started
          if (!record) continue
          if (status !== 200) errors++
          latencies[query.category].push(elapsed)
        }
      }),
    )
    return { latencies, errors }
  }
  // warm-up: connections, caches, JIT, and every query of the mix once (each server meets each query cold once,
  // outside the measurement, whichever client count runs first)
  await run(performance.now() + 2000, false, queries.length)
  const { latencies, errors } = await run(performance.now() + seconds * 1000, true)
  agent.destroy()
  const byCategory = Object.fromEntries(
    CATEGORIES.map((category) => [category, summarize(latencies[category], seconds, 0)]),
  ) as Record<Category, Stats>
  return { all: summarize(Object.values(latencies).flat(), seconds, errors), byCategory }
}

function runCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString()
      process.stdout.write(data)
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code: code ?? 1, output }))
  })
}

async function startServer(
  env: NodeJS.ProcessEnv,
  root = ROOT,
): Promise<{ child: ChildProcess; api: number; bare: number }> {
  const child = spawn(process.execPath, ['scripts/src/bench/search-server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  const line = await new Promise<string>((resolve, reject) => {
    const reader = createInterface({ input: child.stdout! })
    reader.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`bench server exited with code ${code}`)))
  })
  const ports = JSON.parse(line) as { api: number; bare: number }
  return { child, ...ports }
}

function encode(q: string): string {
  return `/api/search?q=${encodeURIComponent(q)}&limit=10`
}

/** The query mix: a quarter each of frequent phrases, rare phrases, one-word queries and no-hit queries. */
function queryMix(stats: CorpusStats, seed: number): { category: Category; path: string }[] {
  const next = random(seed + 1)
  const oneWord = Array.from({ length: 100 }, () => {
    // mostly common words, some from the long tail, as learners type them
    const rank = Math.floor(next() ** 3 * Math.min(stats.vocabulary.length, 20_000))
    return stats.vocabulary[rank]!
  })
  const noHit = Array.from({ length: 100 }, (_, i) =>
    i % 2 === 0 ? `zqxj${i} blorft` : `${stats.vocabulary[i % 50]} qwzvx${i}`,
  )
  const rare = stats.rarePhrases.slice(0, 100)
  const lists: Record<Category, string[]> = {
    frequent: stats.frequentPhrases,
    rare,
    'one-word': oneWord,
    'no-hit': noHit,
  }
  const mix: { category: Category; path: string }[] = []
  for (let i = 0; i < 100; i++) {
    for (const category of CATEGORIES) {
      const list = lists[category]
      if (list.length > 0) mix.push({ category, path: encode(list[i % list.length]!) })
    }
  }
  for (let i = mix.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[mix[i], mix[j]] = [mix[j]!, mix[i]!]
  }
  return mix
}

function ms(value: number): string {
  return Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1)
}

/** Builds (or reuses) the corpus and database, runs the load and prints the tables. */
export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      chunks: { type: 'string', default: '1000000' },
      db: { type: 'string', default: 'postgres' },
      'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      duration: { type: 'string', default: '15' },
      clients: { type: 'string', default: '1,16' },
      reuse: { type: 'boolean', default: false },
      seed: { type: 'string', default: '42' },
      out: { type: 'string' },
      compare: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const chunks = Number(values.chunks)
  const seed = Number(values.seed)
  const seconds = Number(values.duration)
  const clientCounts = values.clients.split(',').map(Number)
  const kind = values.db
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error('--db must be postgres or pglite')

  const workDir = path.join(os.tmpdir(), 'phrasereel-bench')
  await mkdir(workDir, { recursive: true })
  const corpusFile = path.join(workDir, `search-${chunks}-${seed}.jsonl`)
  const statsFile = `${corpusFile}.stats.json`
  let stats: CorpusStats
  if (existsSync(corpusFile) && existsSync(statsFile)) {
    stats = JSON.parse(await readFile(statsFile, 'utf8')) as CorpusStats
    console.log(`corpus: reusing ${corpusFile}`)
  } else {
    const started = performance.now()
    stats = await writeCorpus(corpusFile, { chunks, seed })
    await writeFile(statsFile, JSON.stringify({ ...stats, vocabulary: stats.vocabulary.slice(0, 20_000) }))
    console.log(
      `corpus: ${chunks} chunks written in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        ` (${stats.seedLines} seed lines from ../shared/corpus)`,
    )
  }

  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'production' }
  delete env.MEILI_URL
  let databaseUrl: string | null = null
  if (kind === 'postgres') {
    const name = `phrasereel_bench_search_${chunks}`
    const admin = createPool(values['admin-url'], 1)
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0
    const url = new URL(values['admin-url'])
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    let present = 0
    if (exists && values.reuse) {
      const probe = createPool(databaseUrl, 1)
      present = Number(
        (await probe.query('select count(*) as n from content_chunks').catch(() => ({ rows: [{ n: 0 }] })))
          .rows[0]!.n,
      )
      await probe.end()
    }
    if (present < chunks) {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
    }
    await admin.end()
    env.DATABASE_URL = databaseUrl
    env.DATABASE_POOL_SIZE = '20'
    if (present >= chunks) console.log(`database: reusing ${name} (${present} chunks)`)
  } else {
    const dataDir = path.join(workDir, `pglite-${chunks}`)
    if (!values.reuse) await rm(dataDir, { recursive: true, force: true })
    env.DATA_DIR = dataDir
    delete env.DATABASE_URL
  }

  const load1 = os.loadavg()[0]!
  let importLine = ''
  const needsImport = !values.reuse || !(await alreadyImported(env, chunks))
  if (needsImport) {
    const started = performance.now()
    const { code, output } = await runCommand(['scripts/src/content.ts', 'import', '--file', corpusFile], env)
    if (code !== 0) throw new Error(`import failed with exit code ${code}`)
    const wall = (performance.now() - started) / 1000
    importLine = `${output.trim().split('\n').join(' | ')} | wall ${wall.toFixed(1)} s`
    if (databaseUrl) {
      const client = createPool(databaseUrl, 1)
      await client.query('vacuum analyze content_chunks')
      await client.query('vacuum analyze content_metadata')
      await client.end()
    }
  }

  // type-ahead counts: what the servers' background sweep would do after the import, at once (decision 090)
  {
    const started = performance.now()
    const { code, output } = await runCommand(['scripts/src/content.ts', 'phrases'], env)
    if (code !== 0) throw new Error(`content phrases failed with exit code ${code}`)
    importLine += `${importLine ? ' | ' : ''}phrases: ${output.trim()} (wall ${((performance.now() - started) / 1000).toFixed(1)} s)`
  }

  // --compare: the other checkout gets its own copy of the embedded database (a host of its own, as it would run)
  let compareEnv: NodeJS.ProcessEnv | null = null
  if (values.compare) {
    compareEnv = { ...env }
    if (kind === 'pglite') {
      const copy = `${env.DATA_DIR}-compare`
      await waitForHostToStop(env.DATA_DIR!)
      await rm(copy, { recursive: true, force: true })
      await cp(env.DATA_DIR!, copy, { recursive: true })
      compareEnv.DATA_DIR = copy
    }
  }
  const server = await startServer(env)
  const results: Record<string, unknown> = {
    chunks,
    db: kind,
    seconds,
    import: importLine,
    loadAverageBefore: load1,
    cores: os.cpus().length,
  }
  try {
    const mix = queryMix(stats, seed)
    const completePaths = completionMix(stats, seed).map((prefix) => ({
      category: 'frequent' as Category,
      path: `/api/search/complete?q=${encodeURIComponent(prefix)}`,
    }))
    const sample = await get(new http.Agent(), server.api, mix.find((q) => q.category === 'frequent')!.path)
    // the bare baseline answers a body as large as a real page of results
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    const withBody = await startServer({ ...env, BENCH_BARE_BODY: sample.body })
    Object.assign(server, withBody)
    const uncached = await startServer({ ...env, BENCH_SEARCH_CACHE: 'off' })
    const compareRoot = values.compare ? path.resolve(values.compare) : ''
    const compared = compareEnv ? await startServer(compareEnv, compareRoot) : null
    const comparedUncached = compareEnv
      ? await startServer({ ...compareEnv, BENCH_SEARCH_CACHE: 'off' }, compareRoot)
      : null
    const rows: string[] = []
    // p95 and p99 over the bare server's of the same client count: what the API adds, whatever the load
    const bareOf = new Map<number, Stats>()
    const ratio = (value: number, base: number | undefined) =>
      base && base > 0 && !Number.isNaN(value) ? `${(value / base).toFixed(1)}x` : '-'
    const apiRow = (label: string, clients: number, s: Stats, errors: number | string) =>
      `| ${label} | ${clients} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${Math.round(s.rps)} | ${errors} | ` +
      `${ratio(s.p95, bareOf.get(clients)?.p95)} / ${ratio(s.p99, bareOf.get(clients)?.p99)} |`
    try {
      for (const clients of clientCounts) {
        const bare = await load(server.bare, mix, clients, seconds)
        bareOf.set(clients, bare.all)
        const apiRun = await load(server.api, mix, clients, seconds)
        const engineRun = await load(uncached.api, mix, clients, seconds)
        const comparedRun = compared ? await load(compared.api, mix, clients, seconds) : null
        const comparedEngine = comparedUncached
          ? await load(comparedUncached.api, mix, clients, seconds)
          : null
        const completeRun = await load(server.api, completePaths, clients, seconds)
        const completeEngine = await load(uncached.api, completePaths, clients, seconds)
        results[`complete_${clients}`] = completeRun.all
        results[`complete_uncached_${clients}`] = completeEngine.all
        results[`bare_${clients}`] = bare.all
        results[`api_${clients}`] = apiRun
        results[`api_uncached_${clients}`] = engineRun
        rows.push(
          apiRow('bare node:http (baseline)', clients, bare.all, bare.all.errors),
          apiRow(`GET /api/search, ${kind}`, clients, apiRun.all, apiRun.all.errors),
          apiRow(`GET /api/search, ${kind}, answer cache off`, clients, engineRun.all, engineRun.all.errors),
          apiRow(
            `GET /api/search/complete (type-ahead), ${kind}`,
            clients,
            completeRun.all,
            completeRun.all.errors,
          ),
          apiRow(
            `GET /api/search/complete, ${kind}, answer cache off`,
            clients,
            completeEngine.all,
            completeEngine.all.errors,
          ),
          ...CATEGORIES.map((category) =>
            apiRow(`&nbsp;&nbsp;cache off: ${category}`, clients, engineRun.byCategory[category], ''),
          ),
          ...(comparedRun && comparedEngine
            ? [
                apiRow(
                  `compared: GET /api/search, ${kind}`,
                  clients,
                  comparedRun.all,
                  comparedRun.all.errors,
                ),
                apiRow(`compared: answer cache off`, clients, comparedEngine.all, comparedEngine.all.errors),
              ]
            : []),
        )
        if (comparedRun && comparedEngine) {
          results[`compared_${clients}`] = comparedRun
          results[`compared_uncached_${clients}`] = comparedEngine
        }
      }
    } finally {
      uncached.child.kill('SIGTERM')
      compared?.child.kill('SIGTERM')
      comparedUncached?.child.kill('SIGTERM')
    }
    const correctAgent = new http.Agent({ keepAlive: true })
    const corrections = await measureCorrections((p) => get(correctAgent, server.api, p), stats, seed)
    correctAgent.destroy()
    results.corrections = corrections
    results.loadAverageAfter = os.loadavg()[0]
    console.log(
      `\n${chunks} chunks on ${kind}, ${seconds} s per row, ${os.cpus().length} cores, load average ` +
        `${load1.toFixed(1)} before / ${os.loadavg()[0]!.toFixed(1)} after`,
    )
    if (importLine) console.log(`import: ${importLine}`)
    console.log(
      `\n| target | clients | p50 ms | p95 ms | p99 ms | req/s | errors | p95 / p99 x bare |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}`,
    )
    const share = (n: number, of: number) => `${n}/${of} (${of > 0 ? Math.round((100 * n) / of) : 0}%)`
    const asked = corrections.queries - corrections.haveResults
    console.log(
      `\n"did you mean": ${corrections.queries} misspelled phrases of the corpus, ${corrections.haveResults} of them ` +
        `with results as typed; of the other ${asked}: a correction found for ${share(corrections.found, asked)}, ` +
        `the phrase misspelled for ${share(corrections.recovered, asked)}; p50 ${ms(corrections.p50)} ms, ` +
        `p95 ${ms(corrections.p95)} ms (1 client)`,
    )
    for (const [kind, k] of Object.entries(corrections.byKind)) {
      console.log(`  ${kind}: found ${share(k.found, k.queries)}, recovered ${share(k.recovered, k.queries)}`)
    }
    if (values.out) await writeFile(values.out, JSON.stringify(results, null, 2))
  } finally {
    server.child.kill('SIGTERM')
  }
  return 0
}

/** Waits until the embedded database host of `dataDir` has stopped (its record is gone), so its files can be copied. */
async function waitForHostToStop(dataDir: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (existsSync(path.join(dataDir, 'pglite-host.json')) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100))
}

async function alreadyImported(env: NodeJS.ProcessEnv, chunks: number): Promise<boolean> {
  if (!env.DATABASE_URL) return existsSync(path.join(env.DATA_DIR!, 'pgdata'))
  const client = createPool(env.DATABASE_URL, 1)
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from content_chunks')
    return rows[0]!.n >= chunks
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}
