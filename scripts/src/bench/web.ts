/**
 * `pnpm bench web`: Lighthouse (mobile emulation, simulated throttling) against the real front over a fresh
 * embedded database seeded with the demo corpus: performance and accessibility scores, LCP, CLS and the total
 * JavaScript a page loads (gzip), for home, a search page and a play page, beside the goals of issue 7. The fair-use
 * page (static HTML, the layout's script only) is measured in the same run as the baseline.
 */
import { parseArgs } from 'node:util'
import { measure, medianFigures, withLighthouseSite } from './lighthouse-site.ts'

export const help = `Usage: pnpm bench web [--runs N] [--query PHRASE]

Lighthouse mobile scores, LCP, CLS and JS (gzip) for /, /search?q=… and /play/{id}, with /copyright-owners as the
baseline. Uses Debian's chromium (CHROME_PATH or CHROMIUM_PATH to override). --runs takes the median of N runs.`

const GOALS = { performance: 95, accessibility: 95, lcpMs: 1500, cls: 0.05, homeJsKb: 80 }

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
  return withLighthouseSite('web', values.query, async (site) => {
    const { origin, query, sample } = site
    const pages = [
      { label: 'baseline: /copyright-owners', url: `${origin}/copyright-owners`, home: false },
      { label: 'home /', url: `${origin}/`, home: true },
      {
        label: `search /search?q=${query}`,
        url: `${origin}/search?q=${encodeURIComponent(query)}`,
        home: false,
      },
      { label: `play /play/${sample.id}`, url: `${origin}/play/${sample.id}`, home: false },
    ]
    // one warm-up so the first measured page does not pay for cold caches in the server
    await measure(origin, pages[1]!.url, site.port)
    console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling`)
    console.log(
      `goals: performance >= ${GOALS.performance}, accessibility >= ${GOALS.accessibility}, LCP <= ${GOALS.lcpMs} ms, CLS <= ${GOALS.cls}, JS <= ${GOALS.homeJsKb} KB gzip on home\n`,
    )
    console.log('page                                   perf  a11y  LCP ms   CLS     JS KB gz')
    let misses = 0
    for (const page of pages) {
      const f = await medianFigures(site, page.url, runs, values.details)
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
  })
}
