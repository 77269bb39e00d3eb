import type { Queryable } from '../db/connect.ts'
import { refreshContentTotals } from './content-store.ts'

/** Metadata of a content item as content ops give it. */
export interface NewContent {
  name: string
  content_part?: string | null
  content_category?: string | null
  genre?: string | null
  release_year?: number | null
  external_link?: string | null
  /** Stable key of the source; a second ingest of the same source finds this row. */
  source_key: string
}

/** A clip row as ingest writes it (file names relative to the content item's media folder). */
export interface NewChunk {
  chunk_order: number
  play_file_name: string
  segment_file_name: string
  thumbnail_file_name: string
  chunk_type: string
  chunk_duration: number
  source_start: number
  source_end: number
  transcribed_text: string
  word_count: number
}

/** A translation row (spec §3 Translation, language as two letters). */
export interface NewTranslation {
  language: string
  translation_data: { translated_phrase: string } | null
  translation_literal_data: { words: Record<string, string>[] } | null
  translation_comprehension_data: { phrase: string; translation: string }[] | null
}

/** The content item ingested from this source, or null; `completed` is false for an interrupted run. */
export async function findIngestedContent(
  db: Queryable,
  sourceKey: string,
): Promise<{ id: number; completed: boolean; chunkCount: number } | null> {
  const { rows } = await db.query<{ id: number; completed: boolean; chunk_count: number }>(
    `select m.id, m.ingest_completed_at is not null as completed,
       (select count(*)::int from content_chunks c where c.content_metadata_id = m.id) as chunk_count
     from content_metadata m where m.source_key = $1`,
    [sourceKey],
  )
  const row = rows[0]
  return row ? { id: row.id, completed: row.completed, chunkCount: row.chunk_count } : null
}

/** Inserts a content item (not yet complete) and returns its id. */
export async function createContent(db: Queryable, content: NewContent): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into content_metadata (name, content_part, content_category, genre, release_year, external_link, source_key)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      content.name,
      content.content_part ?? null,
      content.content_category ?? null,
      content.genre ?? null,
      content.release_year ?? null,
      content.external_link ?? null,
      content.source_key,
    ],
  )
  return rows[0]!.id
}

/** Orders of the chunks a content item already has (what an interrupted ingest finished). */
export async function existingChunkOrders(db: Queryable, contentId: number): Promise<Set<number>> {
  const { rows } = await db.query<{ chunk_order: number }>(
    'select chunk_order from content_chunks where content_metadata_id = $1',
    [contentId],
  )
  return new Set(rows.map((row) => row.chunk_order))
}

/**
 * Inserts one clip, disabled until its content item completes, with its translations. Run it inside a
 * transaction so a clip is either fully stored or not at all.
 */
export async function insertChunk(
  db: Queryable,
  contentId: number,
  chunk: NewChunk,
  translations: NewTranslation[],
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into content_chunks (content_metadata_id, chunk_order, play_file_name, segment_file_name,
       thumbnail_file_name, chunk_type, chunk_duration, source_start, source_end, enabled, transcribed_text, word_count)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10, $11) returning id`,
    [
      contentId,
      chunk.chunk_order,
      chunk.play_file_name,
      chunk.segment_file_name,
      chunk.thumbnail_file_name,
      chunk.chunk_type,
      chunk.chunk_duration,
      chunk.source_start,
      chunk.source_end,
      chunk.transcribed_text,
      chunk.word_count,
    ],
  )
  const chunkId = rows[0]!.id
  for (const t of translations) {
    await db.query(
      `insert into chunk_translations (chunk_id, language, translation_data, translation_literal_data,
         translation_comprehension_data) values ($1, $2, $3, $4, $5)`,
      [
        chunkId,
        t.language,
        t.translation_data ? JSON.stringify(t.translation_data) : null,
        t.translation_literal_data ? JSON.stringify(t.translation_literal_data) : null,
        t.translation_comprehension_data ? JSON.stringify(t.translation_comprehension_data) : null,
      ],
    )
  }
  return chunkId
}

/**
 * Marks a content item complete: enables its chunks, stamps it and recomputes the totals. Run it in a
 * transaction; returns the ids of the chunks that became visible.
 */
export async function completeContent(db: Queryable, contentId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `update content_chunks set enabled = true where content_metadata_id = $1 and not enabled
     returning id`,
    [contentId],
  )
  await db.query('update content_metadata set ingest_completed_at = now() where id = $1', [contentId])
  await refreshContentTotals(db)
  return rows.map((row) => row.id).sort((a, b) => a - b)
}

/** Ids of content items whose source key starts with `prefix` (e.g. the demo corpus, `demo:`). */
export async function contentIdsBySourcePrefix(db: Queryable, prefix: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    "select id from content_metadata where source_key like $1 || '%' order by id",
    [prefix.replace(/[\\%_]/g, (c) => `\\${c}`)],
  )
  return rows.map((row) => row.id)
}

/** Deletes content items (chunks and translations go with them) and recomputes the totals. */
export async function deleteContent(db: Queryable, contentIds: number[]): Promise<void> {
  if (contentIds.length === 0) return
  await db.query('delete from content_metadata where id = any($1::bigint[])', [contentIds])
  await refreshContentTotals(db)
}

/** True when the database holds no content item at all. */
export async function hasNoContent(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('select 1 from content_metadata limit 1')
  return rows.length === 0
}
