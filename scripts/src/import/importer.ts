/**
 * Bulk import of transcripts from JSONL. Two streaming passes: the first validates every line (so a bad file
 * writes nothing and every error names file:line:reason), the second writes batches prepared by a reader thread,
 * each batch as one transaction (content items, then chunks with word timings and search data, then the totals) on
 * the first of two connections that is free. Chunks are keyed by (content item, order), so a re-run skips what is
 * already there: an interrupted import is resumed by running it again (docs/decisions/011, 045, 046, 081).
 */
import { Worker } from 'node:worker_threads'
import type { AppContext } from '@phrasereel/api'
import { refreshContentTotals } from '@phrasereel/api/content/content-store'
import { type Pool, type PoolClient, namedStatementsSafe, withTransaction } from '@phrasereel/api/db/connect'
import { onChunksWritten } from '@phrasereel/api/search/index-sync'
import { bumpSearchGeneration } from '@phrasereel/api/search/search-store'
import { type BatchParams, readLines } from './batches.ts'
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
 * Runs `work` in one transaction with the import's settings, begun in one round trip and ended by the statement
 * `work` returns with its result (a commit, after the batch's change to the totals). Transaction-local rather than
 * session settings: PGlite serves every connection from one session (and keeps the database for a connection while
 * its transaction is open), where a session setting would reach the application's own writers.
 */
async function inImportTransaction<T>(
  client: PoolClient,
  bulk: boolean,
  work: () => Promise<{ result: T; commit: string }>,
): Promise<T> {
  await client.query(
    // a crash may lose the last committed batches, which the next run (idempotent) writes again: no need to wait
    // for each commit's WAL flush. The triggers leave the change counter alone; writeBatch moves it after each
    // commit (migration 043).
    `begin; set local synchronous_commit = off; set local phrasereel.defer_generation_bump = 'on'` +
      // GIN pending list: index inserts are merged in bulk every 8 MB, inline, by one connection while the other
      // keeps writing; 64 MB left most of the merging (4.5 s per 200,000 chunks, one core) for the flush at the end
      (bulk ? '' : `; set local gin_pending_list_limit = '8MB'; set local work_mem = '16MB'`),
  )
  try {
    const { result, commit } = await work()
    await client.query(commit)
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  }
}

/**
 * The statement that ends a batch's transaction: the batch's change to the totals of decision 004 (enabled chunks
 * and their words), then the commit, sent as one message. The totals row is locked only between the two, inside
 * the server, so batches on the other connection never wait on it for a round trip (docs/decisions/081).
 */
export function commitWithTotals(chunks: number, words: number): string {
  if (!Number.isSafeInteger(chunks) || !Number.isSafeInteger(words)) throw new Error('bad totals change')
  if (chunks === 0 && words === 0) return 'commit'
  return (
    `update content_stats set chunk_count = chunk_count + ${chunks}, word_count = word_count + ${words}, ` +
    'updated_at = now() where id = 1; commit'
  )
}

/**
 * Writes one batch in one transaction: its content items, then its chunks (so an item is never stored without
 * the chunks that came with it, even when the import is killed), then its change to the totals with the commit;
 * then moves the change counter (so caches drop their answers once the rows are visible). Two connections write
 * batches side by side: batches end where content items end (`batchEnd`), so they seldom share an item; when they
 * do, the later one waits for the earlier one's commit on that item's row (docs/decisions/046, 081). Returns the
 * ids of chunks inserted or changed, and the counts.
 */
async function writeBatch(
  client: PoolClient,
  batch: BatchParams,
  bulk: boolean,
): Promise<{ ids: number[]; inserted: number; updated: number; contentItems: number }> {
  const { created, rows } = await inImportTransaction(client, bulk, async () => {
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
      batch.content,
    )
    // old_word_count: a subquery reads the table with the statement's snapshot, which still shows an updated row's
    // previous version (the new one belongs to this very statement); only updated rows need it
    const { rows } = await client.query<{
      id: number
      inserted: boolean
      enabled: boolean
      word_count: number
      old_word_count: number
    }>(
      `insert into content_chunks as c (content_metadata_id, chunk_order, play_file_name, chunk_type, chunk_duration,
         enabled, transcribed_text, word_count, words, search_text, search_terms)
       select m.id, v.chunk_order, v.play_file_name, v.chunk_type, v.chunk_duration, v.enabled, v.transcribed_text,
         v.word_count, v.words::jsonb, v.search_text, ($11::bigint[])[v.term_from:v.term_to]
       from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::float8[], $6::bool[], $7::text[], $8::int[],
                   $9::text[], $10::text[], $13::int[], $14::int[])
         as v(source_key, chunk_order, play_file_name, chunk_type, chunk_duration, enabled, transcribed_text,
              word_count, words, search_text, term_from, term_to)
       join content_metadata m on m.source_key = v.source_key
       where m.source_key = any($12::text[])
       on conflict (content_metadata_id, chunk_order) do update set
         transcribed_text = excluded.transcribed_text, word_count = excluded.word_count, words = excluded.words,
         chunk_duration = excluded.chunk_duration, chunk_type = excluded.chunk_type,
         search_text = excluded.search_text, search_terms = excluded.search_terms
       where (c.transcribed_text, c.words, c.chunk_duration, c.chunk_type)
         is distinct from (excluded.transcribed_text, excluded.words, excluded.chunk_duration, excluded.chunk_type)
       returning c.id, (c.xmax = 0) as inserted, c.enabled, c.word_count,
         case when c.xmax = 0 then 0 else (select o.word_count from content_chunks o where o.id = c.id) end
           as old_word_count`,
      batch.chunks,
    )
    let chunks = 0
    let words = 0
    for (const row of rows) {
      if (!row.enabled) continue // the import never changes whether a stored chunk is enabled
      if (row.inserted) chunks++
      words += row.word_count - row.old_word_count
    }
    return { result: { created: created.rows, rows }, commit: commitWithTotals(chunks, words) }
  })
  if (created.length > 0 || rows.length > 0) await bumpSearchGeneration(client)
  const inserted = rows.filter((row) => row.inserted).length
  return {
    ids: rows.map((row) => row.id),
    inserted,
    updated: rows.length - inserted,
    contentItems: created.filter((row) => row.inserted).length,
  }
}

/**
 * The file's batches, read and prepared by a worker thread (`batch-worker.ts`) at most `ahead` batches before they
 * are taken. Leaving the loop early (an error) stops the worker.
 */
async function* readBatchesInWorker(
  file: string,
  batchSize: number,
  ahead: number,
): AsyncGenerator<BatchParams> {
  const worker = new Worker(new URL('./batch-worker.ts', import.meta.url), {
    workerData: { file, batchSize, ahead },
  })
  type Message = { type: 'batch'; batch: BatchParams } | { type: 'done' } | { type: 'error'; message: string }
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
 * and its change to the top-bar totals; the search index(es) learn of each committed batch through
 * `onChunksWritten`. The totals are recounted before the first batch and after the last, which repairs totals left
 * wrong by anything else (docs/decisions/081).
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
  // each batch adds its change to the totals: start them from what is stored
  await refreshContentTotals(ctx.db)
  const bulk = options.bulk ?? false
  summary.bulk = bulk === 'auto' ? await shouldBulk(ctx.db, options.expectedRecords) : bulk
  if (summary.bulk) await dropForBulk(ctx.db)
  const clients = await Promise.all(Array.from({ length: concurrency }, () => ctx.db.connect()))
  const idle = [...clients]
  const running = new Set<Promise<void>>()
  let failure: unknown = null
  const reader = readBatchesInWorker(file, batchSize, concurrency + 1)

  const write = (client: PoolClient, batch: BatchParams) => {
    const task: Promise<void> = writeBatch(client, batch, summary.bulk)
      .then(async (result) => {
        summary.inserted += result.inserted
        summary.updated += result.updated
        summary.unchanged += batch.count - result.ids.length
        summary.contentItems += result.contentItems
        summary.records += batch.count
        options.onProgress?.(batch.count)
        await onChunksWritten(ctx, result.ids, { searchColumnsWritten: true })
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
  // once more at the end: a run that stopped between a commit and its bump is made good by the next run
  await bumpSearchGeneration(ctx.db)
  summary.seconds = (performance.now() - started) / 1000
  return summary
}
