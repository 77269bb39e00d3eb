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
  /** Where each content item's first chunk in the batch is. */
  keyStarts: number[]
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
    keyStarts: [],
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
    batch.keyStarts.push(batch.texts.length)
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

const ITEM_FIELDS = ['keys', 'names', 'categories', 'genres', 'years', 'parts', 'links', 'keyStarts'] as const
const CHUNK_FIELDS = [
  'chunkKeys',
  'orders',
  'playFiles',
  'types',
  'durations',
  'enabled',
  'texts',
  'wordCounts',
  'words',
  'searchTexts',
] as const

/**
 * Moves the chunks from `at` on (all of one content item) out of `batch` into a new batch, with their item: moved
 * when its first chunk in the batch is among them, copied otherwise.
 */
function splitBatch(batch: PreparedBatch, at: number): PreparedBatch {
  // every field is an array; their element types differ, which a loop over the names cannot spell
  const from = batch as unknown as Record<string, unknown[]>
  const tail = emptyBatch()
  const to = tail as unknown as Record<string, unknown[]>
  for (const field of CHUNK_FIELDS) {
    to[field] = from[field]!.slice(at)
    from[field]!.length = at
  }
  const termStart = batch.termEnds[at - 1] ?? 0
  tail.terms = batch.terms.slice(termStart)
  batch.terms.length = termStart
  tail.termEnds = batch.termEnds.slice(at).map((end) => end - termStart)
  batch.termEnds.length = at
  const item = batch.keys.lastIndexOf(tail.chunkKeys[0]!)
  const moved = batch.keyStarts[item]! >= at
  for (const field of ITEM_FIELDS) {
    to[field]!.push(from[field]![item])
    if (moved) from[field]!.splice(item, 1)
  }
  tail.keyStarts[0] = 0
  return tail
}

/**
 * The batches of an (already checked) file, at most `batchSize` chunks each. A full batch ends before the run of
 * chunks of the content item it ends with, which starts the next batch: the item is then created in the same
 * transaction as its chunks (docs/decisions/081) without the next batch, which continues it, waiting for this one
 * to commit. An item longer than a batch is split. A chunk without an explicit order takes the next position of
 * its content item, as the check pass counted it.
 */
export async function* readBatches(file: string, batchSize: number): AsyncGenerator<BatchParams> {
  const nextOrder = new Map<string, number>()
  let batch = emptyBatch()
  let batchKeys = new Set<string>()
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
    addRecord(batch, record, order, batchKeys)
    if (batch.texts.length >= batchSize) {
      const tail = runStart > 0 ? splitBatch(batch, runStart) : emptyBatch()
      yield toParams(batch)
      batch = tail
      batchKeys = new Set(tail.keys)
      runStart = 0
    }
  }
  if (batch.texts.length > 0) yield toParams(batch)
}
