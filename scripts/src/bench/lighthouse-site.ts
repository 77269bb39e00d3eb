/**
 * What `pnpm bench web` and `pnpm bench embed` share: a production build of the site of their own, the real front
 * over a fresh embedded database seeded with the demo corpus, one Chromium for Lighthouse, a sample clip and a
 * phrase of it; and the median of N Lighthouse runs of a page.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { loadConfig, startApi } from '@phrasereel/api'
import { startFront } from '../../../site/server/front.ts'
import { ROOT } from '../build-if-needed.ts'
import { seedDemoIfEmpty } from '../demo/seed.ts'

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

export interface LighthouseSite {
  /** The front's origin. */
  origin: string
  /** Chromium's debugging port (Lighthouse drives it). */
  port: number
  /** A clip of the demo corpus. */
  sample: { id: number; transcribed_text: string }
  /** `--query`, else the first two words of the sample's transcript. */
  query: string
}

/**
 * A production build of the site of a bench's own, in `site/node_modules/.bench-{name}-dist` (the shared dist may
 * come from a test run, built with NODE_ENV=test; inside site/node_modules it is ignored by git and the server
 * bundle still resolves the site's dependencies). Answers its directory; the caller removes it.
 */
export function buildProductionSite(name: string): string {
  const distDir = path.join(ROOT, 'site', 'node_modules', `.bench-${name}-dist`)
  console.log('Building the site (production) …')
  const build = spawnSync('pnpm', ['exec', 'astro', 'build', '--outDir', distDir], {
    cwd: path.join(ROOT, 'site'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (build.status !== 0) throw new Error('the site build failed')
  return distDir
}

/**
 * Builds the site (`buildProductionSite`), starts everything, calls `use`, and removes it all afterwards.
 */
export async function withLighthouseSite<T>(
  name: string,
  query: string | undefined,
  use: (site: LighthouseSite) => Promise<T>,
): Promise<T> {
  const distDir = buildProductionSite(name)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `phrasereel-bench-${name}-`))
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
    const phrase =
      query ??
      sample.transcribed_text
        .split(/\s+/)
        .slice(0, 2)
        .join(' ')
        .replace(/[.,!?;:'"()]/g, '')
    return await use({ origin: front.url, port: chrome.port, sample, query: phrase })
  } finally {
    chrome.kill()
    await front.close()
    await api.close()
    await rm(dataDir, { recursive: true, force: true })
    await rm(distDir, { recursive: true, force: true })
  }
}

/**
 * The median of `runs` Lighthouse runs of `url`, figure by figure. A run that reports no LCP (now and then, on a
 * loaded machine) is measured again, up to twice.
 */
export async function medianFigures(
  site: LighthouseSite,
  url: string,
  runs: number,
  details = false,
): Promise<Figures> {
  const samples: Figures[] = []
  for (let i = 0; i < runs; i++) {
    let sample = await measure(site.origin, url, site.port, details)
    for (let retry = 0; retry < 2 && Number.isNaN(sample.lcpMs); retry++)
      sample = await measure(site.origin, url, site.port, details)
    samples.push(sample)
  }
  return {
    performance: median(samples.map((s) => s.performance)),
    accessibility: median(samples.map((s) => s.accessibility)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    cls: median(samples.map((s) => s.cls)),
    jsKb: median(samples.map((s) => s.jsKb)),
  }
}
