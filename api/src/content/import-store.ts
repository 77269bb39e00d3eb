/**
 * Data access of the bulk import (`pnpm content import`): each batch's content items, chunks and change to the
 * totals in one transaction (docs/decisions/046, 081), the bulk path's index drop and rebuild (docs/decisions/045),
 * and the pending-list flush at the end. What follows each commit (change counter, search index sync, totals
 * recounts) is in `content-writes.ts`; the batches' parameters are built by `import-batch.ts`.
 */
import {
  type Pool,
  type PoolClient,
  type Queryable,
  namedStatementsSafe,
  withTransaction,
} from '../db/connect.ts'
import type { ImportBatchParams } from './import-batch.ts'

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
export async function dropIndexesForBulk(db: Pool): Promise<void> {
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

/** Merges the search index's pending list (what the batches left there) into the index. */
export async function flushSearchPendingList(db: Pool): Promise<void> {
  await withTransaction(db, async (client) => {
    await client.query(`set local maintenance_work_mem = '256MB'`)
    await client.query(`select gin_clean_pending_list('content_chunks_search_terms_idx'::regclass)`)
  })
}

/** Fresh planner statistics for the chunk table (after a bulk load, so the planner sees the rows). */
export async function analyzeChunks(db: Queryable): Promise<void> {
  await db.query('analyze content_chunks')
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
    // for each commit's WAL flush. The triggers leave the change counter alone; the writer moves it after each
    // commit (migration 043, `chunksCommitted`).
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

/** What one batch changed. */
export interface ImportBatchResult {
  /** Chunks inserted or changed. */
  ids: number[]
  inserted: number
  updated: number
  /** Content items created. */
  contentItems: number
  /** Whether any content item or chunk was written (the change counter must then move). */
  changed: boolean
}

/**
 * Writes one batch in one transaction: its content items, then its chunks (so an item is never stored without
 * the chunks that came with it, even when the import is killed), then its change to the totals with the commit.
 * Leaves the change counter to the caller (`chunksCommitted`). Two connections write batches side by side: batches
 * end where content items end, so they seldom share an item; when they do, the later one waits for the earlier
 * one's commit on that item's row (docs/decisions/046, 081).
 */
export async function writeImportBatch(
  client: PoolClient,
  batch: ImportBatchParams,
  bulk: boolean,
): Promise<ImportBatchResult> {
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
  const inserted = rows.filter((row) => row.inserted).length
  return {
    ids: rows.map((row) => row.id),
    inserted,
    updated: rows.length - inserted,
    contentItems: created.filter((row) => row.inserted).length,
    changed: created.length > 0 || rows.length > 0,
  }
}
