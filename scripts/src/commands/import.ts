/** `pnpm content import --file FILE.jsonl`: bulk import of transcripts without media. */
import { access } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { openContext } from '../cli/context.ts'
import { CliError, UsageError } from '../cli/errors.ts'
import { ProgressBar } from '../cli/progress.ts'
import { importFile, validateFile } from '../import/importer.ts'

export const help = `Usage: pnpm content import --file FILE.jsonl [options]

Bulk-imports transcripts without media, one chunk per line:

  {"content": {"name": "The Long Road", "category": "movie", "genre": "drama", "year": 2019, "part": "1",
               "link": "https://example.org", "key": "long-road-1"},
   "text": "I don't know.", "order": 0, "duration": 1.8, "chunk_type": "video", "enabled": true,
   "words": [{"word": "I", "start": 0.1, "end": 0.25}, {"word": "don't", "start": 0.25, "end": 0.6}]}

Only content.name and text are required. content.key names the content item across imports (default: a hash of
its fields); order is the chunk's place in it (default: its position among the file's lines for that item).

The whole file is checked first: any bad line (reported as FILE:LINE: reason) stops the import before anything
is written. Lines are then written in batches, each in one transaction, and indexed for search. Chunks already
present (same content item and order) are skipped, or updated when their text or timings changed, so running
the same file again adds nothing and an interrupted import resumes where it stopped.

Options:
  --file FILE          the JSONL file (required)
  --batch-size N       chunks per transaction (default 5000)
  --concurrency N      batches written at once (default 2)
  --bulk off|on|auto   drop the search index for the load and build it again after it (default off: measured no
                       faster here; auto: a file of at least 20,000 chunks into a table holding less than a fifth
                       of that); searches are slow until the rebuild, and the next import rebuilds it if this
                       one is killed
  --check              only check the file, write nothing
  -h, --help

Environment: DATA_DIR / DATABASE_URL as the server; MEILI_URL to keep Meilisearch in sync.`

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      file: { type: 'string' },
      'batch-size': { type: 'string' },
      concurrency: { type: 'string' },
      check: { type: 'boolean' },
      bulk: { type: 'string' },
    },
    strict: true,
  })
}

function intFlag(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!(Number.isInteger(n) && n >= min && n <= max))
    throw new UsageError(`--${name} must be ${min} to ${max}`)
  return n
}

/** Checks the file, imports it with a progress bar and prints a summary. */
export async function run(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(argv).values
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  const file = values.file?.trim()
  if (!file) throw new UsageError(`--file is required\n\n${help}`)
  const batchSize = intFlag(values['batch-size'], 'batch-size', 5000, 1, 100_000)
  const concurrency = intFlag(values.concurrency, 'concurrency', 2, 1, 8)
  const bulk = values.bulk ?? 'off'
  if (!['auto', 'on', 'off'].includes(bulk)) throw new UsageError('--bulk must be off, on or auto')
  try {
    await access(file)
  } catch {
    throw new CliError(`${file}: cannot read the file`)
  }

  const checkStarted = performance.now()
  const checked = await validateFile(file)
  if (checked.errors.length > 0) {
    for (const error of checked.errors) console.error(`${file}:${error.line}: ${error.reason}`)
    if (checked.moreErrors) console.error(`… and more; fix these first`)
    throw new CliError(`${file}: nothing imported, the file has invalid lines`)
  }
  const checkSeconds = (performance.now() - checkStarted) / 1000
  console.log(`Checked ${checked.records} chunks on ${checked.lines} lines in ${checkSeconds.toFixed(1)} s`)
  if (values.check) return 0

  const { ctx, close } = await openContext()
  const bar = new ProgressBar('Importing', checked.records)
  try {
    const summary = await importFile(ctx, file, {
      batchSize,
      concurrency,
      expectedRecords: checked.records,
      bulk: bulk === 'auto' ? 'auto' : bulk === 'on',
      onProgress: (n) => bar.tick(n),
    })
    bar.finish()
    const rate = summary.records / Math.max(summary.seconds, 0.001)
    console.log(
      `Imported ${summary.records} chunks in ${summary.seconds.toFixed(1)} s (${Math.round(rate)} chunks/s): ` +
        `${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} already present; ` +
        `${summary.contentItems} new content items` +
        (summary.bulk ? '; search index rebuilt after the load.' : '.'),
    )
    return 0
  } catch (error) {
    bar.finish()
    throw new CliError(
      `${file}: import stopped: ${(error as Error).message}. Batches written so far are complete; run the same ` +
        'command again to continue.',
    )
  } finally {
    await close()
  }
}
