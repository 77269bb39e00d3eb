import { CHUNK_COLUMNS, type ChunkRow, toChunk } from '../content/content-store.ts'
import type { Chunk } from '../content/types.ts'
import type { Queryable } from '../db/connect.ts'
import type { Page } from '../http/paging.ts'
import type { ContentStatus, HistoryItem } from '../shared/wire.ts'

/** Likes and saves are the same idea in two tables: a mark a user puts on a content item. */
export type MarkKind = 'like' | 'save'

const MARK_TABLES: Record<MarkKind, string> = { like: 'likes', save: 'saves' }

export type { ContentStatus, HistoryItem } from '../shared/wire.ts'

/** The content item an enabled chunk belongs to, or null when the chunk is unknown or disabled. */
export async function findEnabledChunkContentId(db: Queryable, chunkId: number): Promise<number | null> {
  const { rows } = await db.query<{ content_metadata_id: number }>(
    'select content_metadata_id from content_chunks where id = $1 and enabled',
    [chunkId],
  )
  return rows[0]?.content_metadata_id ?? null
}

/** Whether a content metadata row exists. */
export async function contentExists(db: Queryable, contentMetadataId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from content_metadata where id = $1', [contentMetadataId])
  return rows.length > 0
}

/** Whether a clip exists (enabled or not) and the content item it belongs to; null when there is no such clip. */
export async function findChunkContentId(db: Queryable, chunkId: number): Promise<number | null> {
  const { rows } = await db.query<{ content_metadata_id: number }>(
    'select content_metadata_id from content_chunks where id = $1',
    [chunkId],
  )
  return rows[0]?.content_metadata_id ?? null
}

/**
 * The caller's like and save: of one clip when `chunkId` is given, else of the content item (any of its clips
 * marked, docs/decisions/088). Null when the content item does not exist.
 */
export async function findContentStatus(
  db: Queryable,
  userId: number,
  contentMetadataId: number,
  chunkId: number | null = null,
): Promise<ContentStatus | null> {
  const { rows } = await db.query<ContentStatus>(
    `select exists (select 1 from likes where user_id = $1 and content_metadata_id = m.id
                      and ($3::bigint is null or content_chunk_id = $3)) as is_liked,
       exists (select 1 from saves where user_id = $1 and content_metadata_id = m.id
                 and ($3::bigint is null or content_chunk_id = $3)) as is_saved
     from content_metadata m where m.id = $2`,
    [userId, contentMetadataId, chunkId],
  )
  return rows[0] ?? null
}

/**
 * Puts a like or save on a clip (docs/decisions/088). With `chunkId`, on that clip (idempotent per clip). Without
 * one (the spec's client, which knows only the content item), on the item as a whole: when the user marks no clip
 * of the item yet, the clip of that item they played last, else its first enabled clip, else (an item without
 * one) no clip; when they already mark one of its clips, nothing changes. Parallel calls store one mark: the
 * unique indexes decide. Answers false when the content item does not exist, or it or the clip vanished under a
 * concurrent delete.
 */
export async function addMark(
  db: Queryable,
  kind: MarkKind,
  userId: number,
  contentMetadataId: number,
  chunkId: number | null,
  now: Date,
): Promise<boolean> {
  const table = MARK_TABLES[kind]
  try {
    const { rows } = await db.query(
      `with ins as (
       insert into ${table} (user_id, content_metadata_id, content_chunk_id, created_at)
       select $1, m.id, coalesce($3::bigint, (
           select ph.content_chunk_id from play_history ph
           where ph.user_id = $1 and ph.content_metadata_id = m.id
           order by ph.played_at desc limit 1), (
           select fc.id from content_chunks fc where fc.content_metadata_id = m.id and fc.enabled
           order by fc.chunk_order limit 1)), $4
       from content_metadata m where m.id = $2
         and ($3::bigint is not null
              or not exists (select 1 from ${table} mk where mk.user_id = $1 and mk.content_metadata_id = m.id))
       on conflict do nothing
     )
     select 1 from content_metadata where id = $2`,
      [userId, contentMetadataId, chunkId, now],
    )
    return rows.length > 0
  } catch (error) {
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}

/**
 * Takes a like or save off (idempotent): of one clip when `chunkId` is given, else every mark of this kind on
 * the content item (so that its status without a clip reads false after). Answers false when the content item
 * does not exist.
 */
export async function removeMark(
  db: Queryable,
  kind: MarkKind,
  userId: number,
  contentMetadataId: number,
  chunkId: number | null = null,
): Promise<boolean> {
  const { rows } = await db.query(
    `with del as (
       delete from ${MARK_TABLES[kind]}
       where user_id = $1 and content_metadata_id = $2 and ($3::bigint is null or content_chunk_id = $3))
     select 1 from content_metadata where id = $2`,
    [userId, contentMetadataId, chunkId],
  )
  return rows.length > 0
}

/**
 * The clips the user liked or saved, newest mark first (docs/decisions/088): exactly the marked clips that are
 * enabled now (a disabled clip disappears from these lists at once and comes back when enabled again); marks of
 * an item without any clip are not listed.
 */
export async function listMarkedChunks(
  db: Queryable,
  mediaBase: string,
  kind: MarkKind,
  userId: number,
  page: Page,
): Promise<Chunk[]> {
  const { rows } = await db.query<ChunkRow>(
    `select ${CHUNK_COLUMNS}
     from ${MARK_TABLES[kind]} mk
     join content_chunks c on c.id = mk.content_chunk_id and c.enabled
     join content_metadata m on m.id = c.content_metadata_id
     where mk.user_id = $1
     order by mk.created_at desc, mk.content_chunk_id desc
     limit $2 offset $3`,
    [userId, page.limit, page.offset],
  )
  return rows.map((row) => toChunk(row, mediaBase))
}

/** How many clips `listMarkedChunks` lists in all (the enabled clips the user marked). */
export async function countMarkedChunks(db: Queryable, kind: MarkKind, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from ${MARK_TABLES[kind]} mk
     join content_chunks c on c.id = mk.content_chunk_id and c.enabled
     where mk.user_id = $1`,
    [userId],
  )
  return rows[0]?.n ?? 0
}

/**
 * Records that the user played a clip now; playing it again moves it to the top of the history. Answers false when
 * the clip or its content item vanished under a concurrent delete.
 */
export async function recordPlay(
  db: Queryable,
  userId: number,
  chunkId: number,
  contentMetadataId: number,
  now: Date,
): Promise<boolean> {
  try {
    await db.query(
      `insert into play_history (user_id, content_chunk_id, content_metadata_id, played_at)
     values ($1, $2, $3, $4)
     on conflict (user_id, content_chunk_id) do update
       set played_at = greatest(play_history.played_at, excluded.played_at),
           content_metadata_id = excluded.content_metadata_id`,
      [userId, chunkId, contentMetadataId, now],
    )
    return true
  } catch (error) {
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}

/** The user's play history, most recent first; disabled clips are left out. */
export async function listPlayHistory(
  db: Queryable,
  mediaBase: string,
  userId: number,
  page: Page,
): Promise<HistoryItem[]> {
  const { rows } = await db.query<ChunkRow & { played_at: Date; history_id: number }>(
    `select ${CHUNK_COLUMNS}, ph.played_at, ph.id as history_id
     from play_history ph
     join content_chunks c on c.id = ph.content_chunk_id and c.enabled
     join content_metadata m on m.id = c.content_metadata_id
     where ph.user_id = $1
     order by ph.played_at desc, ph.id desc
     limit $2 offset $3`,
    [userId, page.limit, page.offset],
  )
  return rows.map((row) => {
    const chunk = toChunk(row, mediaBase)
    return {
      id: Number(row.history_id),
      chunk,
      content: chunk.content_metadata,
      played_at: row.played_at.toISOString(),
    }
  })
}

/**
 * A foreign-key violation (SQLSTATE 23503): the content item or clip a write refers to was deleted between the
 * caller's check and the write, which answers as if it had not existed.
 */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503'
}

/** Deletes one entry of the user's play history (by its id); answers whether the user had it. */
export async function deletePlayHistoryEntry(
  db: Queryable,
  userId: number,
  entryId: number,
): Promise<boolean> {
  const { rows } = await db.query('delete from play_history where id = $1 and user_id = $2 returning 1', [
    entryId,
    userId,
  ])
  return rows.length > 0
}

/** Deletes the user's whole play history; answers how many entries went. */
export async function clearPlayHistory(db: Queryable, userId: number): Promise<number> {
  const { rowCount } = await db.query('delete from play_history where user_id = $1', [userId])
  return rowCount ?? 0
}
