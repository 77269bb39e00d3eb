import type { Queryable } from '../db/connect.ts'
import { mediaUrl } from '../media/media-url.ts'
import type { Chunk, ChunkLink, ContentMetadata, Translation } from './types.ts'

/** Columns that every query answering public chunks selects; pair with `toChunk`. Alias `c` for chunks, `m` for metadata. */
export const CHUNK_COLUMNS = `c.id, c.play_file_name, c.segment_file_name, c.thumbnail_file_name, c.transcribed_text,
  c.chunk_type, c.chunk_duration, m.id as metadata_id, m.name, m.content_part, m.content_category, m.genre,
  m.release_year, m.external_link`

/** A row selected with `CHUNK_COLUMNS`: the chunk's columns and its content metadata (id as `metadata_id`). */
export interface ChunkRow extends Omit<ContentMetadata, 'id'> {
  id: number
  play_file_name: string
  segment_file_name: string | null
  thumbnail_file_name: string | null
  transcribed_text: string
  chunk_type: string
  chunk_duration: number
  metadata_id: number
}

/** Maps a row selected with `CHUNK_COLUMNS` to the public chunk shape. */
export function toChunk(row: ChunkRow, mediaBase: string): Chunk {
  return {
    id: row.id,
    play_s3_url: mediaUrl(mediaBase, row.metadata_id, row.play_file_name),
    segment_s3_url: mediaUrl(mediaBase, row.metadata_id, row.segment_file_name),
    thumbnail_s3_url: mediaUrl(mediaBase, row.metadata_id, row.thumbnail_file_name),
    transcribed_text: row.transcribed_text,
    chunk_type: row.chunk_type,
    chunk_duration: row.chunk_duration,
    content_metadata: toContentMetadata(row),
  }
}

function toContentMetadata(row: ChunkRow): ContentMetadata {
  return {
    id: row.metadata_id,
    name: row.name,
    content_part: row.content_part,
    content_category: row.content_category,
    genre: row.genre,
    release_year: row.release_year,
    external_link: row.external_link,
  }
}

/** An enabled chunk by id, or null. */
export async function findChunk(db: Queryable, mediaBase: string, chunkId: number): Promise<Chunk | null> {
  const { rows } = await db.query<ChunkRow>(
    `select ${CHUNK_COLUMNS} from content_chunks c join content_metadata m on m.id = c.content_metadata_id
     where c.id = $1 and c.enabled`,
    [chunkId],
  )
  return rows[0] ? toChunk(rows[0], mediaBase) : null
}

/** The enabled chunk with the lowest id (a stable example clip, e.g. for the embedding guide), or null. */
export async function findFirstChunk(db: Queryable, mediaBase: string): Promise<Chunk | null> {
  const { rows } = await db.query<ChunkRow>(
    `select ${CHUNK_COLUMNS} from content_chunks c join content_metadata m on m.id = c.content_metadata_id
     where c.enabled order by c.id limit 1`,
  )
  return rows[0] ? toChunk(rows[0], mediaBase) : null
}

/** Enabled chunks by ids, in the order of `ids` (missing or disabled ones left out). */
export async function findChunks(db: Queryable, mediaBase: string, ids: number[]): Promise<Chunk[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<ChunkRow>(
    `select ${CHUNK_COLUMNS} from content_chunks c join content_metadata m on m.id = c.content_metadata_id
     where c.id = any($1::bigint[]) and c.enabled`,
    [ids],
  )
  const byId = new Map(rows.map((row) => [row.id, toChunk(row, mediaBase)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** Clips per random starting point in `randomChunks`. */
export const RANDOM_RUN_LENGTH = 3

/** What a random pick draws from: one genre (compared trimmed and lowercased), and clips to leave out. */
export interface RandomFilter {
  genre?: string | null
  exclude?: readonly number[]
}

// the filter as a condition on content_chunks, with the genre as $g and the excluded ids as $x
const randomFilterSql = (g: number, x: number) =>
  `($${g}::text is null or content_metadata_id in (
     select gm.id from content_metadata gm where lower(btrim(gm.genre)) = $${g}))
   and not (id = any($${x}::bigint[]))`

/**
 * `limit` random enabled chunks, no chunk twice. Each chunk carries a uniform `random_key`; the answer is short
 * runs of consecutive keys (`RANDOM_RUN_LENGTH`) from several random points on the key circle, each an index range
 * scan, so the cost does not grow with the table as `ORDER BY random()` does. Several independent points (rather
 * than one run of `limit` keys) make two calls practically never give the same page, and spread each page over the
 * catalogue. When runs overlap or the catalogue is small, one run of keys from another random point fills up.
 * `filter` narrows the draw to one genre and leaves out clips the caller already shows (the home feed's pages,
 * issue 17): fewer than `limit` clips come back only when the genre has no more.
 */
export async function randomChunks(
  db: Queryable,
  mediaBase: string,
  limit: number,
  filter: RandomFilter = {},
): Promise<Chunk[]> {
  if (limit < 1) return []
  const genre = filter.genre?.trim().toLowerCase() || null
  const exclude = [...(filter.exclude ?? [])]
  const points = Array.from({ length: Math.ceil(limit / RANDOM_RUN_LENGTH) }, () => Math.random())
  // The points are bound parameters, so that every branch is an index range scan (a random() inside the query
  // becomes a join filter over the whole index). `k` is the distance from the point round the key circle: keys
  // from the point on first, then the lowest keys (wrapping around).
  const { rows } = await db.query<ChunkRow & { ord: number; k: number }>(
    `with points as (select p, ord from unnest($1::float8[]) with ordinality as t(p, ord)),
     runs as (
       select r.id, points.ord, r.k from points cross join lateral (
         (select id, random_key - points.p as k from content_chunks
          where enabled and random_key >= points.p and ${randomFilterSql(4, 5)} order by random_key limit $2)
         union all
         (select id, random_key - points.p + 1 as k from content_chunks
          where enabled and random_key < points.p and ${randomFilterSql(4, 5)} order by random_key limit $2)
         order by k limit $2
       ) r
     ),
     ids as (select distinct on (id) id, ord, k from runs order by id, ord, k)
     select ${CHUNK_COLUMNS}, ids.ord, ids.k from ids join content_chunks c on c.id = ids.id
     join content_metadata m on m.id = c.content_metadata_id
     order by ids.ord, ids.k
     limit $3`,
    [points, RANDOM_RUN_LENGTH, limit, genre, exclude],
  )
  const picked = rows.map((row) => toChunk(row, mediaBase))
  if (picked.length < limit) {
    const seen = new Set(picked.map((chunk) => chunk.id))
    for (const chunk of await chunkRun(db, mediaBase, Math.random(), limit + picked.length, {
      genre,
      exclude,
    })) {
      if (picked.length >= limit) break
      if (seen.has(chunk.id)) continue
      seen.add(chunk.id)
      picked.push(chunk)
    }
  }
  return picked
}

/** Up to `length` enabled chunks by `random_key` from `start` on, wrapping around to the lowest keys. */
export async function chunkRun(
  db: Queryable,
  mediaBase: string,
  start: number,
  length: number,
  filter: RandomFilter = {},
): Promise<Chunk[]> {
  const genre = filter.genre?.trim().toLowerCase() || null
  const { rows } = await db.query<ChunkRow>(
    `with picked as (
       (select id, random_key - $2 as k from content_chunks
        where enabled and random_key >= $2 and ${randomFilterSql(3, 4)} order by random_key limit $1)
       union all
       (select id, random_key - $2 + 1 as k from content_chunks
        where enabled and random_key < $2 and ${randomFilterSql(3, 4)} order by random_key limit $1)
     ),
     ids as (select id, k from picked order by k limit $1)
     select ${CHUNK_COLUMNS} from ids join content_chunks c on c.id = ids.id
     join content_metadata m on m.id = c.content_metadata_id
     order by ids.k`,
    [length, start, genre, [...(filter.exclude ?? [])]],
  )
  return rows.map((row) => toChunk(row, mediaBase))
}

/** The next or previous enabled chunk of the same content item, or null at either end. */
export async function navigateChunk(
  db: Queryable,
  mediaBase: string,
  contentMetadataId: number,
  chunkId: number,
  direction: 'next' | 'previous',
): Promise<ChunkLink | null> {
  const next = direction === 'next'
  const { rows } = await db.query<{ id: number; play_file_name: string; segment_file_name: string | null }>(
    `select n.id, n.play_file_name, n.segment_file_name
     from content_chunks cur
     join content_chunks n on n.content_metadata_id = cur.content_metadata_id and n.enabled
       and n.chunk_order ${next ? '>' : '<'} cur.chunk_order
     where cur.id = $2 and cur.content_metadata_id = $1
     order by n.chunk_order ${next ? 'asc' : 'desc'}
     limit 1`,
    [contentMetadataId, chunkId],
  )
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    play_s3_url: mediaUrl(mediaBase, contentMetadataId, row.play_file_name),
    segment_s3_url: mediaUrl(mediaBase, contentMetadataId, row.segment_file_name),
  }
}

/** URL of a segment or thumbnail file that belongs to an enabled chunk of the content item, or null. */
export async function findMediaFileUrl(
  db: Queryable,
  mediaBase: string,
  contentMetadataId: number,
  fileName: string,
): Promise<string | null> {
  const { rows } = await db.query(
    `select 1 from content_chunks where content_metadata_id = $1 and enabled
     and (segment_file_name = $2 or thumbnail_file_name = $2) limit 1`,
    [contentMetadataId, fileName],
  )
  return rows.length > 0 ? mediaUrl(mediaBase, contentMetadataId, fileName) : null
}

/** Id of the enabled chunk with this play file in the content item, or null. */
export async function findChunkIdByPlayFile(
  db: Queryable,
  contentMetadataId: number,
  playFileName: string,
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    'select id from content_chunks where content_metadata_id = $1 and play_file_name = $2 and enabled',
    [contentMetadataId, playFileName],
  )
  return rows[0]?.id ?? null
}

/** Translations of an enabled chunk, by language; null when the chunk is unknown or disabled. */
export async function findTranslations(db: Queryable, chunkId: number): Promise<Translation[] | null> {
  const { rows } = await db.query<{
    enabled: boolean
    language: string | null
    translation_data: Translation['translation_data']
    translation_literal_data: Translation['translation_literal_data']
    translation_comprehension_data: Translation['translation_comprehension_data']
  }>(
    `select c.enabled, t.language, t.translation_data, t.translation_literal_data, t.translation_comprehension_data
     from content_chunks c left join chunk_translations t on t.chunk_id = c.id
     where c.id = $1 and c.enabled order by t.language`,
    [chunkId],
  )
  if (rows.length === 0) return null
  return rows
    .filter((row) => row.language !== null)
    .map((row) => ({
      translated_language: row.language!,
      translation_data: row.translation_data,
      translation_literal_data: row.translation_literal_data,
      translation_comprehension_data: row.translation_comprehension_data,
    }))
}

/** Totals of enabled chunks and of their words, as last recomputed by a writer. */
export async function contentTotals(db: Queryable): Promise<{ chunks: number; words: number }> {
  const { rows } = await db.query<{ chunk_count: number; word_count: number }>(
    'select chunk_count, word_count from content_stats where id = 1',
  )
  return { chunks: rows[0]?.chunk_count ?? 0, words: rows[0]?.word_count ?? 0 }
}

/** Recomputes the totals; every writer that adds, removes, enables or disables chunks calls it. */
export async function refreshContentTotals(db: Queryable): Promise<void> {
  await db.query(
    `update content_stats set
       chunk_count = (select count(*) from content_chunks where enabled),
       word_count = (select coalesce(sum(word_count), 0) from content_chunks where enabled),
       updated_at = now()
     where id = 1`,
  )
}
