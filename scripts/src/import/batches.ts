/**
 * The import's batches, from file lines to the parameters of the two statements that write them (content items,
 * then chunks with their word timings and search columns). Pure and free of the database, so that it runs in the
 * worker thread of `batch-worker.ts` while the main thread keeps both connections busy (docs/decisions/046).
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { chunkTerms, tokenize } from '@phrasereel/api/search/terms'
import { type ImportRecord, parseLine } from './format.ts'

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

interface PreparedBatch {
  keys: string[]
  names: string[]
  categories: (string | null)[]
  genres: (string | null)[]
  years: (number | null)[]
  parts: (string | null)[]
  links: (string | null)[]
  chunkKeys: string[]
  orders: number[]
  playFiles: string[]
  types: string[]
  durations: number[]
  enabled: boolean[]
  texts: string[]
  wordCounts: number[]
  words: (string | null)[]
  searchTexts: string[]
  /** Every chunk's terms, one after another; chunk i's are `terms[termEnds[i - 1] ?? 0 … termEnds[i])`. */
  terms: number[]
  termEnds: number[]
}

function emptyBatch(): PreparedBatch {
  return {
    keys: [],
    names: [],
    categories: [],
    genres: [],
    years: [],
    parts: [],
    links: [],
    chunkKeys: [],
    orders: [],
    playFiles: [],
    types: [],
    durations: [],
    enabled: [],
    texts: [],
    wordCounts: [],
    words: [],
    searchTexts: [],
    terms: [],
    termEnds: [],
  }
}

function addRecord(
  batch: PreparedBatch,
  record: ImportRecord,
  order: number,
  contentKeys: Set<string>,
): void {
  if (!contentKeys.has(record.contentKey)) {
    contentKeys.add(record.contentKey)
    batch.keys.push(record.contentKey)
    batch.names.push(record.content.name)
    batch.categories.push(record.content.category)
    batch.genres.push(record.content.genre)
    batch.years.push(record.content.year)
    batch.parts.push(record.content.part)
    batch.links.push(record.content.link)
  }
  const tokens = tokenize(record.text)
  const terms = chunkTerms(tokens)
  batch.chunkKeys.push(record.contentKey)
  batch.orders.push(order)
  batch.playFiles.push(`${order + 1}.${record.chunkType === 'video' ? 'mp4' : 'm4a'}`)
  batch.types.push(record.chunkType)
  batch.durations.push(record.duration)
  batch.enabled.push(record.enabled)
  batch.texts.push(record.text)
  batch.wordCounts.push(record.text.split(/\s+/).filter((word) => word.length > 0).length)
  batch.words.push(record.words ? JSON.stringify(record.words) : null)
  batch.searchTexts.push(tokens.join(' '))
  for (const term of terms) batch.terms.push(term)
  batch.termEnds.push(batch.terms.length)
}

/**
 * A PostgreSQL array literal of texts, built in one pass: the `pg` driver's generic array encoding runs two
 * replacements per element, which for 5,000 JSON word lists per batch was the largest cost on the Node side.
 */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  const parts = new Array<string>(values.length)
  for (let i = 0; i < values.length; i++) {
    const value = values[i]
    parts[i] =
      value === null || value === undefined
        ? 'NULL'
        : `"${SPECIAL.test(value) ? value.replace(SPECIAL_ALL, '\\$&') : value}"`
  }
  return `{${parts.join(',')}}`
}
const SPECIAL = /["\\]/
const SPECIAL_ALL = /["\\]/g

/**
 * A PostgreSQL `bigint[]` in the binary wire format (array_send): the search terms of a whole batch travel as one
 * binary parameter that each row slices, instead of a hundred thousand decimal numbers formatted by Node and
 * parsed again by the server (docs/decisions/046). Values are whole numbers below 2^53.
 */
export function int8ArrayBinary(values: readonly number[]): Buffer {
  const n = values.length
  const buffer = Buffer.allocUnsafe(n === 0 ? 12 : 20 + 12 * n)
  buffer.writeInt32BE(n === 0 ? 0 : 1, 0) // dimensions
  buffer.writeInt32BE(0, 4) // no nulls
  buffer.writeInt32BE(20, 8) // element type: int8
  if (n === 0) return buffer
  buffer.writeInt32BE(n, 12)
  buffer.writeInt32BE(1, 16) // lower bound
  let offset = 20
  for (let i = 0; i < n; i++) {
    const value = values[i]!
    const high = Math.floor(value / 0x100000000)
    buffer.writeInt32BE(8, offset)
    buffer.writeInt32BE(high | 0, offset + 4)
    buffer.writeUInt32BE(value - high * 0x100000000, offset + 8)
    offset += 12
  }
  return buffer
}

/** One batch as its two statements take it: content items (sorted by key), then chunks. */
export interface BatchParams {
  /** Chunks in the batch. */
  count: number
  content: unknown[]
  chunks: unknown[]
}

/** The statement parameters of a batch. */
export function toParams(batch: PreparedBatch): BatchParams {
  // sorted keys: concurrent batches lock shared content items in one order, so they never deadlock
  const order = batch.keys.map((_, i) => i).sort((a, b) => (batch.keys[a]! < batch.keys[b]! ? -1 : 1))
  const pick = <T>(values: T[]) => order.map((i) => values[i]!)
  return {
    count: batch.texts.length,
    content: [
      pick(batch.keys),
      pick(batch.names),
      pick(batch.categories),
      pick(batch.genres),
      pick(batch.years),
      pick(batch.parts),
      pick(batch.links),
    ],
    chunks: [
      textArrayLiteral(batch.chunkKeys),
      `{${batch.orders.join(',')}}`,
      textArrayLiteral(batch.playFiles),
      textArrayLiteral(batch.types),
      `{${batch.durations.join(',')}}`,
      `{${batch.enabled.join(',')}}`,
      textArrayLiteral(batch.texts),
      `{${batch.wordCounts.join(',')}}`,
      textArrayLiteral(batch.words),
      textArrayLiteral(batch.searchTexts),
      int8ArrayBinary(batch.terms),
      batch.keys,
      `{${batch.termEnds.map((_, i) => (batch.termEnds[i - 1] ?? 0) + 1).join(',')}}`,
      `{${batch.termEnds.join(',')}}`,
    ],
  }
}

/**
 * The batches of an (already checked) file, `batchSize` chunks each. A chunk without an explicit order takes the
 * next position of its content item, as the check pass counted it.
 */
export async function* readBatches(file: string, batchSize: number): AsyncGenerator<BatchParams> {
  const nextOrder = new Map<string, number>()
  let batch = emptyBatch()
  let batchKeys = new Set<string>()
  for await (const { line, text } of readLines(file)) {
    if (text.trim() === '') continue
    const parsed = parseLine(text)
    if ('error' in parsed)
      throw new Error(`${file}:${line}: ${parsed.error} (the file changed since it was checked)`)
    const { record } = parsed
    const order = record.order ?? nextOrder.get(record.contentKey) ?? 0
    nextOrder.set(record.contentKey, Math.max(nextOrder.get(record.contentKey) ?? 0, order + 1))
    addRecord(batch, record, order, batchKeys)
    if (batch.texts.length >= batchSize) {
      yield toParams(batch)
      batch = emptyBatch()
      batchKeys = new Set()
    }
  }
  if (batch.texts.length > 0) yield toParams(batch)
}
