import type { Queryable } from '../db/connect.ts'
import { mediaUrl } from '../media/media-url.ts'
import type { Page } from '../http/paging.ts'
import type { AdminChunk, AdminContentMetadata } from '../shared/wire.ts'

export type { AdminChunk, AdminChunkChange, AdminContentMetadata } from '../shared/wire.ts'

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
  // the last row of chunk_enabled_changes, all null when there is none
  change_admin: string | null
  changed_at: Date | null
  enabled_before: boolean | null
  enabled_after: boolean | null
}

/**
 * The admin chunk columns and each chunk's last change, from `content_chunks c`: one probe of
 * chunk_enabled_changes_chunk_idx per chunk (a lateral join), so a 5,000-clip list stays one quick query.
 */
const ADMIN_CHUNK_SELECT = `select c.id, c.content_metadata_id, c.play_file_name, c.segment_file_name,
    c.thumbnail_file_name, c.chunk_type, c.chunk_duration, c.enabled, c.transcribed_text,
    l.admin_username as change_admin, l.changed_at, l.enabled_before, l.enabled_after
  from content_chunks c
  left join lateral (
    select e.admin_username, e.changed_at, e.enabled_before, e.enabled_after from chunk_enabled_changes e
    where e.chunk_id = c.id order by e.changed_at desc, e.id desc limit 1
  ) l on true`

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
    last_change:
      row.change_admin === null || row.changed_at === null
        ? null
        : {
            admin: row.change_admin,
            changed_at: row.changed_at.toISOString(),
            enabled_before: row.enabled_before === true,
            enabled_after: row.enabled_after === true,
          },
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
      `${ADMIN_CHUNK_SELECT} where c.content_metadata_id = $1
       order by c.chunk_order, c.id limit $2 offset $3`,
      [contentMetadataId, page?.limit ?? null, page?.offset ?? 0],
    ),
  ])
  const found = content.rows[0]
  if (!found) return null
  return { items: chunks.rows.map((row) => toAdminChunk(row, mediaBase)), total: found.total }
}

/** One content item with the number of its clips; null when it does not exist. */
export async function findAdminContentMetadata(
  db: Queryable,
  id: number,
): Promise<AdminContentMetadata | null> {
  const { rows } = await db.query<AdminContentMetadata>(
    `select m.id, m.name, m.content_category, m.genre, m.release_year, m.content_part, m.external_link,
       n.chunk_count, n.enabled_chunk_count
     from content_metadata m
     cross join lateral (
       select count(*)::int as chunk_count, (count(*) filter (where c.enabled))::int as enabled_chunk_count
       from content_chunks c where c.content_metadata_id = m.id
     ) n
     where m.id = $1`,
    [id],
  )
  return rows[0] ?? null
}

/** Who makes a change, as the audit trail records it. */
export interface ChangeAuthor {
  id: number
  username: string
}

/** What `setChunksEnabled` did: the chunks as they now are (by id), the ids it changed, or the unknown ids. */
export type SetChunksEnabledResult =
  | { missing: number[] }
  | { missing: null; chunks: Map<number, AdminChunk>; changedIds: number[] }

/**
 * Enables or disables clips inside the caller's transaction (`client` from `withTransaction`) and writes one audit
 * row per clip it changes. Locks the rows first, in id order, so overlapping calls wait for each other instead of
 * deadlocking; when any id is unknown it changes nothing and answers the unknown ids. A clip already in the asked
 * state is left alone (no write, no audit row).
 */
export async function setChunksEnabled(
  client: Queryable,
  mediaBase: string,
  chunkIds: number[],
  enabled: boolean,
  author: ChangeAuthor,
): Promise<SetChunksEnabledResult> {
  const locked = await client.query<{ id: number }>(
    'select id from content_chunks where id = any($1::bigint[]) order by id for update',
    [chunkIds],
  )
  if (locked.rows.length < chunkIds.length) {
    const found = new Set(locked.rows.map((row) => row.id))
    return { missing: chunkIds.filter((id) => !found.has(id)) }
  }
  // statement_timestamp(): taken after the locks above, so a clip's changes are in time order as they committed.
  // The admin id is looked up again: an admin deleted meanwhile leaves a null id, not a foreign-key failure.
  const changed = await client.query<{ chunk_id: number }>(
    `with changed as (
       update content_chunks set enabled = $2 where id = any($1::bigint[]) and enabled <> $2 returning id
     )
     insert into chunk_enabled_changes (chunk_id, admin_id, admin_username, changed_at, enabled_before, enabled_after)
     select id, (select a.id from admins a where a.id = $3), $4, statement_timestamp(), not $2::boolean, $2
     from changed
     returning chunk_id`,
    [chunkIds, enabled, author.id, author.username],
  )
  const rows = await client.query<AdminChunkRow>(`${ADMIN_CHUNK_SELECT} where c.id = any($1::bigint[])`, [
    chunkIds,
  ])
  return {
    missing: null,
    chunks: new Map(rows.rows.map((row) => [row.id, toAdminChunk(row, mediaBase)])),
    changedIds: changed.rows.map((row) => row.chunk_id),
  }
}
