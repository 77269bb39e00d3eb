/**
 * Bulk import of transcripts from JSONL. Two streaming passes: the first validates every line (so a bad file
 * writes nothing and every error names file:line:reason), the second writes batches, each in its own transaction
 * with its content items, chunks, word timings and search data. Chunks are keyed by (content item, order), so a
 * re-run skips what is already there: an interrupted import is resumed by running it again.
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import type { AppContext } from '@phrasereel/api'
import { refreshContentTotals } from '@phrasereel/api/content/content-store'
import { type Pool, type PoolClient, namedStatementsSafe, withTransaction } from '@phrasereel/api/db/connect'
import { onChunksWritten } from '@phrasereel/api/search/index-sync'
import { searchData } from '@phrasereel/api/search/search-store'
import { type ImportRecord, parseLine } from './format.ts'

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
   * least `BULK_MIN_RECORDS` chunks and the table less than `BULK_SHARE` of that (a first load).
   */
  bulk?: boolean | 'auto'
}

/** `bulk: 'auto'` takes the bulk path from this many chunks… */
export const BULK_MIN_RECORDS = 20_000
/** …into a table holding less than this share of them (docs/decisions/045: the rebuild costs what it saves). */
export const BULK_SHARE = 0.2
/** Indexes a bulk load drops and builds again: the search index (about 20 entries per chunk, decision 010). */
const BULK_INDEXES = ['content_chunks_search_terms_idx']

/**
 * Builds again every index a bulk load dropped (this one, or an earlier one that was interrupted before its
 * rebuild), from the definitions saved with the drop; returns their names.
 */
export async function restoreDroppedIndexes(db: Pool): Promise<string[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    'select name, definition from import_dropped_indexes order by name',
  )
  const memory = (await namedStatementsSafe(db)) ? '512MB' : '128MB' // PGlite lives in a WebAssembly heap
  for (const row of rows) {
    await withTransaction(db, async (client) => {
      await client.query(`set local maintenance_work_mem = '${memory}'`)
      await client.query(row.definition.replace(/^CREATE (UNIQUE )?INDEX /i, 'CREATE $1INDEX IF NOT EXISTS '))
      await client.query('delete from import_dropped_indexes where name = $1', [row.name])
    })
  }
  return rows.map((row) => row.name)
}

/** Drops the bulk indexes, saving their definitions in the same transaction. */
async function dropForBulk(db: Pool): Promise<void> {
  await withTransaction(db, async (client) => {
    await client.query(
      `insert into import_dropped_indexes (name, definition)
       select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname = any($1::text[])
       on conflict (name) do nothing`,
      [BULK_INDEXES],
    )
    for (const name of BULK_INDEXES) await client.query(`drop index if exists ${name}`)
  })
}

/** Whether an import of `records` chunks should take the bulk path, given the rows already stored. */
async function shouldBulk(db: Pool, records: number | undefined): Promise<boolean> {
  if (records === undefined || records < BULK_MIN_RECORDS) return false
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from content_chunks')
  return (rows[0]?.n ?? 0) < BULK_SHARE * records
}

async function* readLines(file: string): AsyncGenerator<{ line: number; text: string }> {
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })
  const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  let line = 0
  for await (const text of reader) {
    line++
    if (line === 1 && text.charCodeAt(0) === 0xfeff) yield { line, text: text.slice(1) }
    else yield { line, text }
  }
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
  terms: string[]
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
  const search = searchData(record.text)
  batch.chunkKeys.push(record.contentKey)
  batch.orders.push(order)
  batch.playFiles.push(`${order + 1}.${record.chunkType === 'video' ? 'mp4' : 'm4a'}`)
  batch.types.push(record.chunkType)
  batch.durations.push(record.duration)
  batch.enabled.push(record.enabled)
  batch.texts.push(record.text)
  batch.wordCounts.push(record.text.split(/\s+/).filter((word) => word.length > 0).length)
  batch.words.push(record.words ? JSON.stringify(record.words) : null)
  batch.searchTexts.push(search.searchText)
  batch.terms.push(search.terms)
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

/** Writes one batch in one transaction; returns the ids of chunks inserted or changed, and the counts. */
async function writeBatch(
  client: PoolClient,
  batch: PreparedBatch,
  bulk: boolean,
): Promise<{ ids: number[]; inserted: number; updated: number; contentItems: number }> {
  await client.query('begin')
  try {
    // a crash may lose the last committed batches, which the next run (idempotent) writes again: no need to
    // wait for each commit's WAL flush
    await client.query('set local synchronous_commit = off')
    if (!bulk) {
      // a longer GIN pending list, merged with more memory, turns many small index inserts into fewer bulk merges
      // (measured 2x faster than the defaults on a 1M-chunk table; the list is flushed at the end of the import)
      await client.query(`set local gin_pending_list_limit = '64MB'`)
      await client.query(`set local work_mem = '64MB'`)
    }
    // sorted keys: concurrent batches lock shared content items in one order, so they never deadlock
    const order = batch.keys.map((_, i) => i).sort((a, b) => (batch.keys[a]! < batch.keys[b]! ? -1 : 1))
    const pick = <T>(values: T[]) => order.map((i) => values[i]!)
    const created = await client.query<{ inserted: boolean }>(
      `insert into content_metadata (source_key, name, content_category, genre, release_year, content_part,
         external_link)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])
       on conflict (source_key) do update set name = excluded.name, content_category = excluded.content_category,
         genre = excluded.genre, release_year = excluded.release_year, content_part = excluded.content_part,
         external_link = excluded.external_link
       where (content_metadata.name, content_metadata.content_category, content_metadata.genre,
              content_metadata.release_year, content_metadata.content_part, content_metadata.external_link)
         is distinct from (excluded.name, excluded.content_category, excluded.genre, excluded.release_year,
              excluded.content_part, excluded.external_link)
       returning (xmax = 0) as inserted`,
      [
        pick(batch.keys),
        pick(batch.names),
        pick(batch.categories),
        pick(batch.genres),
        pick(batch.years),
        pick(batch.parts),
        pick(batch.links),
      ],
    )
    const { rows } = await client.query<{ id: number; inserted: boolean }>(
      `insert into content_chunks (content_metadata_id, chunk_order, play_file_name, chunk_type, chunk_duration,
         enabled, transcribed_text, word_count, words, search_text, search_terms)
       select m.id, v.chunk_order, v.play_file_name, v.chunk_type, v.chunk_duration, v.enabled, v.transcribed_text,
         v.word_count, v.words::jsonb, v.search_text, v.terms::bigint[]
       from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::float8[], $6::bool[], $7::text[], $8::int[],
                   $9::text[], $10::text[], $11::text[])
         as v(source_key, chunk_order, play_file_name, chunk_type, chunk_duration, enabled, transcribed_text,
              word_count, words, search_text, terms)
       join content_metadata m on m.source_key = v.source_key
       where m.source_key = any($12::text[])
       on conflict (content_metadata_id, chunk_order) do update set
         transcribed_text = excluded.transcribed_text, word_count = excluded.word_count, words = excluded.words,
         chunk_duration = excluded.chunk_duration, chunk_type = excluded.chunk_type,
         search_text = excluded.search_text, search_terms = excluded.search_terms
       where (content_chunks.transcribed_text, content_chunks.words, content_chunks.chunk_duration,
              content_chunks.chunk_type)
         is distinct from (excluded.transcribed_text, excluded.words, excluded.chunk_duration, excluded.chunk_type)
       returning id, (xmax = 0) as inserted`,
      [
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
        textArrayLiteral(batch.terms),
        batch.keys,
      ],
    )
    await client.query('commit')
    const inserted = rows.filter((row) => row.inserted).length
    return {
      ids: rows.map((row) => row.id),
      inserted,
      updated: rows.length - inserted,
      contentItems: created.rows.filter((row) => row.inserted).length,
    }
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  }
}

/**
 * Pass two: writes the (already validated) file in batches. Each batch commits on its own; the search index(es)
 * learn of each committed batch through `onChunksWritten`; the top-bar totals are recomputed at the end.
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
  // an earlier bulk import stopped before its rebuild: repair first
  await restoreDroppedIndexes(ctx.db)
  const bulk = options.bulk ?? false
  summary.bulk = bulk === 'auto' ? await shouldBulk(ctx.db, options.expectedRecords) : bulk
  if (summary.bulk) await dropForBulk(ctx.db)
  const nextOrder = new Map<string, number>()
  const clients = await Promise.all(Array.from({ length: concurrency }, () => ctx.db.connect()))
  const inFlight: (Promise<void> | null)[] = clients.map(() => null)
  let slot = 0
  let batch = emptyBatch()
  let batchKeys = new Set<string>()
  let failure: unknown = null

  const flush = async () => {
    if (batch.texts.length === 0) return
    const current = batch
    batch = emptyBatch()
    batchKeys = new Set()
    const index = slot
    slot = (slot + 1) % clients.length
    if (inFlight[index]) await inFlight[index]
    if (failure) throw failure
    inFlight[index] = writeBatch(clients[index]!, current, summary.bulk).then(
      async (result) => {
        summary.inserted += result.inserted
        summary.updated += result.updated
        summary.unchanged += current.texts.length - result.ids.length
        summary.contentItems += result.contentItems
        summary.records += current.texts.length
        options.onProgress?.(current.texts.length)
        await onChunksWritten(ctx, result.ids)
      },
      (error: unknown) => {
        failure ??= error
      },
    )
  }

  try {
    for await (const { line, text } of readLines(file)) {
      if (text.trim() === '') continue
      const parsed = parseLine(text)
      if ('error' in parsed)
        throw new Error(`${file}:${line}: ${parsed.error} (the file changed since it was checked)`)
      const { record } = parsed
      const order = record.order ?? nextOrder.get(record.contentKey) ?? 0
      nextOrder.set(record.contentKey, Math.max(nextOrder.get(record.contentKey) ?? 0, order + 1))
      addRecord(batch, record, order, batchKeys)
      if (batch.texts.length >= batchSize) await flush()
    }
    await flush()
    await Promise.all(inFlight)
    if (failure) throw failure
  } finally {
    await Promise.all(inFlight).catch(() => {})
    for (const client of clients) client.release()
    // searchable again whatever happened (if this fails too, the next import rebuilds it first)
    if (summary.bulk) await restoreDroppedIndexes(ctx.db).catch(() => {})
  }
  if (summary.bulk) {
    // a fresh index has no pending list; fresh statistics let the planner see the rows just loaded
    await restoreDroppedIndexes(ctx.db)
    await ctx.db.query('analyze content_chunks')
  } else {
    await withTransaction(ctx.db, async (client) => {
      await client.query(`set local maintenance_work_mem = '256MB'`)
      await client.query(`select gin_clean_pending_list('content_chunks_search_terms_idx'::regclass)`)
    })
  }
  await refreshContentTotals(ctx.db)
  summary.seconds = (performance.now() - started) / 1000
  return summary
}
