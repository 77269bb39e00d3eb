/**
 * One bulk-import batch in columns (content items, then chunks with word timings and search columns) and the
 * statement parameters `import-store.ts` writes it with: the row shapes and their encoding live beside the SQL that
 * reads them. Pure and free of the database, so that the importer's reader thread (scripts/src/import) builds
 * batches while the main thread keeps both connections busy (docs/decisions/046).
 */
import { chunkTerms, tokenize } from '../search/terms.ts'

/** A content item's metadata as the import gives it. */
export interface ImportContent {
  name: string
  category: string | null
  genre: string | null
  year: number | null
  part: string | null
  link: string | null
}

/** One chunk as the import gives it, with its content item. */
export interface ImportChunk {
  /** Identifies the content item across imports (`content_metadata.source_key`). */
  contentKey: string
  content: ImportContent
  text: string
  duration: number
  /** A lowercase word such as `video` or `audio`; the play file's extension follows it. */
  chunkType: string
  enabled: boolean
  words: { word: string; start: number; end: number }[] | null
}

/** A batch being built: one array per column. */
export interface ImportBatch {
  keys: string[]
  names: string[]
  categories: (string | null)[]
  genres: (string | null)[]
  years: (number | null)[]
  parts: (string | null)[]
  links: (string | null)[]
  /** Where each content item's first chunk in the batch is. */
  keyStarts: number[]
  /** The content items already in `keys`. */
  keySet: Set<string>
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

/** A batch with nothing in it. */
export function emptyImportBatch(): ImportBatch {
  return {
    keys: [],
    names: [],
    categories: [],
    genres: [],
    years: [],
    parts: [],
    links: [],
    keyStarts: [],
    keySet: new Set(),
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

/**
 * Adds a chunk at position `order` of its content item (and the item, the first time the batch meets it), with the
 * columns derived from it: play file name, word count, and the search columns of decision 010 (`tokenize`,
 * `chunkTerms`), so that nothing reads the rows back to index them (docs/decisions/046).
 */
export function addImportChunk(batch: ImportBatch, chunk: ImportChunk, order: number): void {
  if (!batch.keySet.has(chunk.contentKey)) {
    batch.keySet.add(chunk.contentKey)
    batch.keys.push(chunk.contentKey)
    batch.names.push(chunk.content.name)
    batch.categories.push(chunk.content.category)
    batch.genres.push(chunk.content.genre)
    batch.years.push(chunk.content.year)
    batch.parts.push(chunk.content.part)
    batch.links.push(chunk.content.link)
    batch.keyStarts.push(batch.texts.length)
  }
  const tokens = tokenize(chunk.text)
  const terms = chunkTerms(tokens)
  batch.chunkKeys.push(chunk.contentKey)
  batch.orders.push(order)
  batch.playFiles.push(`${order + 1}.${chunk.chunkType === 'video' ? 'mp4' : 'm4a'}`)
  batch.types.push(chunk.chunkType)
  batch.durations.push(chunk.duration)
  batch.enabled.push(chunk.enabled)
  batch.texts.push(chunk.text)
  batch.wordCounts.push(chunk.text.split(/\s+/).filter((word) => word.length > 0).length)
  batch.words.push(chunk.words ? JSON.stringify(chunk.words) : null)
  batch.searchTexts.push(tokens.join(' '))
  for (const term of terms) batch.terms.push(term)
  batch.termEnds.push(batch.terms.length)
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
export function splitImportBatch(batch: ImportBatch, at: number): ImportBatch {
  // every field is an array; their element types differ, which a loop over the names cannot spell
  const from = batch as unknown as Record<string, unknown[]>
  const tail = emptyImportBatch()
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
  const key = tail.chunkKeys[0]!
  const item = batch.keys.lastIndexOf(key)
  const moved = batch.keyStarts[item]! >= at
  for (const field of ITEM_FIELDS) {
    to[field]!.push(from[field]![item])
    if (moved) from[field]!.splice(item, 1)
  }
  if (moved) batch.keySet.delete(key)
  tail.keySet.add(key)
  tail.keyStarts[0] = 0
  return tail
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

/**
 * One batch as the two statements of `writeImportBatch` take it: content items (sorted by key), then chunks. Plain
 * arrays, strings and a Buffer, so that it crosses from the reader thread as it is.
 */
export interface ImportBatchParams {
  /** Chunks in the batch. */
  count: number
  content: unknown[]
  chunks: unknown[]
}

/** The statement parameters of a batch (positions as in `writeImportBatch`'s statements). */
export function importBatchParams(batch: ImportBatch): ImportBatchParams {
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
