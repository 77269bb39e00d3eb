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

/** The caller's like and save of a content item; null when the content item does not exist. */
export async function findContentStatus(
  db: Queryable,
  userId: number,
  contentMetadataId: number,
): Promise<ContentStatus | null> {
  const { rows } = await db.query<ContentStatus>(
    `select exists (select 1 from likes where user_id = $1 and content_metadata_id = m.id) as is_liked,
       exists (select 1 from saves where user_id = $1 and content_metadata_id = m.id) as is_saved
     from content_metadata m where m.id = $2`,
    [userId, contentMetadataId],
  )
  return rows[0] ?? null
}

/**
 * Puts a like or save on a content item (idempotent: a second call keeps the first one's time and clip). The clip
 * it remembers is `chunkId` when given, else the clip of that item the user played last (docs/decisions/030).
 * Answers false when the content item does not exist, or it or the clip vanished under a concurrent delete.
 */
export async function addMark(
  db: Queryable,
  kind: MarkKind,
  userId: number,
  contentMetadataId: number,
  chunkId: number | null,
  now: Date,
): Promise<boolean> {
  try {
    const { rows } = await db.query(
      `with ins as (
       insert into ${MARK_TABLES[kind]} (user_id, content_metadata_id, content_chunk_id, created_at)
       select $1, m.id, coalesce($3::bigint, (
           select ph.content_chunk_id from play_history ph
           where ph.user_id = $1 and ph.content_metadata_id = m.id
           order by ph.played_at desc limit 1)), $4
       from content_metadata m where m.id = $2
       on conflict (user_id, content_metadata_id) do nothing
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

/** Takes a like or save off (idempotent). Answers false when the content item does not exist. */
export async function removeMark(
  db: Queryable,
  kind: MarkKind,
  userId: number,
  contentMetadataId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `with del as (delete from ${MARK_TABLES[kind]} where user_id = $1 and content_metadata_id = $2)
     select 1 from content_metadata where id = $2`,
    [userId, contentMetadataId],
  )
  return rows.length > 0
}

/**
 * The user's liked or saved content items as clips, newest mark first. Each item is shown by the clip remembered
 * with the mark when it is still enabled, else by the item's first enabled clip; items with no enabled clip are
 * left out (a disabled clip disappears from these lists at once).
 */
export async function listMarkedChunks(
  db: Queryable,
  mediaBase: string,
  kind: MarkKind,
  userId: number,
  page: Page,
): Promise<Chunk[]> {
  // Page over the marks first (one index range of this user's marks), then find the clip of only those rows.
  const { rows } = await db.query<ChunkRow>(
    `with page as (
       select mk.content_metadata_id, mk.content_chunk_id, mk.created_at
       from ${MARK_TABLES[kind]} mk
       where mk.user_id = $1
         and exists (select 1 from content_chunks e where e.content_metadata_id = mk.content_metadata_id and e.enabled)
       order by mk.created_at desc, mk.content_metadata_id desc
       limit $2 offset $3
     )
     select ${CHUNK_COLUMNS}
     from page
     cross join lateral (
       select coalesce(
         (select rc.id from content_chunks rc where rc.id = page.content_chunk_id and rc.enabled),
         (select fc.id from content_chunks fc where fc.content_metadata_id = page.content_metadata_id and fc.enabled
          order by fc.chunk_order limit 1)) as chunk_id
     ) pick
     join content_chunks c on c.id = pick.chunk_id
     join content_metadata m on m.id = c.content_metadata_id
     order by page.created_at desc, page.content_metadata_id desc`,
    [userId, page.limit, page.offset],
  )
  return rows.map((row) => toChunk(row, mediaBase))
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
  const { rows } = await db.query<ChunkRow & { played_at: Date }>(
    `select ${CHUNK_COLUMNS}, ph.played_at
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
    return { chunk, content: chunk.content_metadata, played_at: row.played_at.toISOString() }
  })
}

/**
 * A foreign-key violation (SQLSTATE 23503): the content item or clip a write refers to was deleted between the
 * caller's check and the write, which answers as if it had not existed.
 */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503'
}
