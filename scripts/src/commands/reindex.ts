/** `pnpm content reindex`: rebuild the search index(es) from PostgreSQL without downtime. */
import { parseArgs } from 'node:util'
import { rebuildSearchIndexes } from '@phrasereel/api/scripts'
import { openContext } from '../cli/context.ts'
import { UsageError } from '../cli/errors.ts'
import { ProgressBar } from '../cli/progress.ts'

export const help = `Usage: pnpm content reindex

Rebuilds the search data from the chunks in PostgreSQL, while the site keeps answering searches:
  - PostgreSQL search: every chunk's normalised text and word n-gram terms are recomputed in place where missing
    or stale (e.g. after a change to the normalisation);
  - Meilisearch (when MEILI_URL is set): a new index is built with the settings of meili/settings.json, swapped
    with the live index (MEILI_INDEX, default 'chunks') in one step, and the old one deleted.

Options:
  -h, --help

Environment: DATA_DIR / DATABASE_URL as the server; MEILI_URL, MEILI_MASTER_KEY, MEILI_INDEX.`

/** Runs the rebuild with a progress bar per phase and prints a summary. */
export async function run(argv: string[]): Promise<number> {
  try {
    parseArgs({ args: argv, options: {}, strict: true })
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  const started = performance.now()
  const { ctx, close } = await openContext()
  const bars = new Map<string, { bar: ProgressBar; done: number }>()
  try {
    const summary = await rebuildSearchIndexes(ctx, ({ phase, done, total }) => {
      let entry = bars.get(phase)
      if (!entry) {
        for (const other of bars.values()) other.bar.finish()
        entry = {
          bar: new ProgressBar(phase === 'postgres' ? 'PostgreSQL search' : 'Meilisearch', total),
          done: 0,
        }
        bars.set(phase, entry)
      }
      entry.bar.tick(done - entry.done)
      entry.done = done
    })
    for (const entry of bars.values()) entry.bar.finish()
    const seconds = (performance.now() - started) / 1000
    console.log(
      `Reindexed ${summary.chunks} chunks in ${seconds.toFixed(1)} s: ${summary.rewritten} PostgreSQL search rows ` +
        `rewritten${summary.meiliIndex ? `; Meilisearch index '${summary.meiliIndex}' swapped in` : '; Meilisearch not configured (MEILI_URL unset)'}.`,
    )
    return 0
  } finally {
    await close()
  }
}
