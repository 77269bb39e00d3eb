import type { Queryable } from '../db/connect.ts'
import { mediaUrl } from '../media/media-url.ts'
import type { Page } from '../http/paging.ts'

/** Admin content metadata (spec §3): every content item with the number of its clips. */
export interface AdminContentMetadata {
  id: number
  name: string
  content_category: string | null
  genre: string | null
  release_year: number | null
  content_part: string | null
  external_link: string | null
  chunk_count: number
  /** Not in the spec: how many of those clips are enabled. */
  enabled_chunk_count: number
}

/** Admin content chunk (spec §3), enabled or not. */
export interface AdminChunk {
  id: number
  play_file_name: string
  segment_file_name: string | null
  thumbnail_file_name: string | null
  chunk_type: string
  chunk_duration: number
  enabled: boolean
  transcribed_text: string
  play_s3_url: string
  segment_s3_url: string | null
  thumbnail_s3_url: string | null
}

interface AdminChunkRow {
  id: number
  content_metadata_id: number
  play_file_name: string
  segment_file_name: string | null
  thumbnail_file_name: string | null
  chunk_type: string
  chunk_duration: number
  enabled: boolean
  transcribed_text: string
}

const ADMIN_CHUNK_COLUMNS = `id, content_metadata_id, play_file_name, segment_file_name, thumbnail_file_name,
  chunk_type, chunk_duration, enabled, transcribed_text`

function toAdminChunk(row: AdminChunkRow, mediaBase: string): AdminChunk {
  return {
    id: row.id,
    play_file_name: row.play_file_name,
    segment_file_name: row.segment_file_name,
    thumbnail_file_name: row.thumbnail_file_name,
    chunk_type: row.chunk_type,
    chunk_duration: row.chunk_duration,
    enabled: row.enabled,
    transcribed_text: row.transcribed_text,
    play_s3_url: mediaUrl(mediaBase, row.content_metadata_id, row.play_file_name),
    segment_s3_url: mediaUrl(mediaBase, row.content_metadata_id, row.segment_file_name),
    thumbnail_s3_url: mediaUrl(mediaBase, row.content_metadata_id, row.thumbnail_file_name),
  }
}

/** One page of a list and how many rows the whole list has. */
export interface Paged<T> {
  items: T[]
  total: number
}

/** The content items (all, or one page) with their clip counts, by id; counted only for the items answered. */
export async function listAdminContentMetadata(
  db: Queryable,
  page: Page | null,
): Promise<Paged<AdminContentMetadata>> {
  const [items, total] = await Promise.all([
    db.query<AdminContentMetadata>(
      `select m.id, m.name, m.content_category, m.genre, m.release_year, m.content_part, m.external_link,
         n.chunk_count, n.enabled_chunk_count
       from (select * from content_metadata order by id limit $1 offset $2) m
       cross join lateral (
         select count(*)::int as chunk_count, (count(*) filter (where c.enabled))::int as enabled_chunk_count
         from content_chunks c where c.content_metadata_id = m.id
       ) n
       order by m.id`,
      [page?.limit ?? null, page?.offset ?? 0],
    ),
    db.query<{ total: number }>('select count(*)::int as total from content_metadata'),
  ])
  return { items: items.rows, total: total.rows[0]!.total }
}

/** The clips (all, or one page) of a content item in order, enabled or not; null when the item does not exist. */
export async function listAdminChunks(
  db: Queryable,
  mediaBase: string,
  contentMetadataId: number,
  page: Page | null,
): Promise<Paged<AdminChunk> | null> {
  const [content, chunks] = await Promise.all([
    db.query<{ total: number }>(
      `select (select count(*)::int from content_chunks where content_metadata_id = m.id) as total
       from content_metadata m where m.id = $1`,
      [contentMetadataId],
    ),
    db.query<AdminChunkRow>(
      `select ${ADMIN_CHUNK_COLUMNS} from content_chunks where content_metadata_id = $1
       order by chunk_order, id limit $2 offset $3`,
      [contentMetadataId, page?.limit ?? null, page?.offset ?? 0],
    ),
  ])
  const found = content.rows[0]
  if (!found) return null
  return { items: chunks.rows.map((row) => toAdminChunk(row, mediaBase)), total: found.total }
}

/**
 * Enables or disables a clip; answers the clip as it now is and whether this call changed it, or null when it does
 * not exist.
 */
export async function setChunkEnabled(
  db: Queryable,
  mediaBase: string,
  chunkId: number,
  enabled: boolean,
): Promise<{ chunk: AdminChunk; changed: boolean } | null> {
  const { rows } = await db.query<AdminChunkRow & { changed: boolean }>(
    `with changed as (
       update content_chunks set enabled = $2 where id = $1 and enabled is distinct from $2 returning id
     )
     -- the outer select reads the row as it was before the update (same snapshot), hence enabled = $2
     select id, content_metadata_id, play_file_name, segment_file_name, thumbnail_file_name, chunk_type,
       chunk_duration, $2::boolean as enabled, transcribed_text, exists (select 1 from changed) as changed
     from content_chunks where id = $1`,
    [chunkId, enabled],
  )
  const row = rows[0]
  return row ? { chunk: toAdminChunk(row, mediaBase), changed: row.changed } : null
}
