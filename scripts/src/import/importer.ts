/**
 * Bulk import of transcripts from JSONL. Two streaming passes: the first validates every line (so a bad file
 * writes nothing and every error names file:line:reason), the second writes batches prepared by a reader thread,
 * each batch as one transaction (content items, then chunks with word timings and search data, then the totals) on
 * the first of two connections that is free. Chunks are keyed by (content item, order), so a re-run skips what is
 * already there: an interrupted import is resumed by running it again (docs/decisions/011, 045, 046, 081). This
 * module reads, checks and schedules; the SQL and what follows each commit (change counter, search index sync,
 * totals) are in `api/src/content/content-writes.ts` and `import-store.ts`.
 */
import { Worker } from 'node:worker_threads'
import type { AppContext } from '@phrasereel/api'
import {
  endBulkLoad,
  finishImport,
  importBatch,
  type ImportBatchParams,
  type PoolClient,
  startImport,
} from '@phrasereel/api/scripts'
import { readLines } from './batches.ts'
import { parseLine } from './format.ts'

/** One invalid line. */
export interface LineError {
  line: number
  reason: string
}

export interface ValidationResult {
  lines: number
  records: number
  errors: LineError[]
  /** True when more errors exist than `errors` holds. */
  moreErrors: boolean
}

export interface ImportSummary {
  records: number
  inserted: number
  updated: number
  unchanged: number
  contentItems: number
  seconds: number
  /** Whether the search index was dropped for the load and built again after it (docs/decisions/045). */
  bulk: boolean
}

export interface ImportOptions {
  batchSize?: number
  /** Batches written at once on separate connections (PostgreSQL uses one core per connection). */
  concurrency?: number
  maxErrors?: number
  onProgress?: (records: number) => void
  /** Chunks the file holds (from the check pass); decides the bulk path when `bulk` is not given. */
  expectedRecords?: number
  /**
   * Drop the search index for the load and build it again at the end (searches scan the table meanwhile):
   * `true`, `false` (the default: measured no cheaper, docs/decisions/045), or `'auto'`: when the file holds at
   * least `BULK_MIN_RECORDS` chunks and the table less than `BULK_SHARE` of that (a first load; both in
   * `api/src/content/content-writes.ts`).
   */
  bulk?: boolean | 'auto'
}

/** Pass one: every line parsed and checked, nothing written. Blank lines are allowed and skipped. */
export async function validateFile(file: string, maxErrors = 20): Promise<ValidationResult> {
  const errors: LineError[] = []
  let moreErrors = false
  let records = 0
  let lines = 0
  // (content key, order) must be unique in the file, or one batch would write one chunk twice
  const orders = new Map<string, { next: number; seen: Set<number> }>()
  const fail = (line: number, reason: string) => {
    if (errors.length < maxErrors) errors.push({ line, reason })
    else moreErrors = true
  }
  for await (const { line, text } of readLines(file)) {
    lines = line
    if (text.trim() === '') continue
    const parsed = parseLine(text)
    if ('error' in parsed) {
      fail(line, parsed.error)
      continue
    }
    const { record } = parsed
    let item = orders.get(record.contentKey)
    if (!item) {
      item = { next: 0, seen: new Set() }
      orders.set(record.contentKey, item)
    }
    const order = record.order ?? item.next
    if (item.seen.has(order)) {
      fail(line, `order ${order} of content '${record.content.name}' already appears earlier in the file`)
      continue
    }
    item.seen.add(order)
    item.next = Math.max(item.next, order + 1)
    records++
  }
  return { lines, records, errors, moreErrors }
}

/**
 * The file's batches, read and prepared by a worker thread (`batch-worker.ts`) at most `ahead` batches before they
 * are taken. Leaving the loop early (an error) stops the worker.
 */
async function* readBatchesInWorker(
  file: string,
  batchSize: number,
  ahead: number,
): AsyncGenerator<ImportBatchParams> {
  const worker = new Worker(new URL('./batch-worker.ts', import.meta.url), {
    workerData: { file, batchSize, ahead },
  })
  type Message =
    | { type: 'batch'; batch: ImportBatchParams }
    | { type: 'done' }
    | { type: 'error'; message: string }
  const queue: Message[] = []
  let wake: (() => void) | null = null
  const push = (message: Message) => {
    queue.push(message)
    wake?.()
    wake = null
  }
  worker.on('message', push)
  worker.on('error', (error) => push({ type: 'error', message: error.message }))
  worker.on('exit', (code) => {
    if (code !== 0) push({ type: 'error', message: `the import's reader thread stopped (exit code ${code})` })
  })
  try {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      const message = queue.shift()!
      if (message.type === 'done') return
      if (message.type === 'error') throw new Error(message.message)
      worker.postMessage('next')
      // a Buffer crosses the thread boundary as a plain Uint8Array; the driver sends Buffers in binary
      const chunks = message.batch.chunks.map((value) =>
        value instanceof Uint8Array && !Buffer.isBuffer(value)
          ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
          : value,
      )
      yield { ...message.batch, chunks }
    }
  } finally {
    await worker.terminate()
  }
}

/**
 * Pass two: writes the (already validated) file in batches. Each batch commits on its own, with its content items
 * and its change to the top-bar totals, then the change counter moves and the search index(es) learn of it
 * (`importBatch`). The totals are recounted before the first batch and after the last (`startImport`,
 * `finishImport`), which repairs totals left wrong by anything else (docs/decisions/081).
 */
export async function importFile(
  ctx: AppContext,
  file: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? 5000
  const concurrency = Math.max(1, options.concurrency ?? 2)
  const started = performance.now()
  const summary: ImportSummary = {
    records: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    contentItems: 0,
    seconds: 0,
    bulk: false,
  }
  // repairs what an earlier bulk import left dropped, recounts the totals, drops the search index for a bulk load
  summary.bulk = await startImport(ctx, {
    bulk: options.bulk ?? false,
    expectedRecords: options.expectedRecords,
  })
  const clients = await Promise.all(Array.from({ length: concurrency }, () => ctx.db.connect()))
  const idle = [...clients]
  const running = new Set<Promise<void>>()
  let failure: unknown = null
  const reader = readBatchesInWorker(file, batchSize, concurrency + 1)

  const write = (client: PoolClient, batch: ImportBatchParams) => {
    // the batch's transaction, then the change counter and the search index(es), in api
    const task: Promise<void> = importBatch(ctx, client, batch, summary.bulk)
      .then((result) => {
        summary.inserted += result.inserted
        summary.updated += result.updated
        summary.unchanged += batch.count - result.ids.length
        summary.contentItems += result.contentItems
        summary.records += batch.count
        options.onProgress?.(batch.count)
      })
      .catch((error: unknown) => {
        failure ??= error
      })
      .finally(() => {
        running.delete(task)
        idle.push(client)
      })
    running.add(task)
  }

  try {
    // each batch goes to the first connection that is free, as soon as the reader thread has it ready
    for await (const batch of reader) {
      while (idle.length === 0 && !failure) await Promise.race(running)
      if (failure) break
      write(idle.pop()!, batch)
    }
    await Promise.all(running)
    if (failure) throw failure
  } finally {
    await reader.return(undefined)
    await Promise.all(running)
    for (const client of clients) client.release()
    // searchable again whatever happened (if this fails too, the next import rebuilds it first)
    if (summary.bulk) await endBulkLoad(ctx)
  }
  // the index rebuilt or its pending list merged, the totals recounted, the change counter moved once more
  await finishImport(ctx, summary.bulk)
  summary.seconds = (performance.now() - started) / 1000
  return summary
}
