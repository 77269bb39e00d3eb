/**
 * Exports of saved clips and collections to Anki (`.apkg`) and CSV (issue 18, docs/decisions/091): taking a job,
 * answering its status and handing over its file. Only the user who asked may read a job or its file.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { findCollection } from '../collections/collection-store.ts'
import type { AppContext } from '../context.ts'
import { NotFoundError, TooManyRequestsError, ValidationError } from '../http/errors.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import type { ExportJob } from '../shared/wire.ts'
import { exportFilePath } from './export-build.ts'
import { exportRunner, WORKER_ID } from './export-runner.ts'
import { countMarked } from '../user-content/user-content.ts'
import { type ExportRow, findExport, insertExport } from './export-store.ts'
import { findFfmpeg } from './media-cut.ts'

/** Body of `POST /api/exports`. */
export const exportBody = z.strictObject({
  source: z.enum(['saved', 'collection']),
  collection_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  format: z.enum(['apkg', 'csv']),
  lang: z
    .string()
    .regex(/^[a-z]{2}$/, 'lang must be a two-letter language code')
    .nullish(),
})
export type ExportBody = z.infer<typeof exportBody>

/** The id format of a job (16 random bytes, base64url). */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** Takes an export job for `userId` and queues it in this process; answers the job as `getExport` would. */
export async function startExport(
  ctx: AppContext,
  userId: number,
  body: ExportBody,
  origin: string,
): Promise<ExportJob> {
  let collectionId: number | null = null
  if (body.source === 'collection') {
    if (body.collection_id === undefined || body.collection_id === null) {
      throw new ValidationError('collection_id is required when source is collection')
    }
    collectionId = body.collection_id
    const collection = await findCollection(ctx.db, collectionId, userId)
    // read access as the collection page has: public, or the caller's own
    if (!collection || (!collection.is_public && collection.ownerId !== userId)) {
      throw new NotFoundError(MESSAGES.collectionNotFound)
    }
    if (collection.members_count === 0) throw new ValidationError(MESSAGES.exportNothing)
  } else {
    if (body.collection_id !== undefined && body.collection_id !== null) {
      throw new ValidationError('collection_id is only for source collection')
    }
    if ((await countMarked(ctx, 'save', userId)) === 0) throw new ValidationError(MESSAGES.exportNothing)
  }
  if (body.format === 'apkg' && !findFfmpeg(ctx.config.FFMPEG_PATH)) {
    throw new ValidationError(MESSAGES.exportNoFfmpeg)
  }
  const now = ctx.now()
  const id = randomBytes(16).toString('base64url')
  const taken = await insertExport(
    ctx.db,
    {
      id,
      userId,
      source: body.source,
      collectionId,
      format: body.format,
      language: body.lang ?? null,
      origin,
      worker: WORKER_ID,
      now,
      expiresAt: new Date(now.getTime() + LIMITS.exportKeepMinutes * 60_000),
    },
    LIMITS.exportActivePerUser,
    staleBefore(ctx),
  )
  if (!taken) throw new TooManyRequestsError(MESSAGES.exportTooMany, 10)
  // read before it is queued: the answer is the job as taken (queued), however fast it then runs
  const job = await getExport(ctx, userId, id)
  exportRunner(ctx).enqueue(id)
  return job
}

/** A job of `userId` by id; 404 when it is unknown, expired or someone else's. */
export async function getExport(ctx: AppContext, userId: number, id: string): Promise<ExportJob> {
  return toJob(ctx, await ownExport(ctx, userId, id))
}

/** The finished file of a job, as a download answer. */
export async function openExportFile(
  ctx: AppContext,
  userId: number,
  id: string,
): Promise<{ body: ReadableStream; size: number; fileName: string; format: ExportRow['format'] }> {
  const row = await ownExport(ctx, userId, id)
  if (row.status !== 'done' || !row.file_name) throw new NotFoundError(MESSAGES.exportNotReady)
  const file = exportFilePath(ctx, row)
  const info = await stat(file).catch(() => null)
  if (!info) throw new NotFoundError(MESSAGES.exportNotFound)
  return {
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    size: info.size,
    fileName: row.file_name,
    format: row.format,
  }
}

async function ownExport(ctx: AppContext, userId: number, id: string): Promise<ExportRow> {
  if (!ID_PATTERN.test(id)) throw new NotFoundError(MESSAGES.exportNotFound)
  const row = await findExport(ctx.db, id)
  if (!row || row.user_id !== userId || row.expires_at.getTime() <= ctx.now().getTime()) {
    throw new NotFoundError(MESSAGES.exportNotFound)
  }
  return row
}

/** Before this time, a queued or running job's process has gone quiet for too long: it was interrupted. */
function staleBefore(ctx: AppContext): Date {
  return new Date(ctx.now().getTime() - LIMITS.exportStaleSeconds * 1000)
}

function toJob(ctx: AppContext, row: ExportRow): ExportJob {
  const interrupted =
    (row.status === 'queued' || row.status === 'running') &&
    row.heartbeat_at.getTime() < staleBefore(ctx).getTime()
  const job: ExportJob = {
    id: row.id,
    status: interrupted ? 'failed' : row.status,
    source: row.source,
    format: row.format,
    progress: { done: row.done, total: row.total },
    expires_at: row.expires_at.toISOString(),
  }
  if (interrupted) job.detail = MESSAGES.exportInterrupted
  else if (row.status === 'failed') job.detail = row.detail ?? MESSAGES.exportFailed
  if (row.status === 'done' && row.file_name) {
    job.download_url = `/api/exports/${row.id}/file`
    job.file_name = row.file_name
    if (row.summary) job.summary = row.summary
  }
  return job
}
