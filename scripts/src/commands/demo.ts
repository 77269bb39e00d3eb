/** `pnpm content demo`: (re)seeds the demo corpus from the committed files in scripts/demo-corpus/. */
import { parseArgs } from 'node:util'
import { openContext } from '../cli/context.ts'
import { UsageError } from '../cli/errors.ts'
import { ProgressBar } from '../cli/progress.ts'
import { removeDemo, seedDemo } from '../demo/seed.ts'

export const help = `Usage: pnpm content demo

(Re)seeds the demo corpus: removes the demo items already in the database (their clips, translations and
media files) and inserts them again from scripts/demo-corpus/ (clip media, thumbnails, segment JSON and
manifest.json). Other content is left alone. Needs neither ffmpeg nor espeak-ng; regenerating the corpus
itself does: node scripts/src/demo/generate.ts.

Environment: DATA_DIR / DATABASE_URL as the server.`

/** Replaces the demo items and prints what was seeded. */
export async function run(argv: string[]): Promise<number> {
  try {
    parseArgs({ args: argv, strict: true, allowPositionals: false, options: {} })
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  const started = Date.now()
  const { ctx, close } = await openContext()
  let bar: ProgressBar | null = null
  try {
    const removed = await removeDemo(ctx)
    const result = await seedDemo(ctx, {
      onItem: (_done, total) => {
        bar ??= new ProgressBar('Seeding demo', total)
        bar.tick()
      },
    })
    ;(bar as ProgressBar | null)?.finish()
    console.log(
      `Seeded the demo corpus: ${result.items} items, ${result.clips} clips, ${result.translations} translations` +
        `${removed > 0 ? ` (replaced ${removed} earlier demo items)` : ''} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
    )
    return 0
  } finally {
    ;(bar as ProgressBar | null)?.finish()
    await close()
  }
}
