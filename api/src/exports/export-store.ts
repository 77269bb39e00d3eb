/** Data access of exports: the job rows (migration 052) and the clips an export reads, with their media files. */
import { type Pool, type Queryable, withTransaction } from '../db/connect.ts'
import type { ExportFormat, ExportSource, ExportStatus, ExportSummary } from '../shared/wire.ts'

/** One job row. */
export interface ExportRow {
  id: string
  user_id: number
  source: ExportSource
  collection_id: number | null
  format: ExportFormat
  language: string | null
  origin: string
  status: ExportStatus
  done: number
  total: number
  summary: ExportSummary | null
  detail: string | null
  file_name: string | null
  file_size: number | null
  worker: string
  heartbeat_at: Date
  created_at: Date
  expires_at: Date
}

/** What a new job is asked. */
export interface NewExport {
  id: string
  userId: number
  source: ExportSource
  collectionId: number | null
  format: ExportFormat
  language: string | null
  origin: string
  worker: string
  now: Date
  expiresAt: Date
}

/**
 * Inserts a queued job unless the user already has `maxActive` jobs queued or running whose process still
 * reports (heartbeat after `staleBefore`). The user's row is locked first, so parallel requests of one user are
 * counted one after the other; answers false when the limit is reached.
 */
export async function insertExport(
  pool: Pool,
  job: NewExport,
  maxActive: number,
  staleBefore: Date,
): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const owner = await client.query('select id from users where id = $1 for update', [job.userId])
    if (owner.rows.length === 0) return false
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from exports
       where user_id = $1 and status in ('queued', 'running') and heartbeat_at > $2`,
      [job.userId, staleBefore],
    )
    if ((rows[0]?.n ?? 0) >= maxActive) return false
    await client.query(
      `insert into exports (id, user_id, source, collection_id, format, language, origin, worker, heartbeat_at,
         created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10)`,
      [
        job.id,
        job.userId,
        job.source,
        job.collectionId,
        job.format,
        job.language,
        job.origin,
        job.worker,
        job.now,
        job.expiresAt,
      ],
    )
    return true
  })
}

/** A job by id, or null. */
export async function findExport(db: Queryable, id: string): Promise<ExportRow | null> {
  const { rows } = await db.query<ExportRow>('select * from exports where id = $1', [id])
  return rows[0] ?? null
}

/** Marks a job running with its number of items. */
export async function markExportRunning(db: Queryable, id: string, total: number, now: Date): Promise<void> {
  await db.query(
    `update exports set status = 'running', total = $2, done = 0, heartbeat_at = $3 where id = $1`,
    [id, total, now],
  )
}

/** Records how many items are done (and that the process still works on the job). */
export async function recordExportProgress(
  db: Queryable,
  id: string,
  done: number,
  now: Date,
): Promise<void> {
  await db.query('update exports set done = $2, heartbeat_at = $3 where id = $1', [id, done, now])
}

/** Records that this process still holds these jobs (queued or running). */
export async function touchExports(db: Queryable, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await db.query(
    `update exports set heartbeat_at = $2 where id = any($1::text[]) and status in ('queued', 'running')`,
    [ids, now],
  )
}

/** Marks a job done with its file and summary. */
export async function finishExport(
  db: Queryable,
  id: string,
  file: { name: string; size: number; summary: ExportSummary },
  now: Date,
): Promise<void> {
  await db.query(
    `update exports set status = 'done', done = total, file_name = $2, file_size = $3, summary = $4,
       heartbeat_at = $5 where id = $1`,
    [id, file.name, file.size, JSON.stringify(file.summary), now],
  )
}

/** Marks a job failed with the reason to show. */
export async function failExport(db: Queryable, id: string, detail: string, now: Date): Promise<void> {
  await db.query(`update exports set status = 'failed', detail = $2, heartbeat_at = $3 where id = $1`, [
    id,
    detail,
    now,
  ])
}

/** Deletes the jobs past their expiry and answers their ids (their files go too, by the caller). */
export async function deleteExpiredExports(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('delete from exports where expires_at <= $1 returning id', [
    now,
  ])
  return rows.map((row) => row.id)
}

/** A clip as an export needs it: its text, source, translation and media file names. */
export interface ExportClip {
  chunkId: number
  contentId: number
  playFile: string
  thumbnailFile: string | null
  chunkType: string
  transcript: string
  name: string
  part: string | null
  year: number | null
  /** The translated line in the asked language, or null. */
  translation: string | null
}

interface ClipRow {
  id: number
  content_metadata_id: number
  play_file_name: string
  thumbnail_file_name: string | null
  chunk_type: string
  transcribed_text: string
  name: string
  content_part: string | null
  release_year: number | null
  translation: string | null
}

const CLIP_COLUMNS = `c.id, c.content_metadata_id, c.play_file_name, c.thumbnail_file_name, c.chunk_type,
  c.transcribed_text, m.name, m.content_part, m.release_year,
  (select t.translation_data ->> 'translated_phrase' from chunk_translations t
   where t.chunk_id = c.id and t.language = $2::text) as translation`

function toClip(row: ClipRow): ExportClip {
  return {
    chunkId: row.id,
    contentId: row.content_metadata_id,
    playFile: row.play_file_name,
    thumbnailFile: row.thumbnail_file_name,
    chunkType: row.chunk_type,
    transcript: row.transcribed_text,
    name: row.name,
    part: row.content_part,
    year: row.release_year,
    translation: row.translation,
  }
}

/** Enabled clips by id, in the order of `ids` (missing or disabled ones left out). */
export async function findExportClips(
  db: Queryable,
  ids: number[],
  language: string | null,
): Promise<ExportClip[]> {
  if (ids.length === 0) return []
  const { rows } = await db.query<ClipRow>(
    `select ${CLIP_COLUMNS} from content_chunks c join content_metadata m on m.id = c.content_metadata_id
     where c.id = any($1::bigint[]) and c.enabled`,
    [ids, language],
  )
  const byId = new Map(rows.map((row) => [row.id, toClip(row)]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}
