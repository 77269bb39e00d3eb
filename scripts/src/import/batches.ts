/**
 * The import's batches, from file lines to the parameters of the statements that write them: this module reads and
 * parses the lines and decides where batches end; the columns, the values derived from each chunk and their
 * encoding are `api/src/content/import-batch.ts`'s, beside the SQL. Free of the database, so that it runs in
 * the worker thread of `batch-worker.ts` while the main thread keeps both connections busy (docs/decisions/046).
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import {
  addImportChunk,
  emptyImportBatch,
  type ImportBatchParams,
  importBatchParams,
  splitImportBatch,
} from '@phrasereel/api/import-batch'
import { parseLine } from './format.ts'

/** The lines of a file, numbered from 1, without a leading byte-order mark. */
export async function* readLines(file: string): AsyncGenerator<{ line: number; text: string }> {
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })
  const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  let line = 0
  for await (const text of reader) {
    line++
    if (line === 1 && text.charCodeAt(0) === 0xfeff) yield { line, text: text.slice(1) }
    else yield { line, text }
  }
}

/**
 * The batches of an (already checked) file, at most `batchSize` chunks each. A full batch ends before the run of
 * chunks of the content item it ends with, which starts the next batch: the item is then created in the same
 * transaction as its chunks (docs/decisions/081) without the next batch, which continues it, waiting for this one
 * to commit. An item longer than a batch is split. A chunk without an explicit order takes the next position of
 * its content item, as the check pass counted it.
 */
export async function* readBatches(file: string, batchSize: number): AsyncGenerator<ImportBatchParams> {
  const nextOrder = new Map<string, number>()
  let batch = emptyImportBatch()
  // the current run of chunks of one content item starts at this chunk of the batch
  let runStart = 0
  for await (const { line, text } of readLines(file)) {
    if (text.trim() === '') continue
    const parsed = parseLine(text)
    if ('error' in parsed)
      throw new Error(`${file}:${line}: ${parsed.error} (the file changed since it was checked)`)
    const { record } = parsed
    const order = record.order ?? nextOrder.get(record.contentKey) ?? 0
    nextOrder.set(record.contentKey, Math.max(nextOrder.get(record.contentKey) ?? 0, order + 1))
    if (batch.chunkKeys.at(-1) !== record.contentKey) runStart = batch.texts.length
    addImportChunk(batch, record, order)
    if (batch.texts.length >= batchSize) {
      const tail = runStart > 0 ? splitImportBatch(batch, runStart) : emptyImportBatch()
      yield importBatchParams(batch)
      batch = tail
      runStart = 0
    }
  }
  if (batch.texts.length > 0) yield importBatchParams(batch)
}
