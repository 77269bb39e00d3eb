/**
 * `pnpm bench web`: Lighthouse (mobile emulation, simulated throttling) against the real front over a fresh
 * embedded database seeded with the demo corpus: performance and accessibility scores, LCP, CLS and the total
 * JavaScript a page loads (gzip), for home, a search page and a play page, beside the goals of issue 7. The fair-use
 * page (static HTML, the layout's script only) is measured in the same run as the baseline.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { loadConfig, startApi } from '@phrasereel/api'
import { startFront } from '../../../site/server/front.ts'
import { ROOT } from '../build-if-needed.ts'
import { seedDemoIfEmpty } from '../demo/seed.ts'

export const help = `Usage: pnpm bench web [--runs N] [--query PHRASE]

Lighthouse mobile scores, LCP, CLS and JS (gzip) for /, /search?q=… and /play/{id}, with /copyright-owners as the
baseline. Uses Debian's chromium (CHROME_PATH or CHROMIUM_PATH to override). --runs takes the median of N runs.`

const GOALS = { performance: 95, accessibility: 95, lcpMs: 1500, cls: 0.05, homeJsKb: 80 }

export interface Figures {
  performance: number
  accessibility: number
  lcpMs: number
  cls: number
  jsKb: number
}

export function chromePath(): string {
  const fromEnv = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH
  if (fromEnv) return fromEnv
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
    encoding: 'utf8',
  }).trim()
}

/** Gzip size of every script the page ran: external files as served, inline scripts from the HTML. */
async function scriptGzipBytes(origin: string, pageUrl: string, scriptUrls: string[]): Promise<number> {
  let total = 0
  for (const url of new Set(scriptUrls)) {
    if (!url.startsWith(origin)) continue
    const body = Buffer.from(await (await fetch(url)).arrayBuffer())
    total += gzipSync(body, { level: 9 }).byteLength
  }
  const html = await (await fetch(pageUrl)).text()
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    if (match[1]!.trim()) total += gzipSync(Buffer.from(match[1]!), { level: 9 }).byteLength
  }
  return total
}

interface LighthouseAudit {
  numericValue?: number
  details?: { items?: { url: string; resourceType?: string }[] }
}

export async function measure(origin: string, url: string, port: number, details = false): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
  })
  if (!result) throw new Error(`lighthouse gave no result for ${url}`)
  const { categories, audits } = result.lhr as unknown as {
    categories: Record<string, { score: number | null }>
    audits: Record<string, LighthouseAudit>
  }
  if (details) {
    const a11y = result.lhr.categories.accessibility?.auditRefs ?? []
    const failing = a11y
      .filter((ref) => (result.lhr.audits[ref.id]?.score ?? 1) < 1 && ref.weight > 0)
      .map((ref) => ref.id)
    console.log(`  [accessibility failing] ${failing.join(', ') || 'none'}`)
    for (const id of [
      'largest-contentful-paint-element',
      'lcp-breakdown-insight',
      'render-blocking-insight',
      'lcp-lazy-loaded',
      'network-requests',
    ]) {
      const audit = audits[id] as unknown as { details?: unknown; displayValue?: string } | undefined
      if (!audit) continue
      console.log(
        `  [${id}] ${audit.displayValue ?? ''} ${JSON.stringify(audit.details ?? {}).slice(0, 1500)}`,
      )
    }
  }
  const scripts = (audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.resourceType === 'Script')
    .map((item) => item.url)
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
    jsKb: Number(((await scriptGzipBytes(origin, url, scripts)) / 1024).toFixed(1)),
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function mark(ok: boolean): string {
  return ok ? 'ok  ' : 'MISS'
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '1' },
      query: { type: 'string' },
      details: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const runs = Math.max(1, Number(values.runs) || 1)
  // a production build of its own (the shared dist may come from a test run, built with NODE_ENV=test)
  // inside site/node_modules: ignored by git, and the server bundle still resolves the site's dependencies
  const distDir = path.join(ROOT, 'site', 'node_modules', '.bench-web-dist')
  console.log('Building the site (production) …')
  const build = spawnSync('pnpm', ['exec', 'astro', 'build', '--outDir', distDir], {
    cwd: path.join(ROOT, 'site'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) throw new Error('the site build failed')
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-bench-web-'))
  const api = await startApi(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'error' }))
  const front = await startFront({ api: api.handler, ctx: api.ctx, host: '127.0.0.1', port: 0, distDir })
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    await seedDemoIfEmpty(api.ctx)
    const [sample] = (await (await fetch(`${front.url}/api/content/random-chunks?limit=1`)).json()) as {
      id: number
      transcribed_text: string
    }[]
    if (!sample) throw new Error('the demo corpus is empty')
    const query =
      values.query ??
      sample.transcribed_text
        .split(/\s+/)
        .slice(0, 2)
        .join(' ')
        .replace(/[.,!?;:'"()]/g, '')
    const pages = [
      { label: 'baseline: /copyright-owners', url: `${front.url}/copyright-owners`, home: false },
      { label: 'home /', url: `${front.url}/`, home: true },
      {
        label: `search /search?q=${query}`,
        url: `${front.url}/search?q=${encodeURIComponent(query)}`,
        home: false,
      },
      { label: `play /play/${sample.id}`, url: `${front.url}/play/${sample.id}`, home: false },
    ]
    // one warm-up so the first measured page does not pay for cold caches in the server
    await measure(front.url, pages[1]!.url, chrome.port)
    console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling`)
    console.log(
      `goals: performance >= ${GOALS.performance}, accessibility >= ${GOALS.accessibility}, LCP <= ${GOALS.lcpMs} ms, CLS <= ${GOALS.cls}, JS <= ${GOALS.homeJsKb} KB gzip on home\n`,
    )
    console.log('page                                   perf  a11y  LCP ms   CLS     JS KB gz')
    let misses = 0
    for (const page of pages) {
      const samples: Figures[] = []
      for (let i = 0; i < runs; i++)
        samples.push(await measure(front.url, page.url, chrome.port, values.details))
      const f: Figures = {
        performance: median(samples.map((s) => s.performance)),
        accessibility: median(samples.map((s) => s.accessibility)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        cls: median(samples.map((s) => s.cls)),
        jsKb: median(samples.map((s) => s.jsKb)),
      }
      const checks = [
        f.performance >= GOALS.performance,
        f.accessibility >= GOALS.accessibility,
        f.lcpMs <= GOALS.lcpMs,
        f.cls <= GOALS.cls,
        !page.home || f.jsKb <= GOALS.homeJsKb,
      ]
      const baseline = page.label.startsWith('baseline')
      if (!baseline) misses += checks.filter((ok) => !ok).length
      console.log(
        `${page.label.slice(0, 38).padEnd(38)} ${String(f.performance).padStart(4)}  ${String(f.accessibility).padStart(4)}  ${String(f.lcpMs).padStart(6)}  ${f.cls.toFixed(3).padStart(6)}  ${f.jsKb.toFixed(1).padStart(8)}   ${baseline ? '(baseline)' : checks.map(mark).join(' ')}`,
      )
    }
    console.log(misses === 0 ? '\nAll goals met.' : `\n${misses} goal(s) missed.`)
    return 0
  } finally {
    chrome.kill()
    await front.close()
    await api.close()
    await rm(dataDir, { recursive: true, force: true })
    await rm(distDir, { recursive: true, force: true })
  }
}
