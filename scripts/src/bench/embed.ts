/**
 * `pnpm bench embed` (issue 16): the embeddable player. The JS API loader's gzip size (budget 5 KB) beside the
 * `/embed/player.js` bundle, both as the front serves them; and Lighthouse (mobile, simulated throttling) on the
 * embed pages `/embed/{id}` and `/embed?q=`: LCP, performance and the total JavaScript they load (gzip), beside
 * `/play/{id}` measured in the same run as the baseline. Runs the real front over a fresh embedded database seeded
 * with the demo corpus, on a production build of its own.
 */
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { LOADER_BUDGET_BYTES } from '../../../widget/tools/bundle-size.ts'
import { measure, medianFigures, withLighthouseSite } from './lighthouse-site.ts'

export const help = `Usage: pnpm bench embed [--runs N] [--query PHRASE]

The JS API loader's gzip size beside /embed/player.js, and Lighthouse mobile LCP, performance and JS (gzip) for
/embed/{id} and /embed?q=…, with /play/{id} as the baseline. Needs \`pnpm build\` (the widget bundles) first.
--runs takes the median of N runs.`

/** Issue 16's goals: the loader at most 5 KB gzip; an embed page paints its largest element as fast as /play. */
const GOALS = { lcpMs: 1500 }

const kb = (bytes: number): string => (bytes / 1024).toFixed(1)

/** Gzip (level 9) size of what the front serves at `url`. */
async function servedGzip(url: string): Promise<number> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url} answered ${response.status} (run pnpm build first)`)
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).byteLength
}

export async function run(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '1' },
      query: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(help)
    return 0
  }
  const runs = Math.max(1, Number(values.runs) || 1)
  return withLighthouseSite('embed', values.query, async (site) => {
    const { origin, query, sample } = site
    const loader = await servedGzip(`${origin}/embed/api.js`)
    const player = await servedGzip(`${origin}/embed/player.js`)
    console.log('\nscript (as served, gzip -9)                   KB gz')
    console.log(
      `${'loader /embed/api.js'.padEnd(44)} ${kb(loader).padStart(6)}   ${loader <= LOADER_BUDGET_BYTES ? 'ok  ' : 'MISS'} (budget ${kb(LOADER_BUDGET_BYTES)} KB)`,
    )
    console.log(`${'baseline: player /embed/player.js'.padEnd(44)} ${kb(player).padStart(6)}   (baseline)`)
    const pages = [
      { label: `baseline: /play/${sample.id}`, url: `${origin}/play/${sample.id}` },
      { label: `embed /embed/${sample.id}`, url: `${origin}/embed/${sample.id}` },
      { label: `embed /embed?q=${query}`, url: `${origin}/embed?q=${encodeURIComponent(query)}` },
    ]
    // one warm-up so the first measured page does not pay for cold caches in the server
    await measure(origin, pages[0]!.url, site.port)
    console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, simulated throttling`)
    console.log('page                                   perf  LCP ms   CLS     JS KB gz')
    let misses = loader <= LOADER_BUDGET_BYTES ? 0 : 1
    for (const page of pages) {
      const f = await medianFigures(site, page.url, runs)
      const baseline = page.label.startsWith('baseline')
      const ok = f.lcpMs <= GOALS.lcpMs
      if (!baseline && !ok) misses++
      console.log(
        `${page.label.slice(0, 38).padEnd(38)} ${String(f.performance).padStart(4)}  ${String(f.lcpMs).padStart(6)}  ${f.cls.toFixed(3).padStart(6)}  ${f.jsKb.toFixed(1).padStart(8)}   ${baseline ? '(baseline)' : ok ? 'ok' : `MISS (LCP goal ${GOALS.lcpMs} ms)`}`,
      )
    }
    console.log(misses === 0 ? '\nAll goals met.' : `\n${misses} goal(s) missed.`)
    return 0
  })
}
