/** `pnpm content phrases`: count the type-ahead phrases of every clip not counted yet, at once (decision 090). */
import { parseArgs } from 'node:util'
import { sweepAllPhrases } from '@phrasereel/api/scripts'
import { openContext } from '../cli/context.ts'
import { UsageError } from '../cli/errors.ts'

export const help = `Usage: pnpm content phrases

Brings the type-ahead and "did you mean" phrase counts (table search_phrases) up to date with every clip: the
work the servers' background sweep does a window at a time after a migration or a bulk import, done at once.
Safe to run while servers and writers run (the counts stay exact).

Options:
  -h, --help

Environment: DATA_DIR / DATABASE_URL as the server.`

export async function run(argv: string[]): Promise<number> {
  try {
    parseArgs({ args: argv, options: {}, strict: true })
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  const started = performance.now()
  const { ctx, close } = await openContext()
  try {
    const synced = await sweepAllPhrases(ctx.db)
    // fresh statistics for the completion reads' plans (autovacuum would take them later)
    await ctx.db.query('analyze search_phrases')
    const seconds = (performance.now() - started) / 1000
    console.log(`Counted the phrases of ${synced} clips in ${seconds.toFixed(1)} s.`)
    return 0
  } finally {
    await close()
  }
}
