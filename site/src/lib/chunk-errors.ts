/** The /play error card texts of spec §8 (chunk page) for a failed chunk fetch. */
import { ApiError } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { fill } from './format.ts'

/** 'Chunk not found' (404), 'Failed to fetch chunk data: {status} {statusText}', else 'Failed to load chunk data'. */
export function chunkErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return MESSAGES.chunkNotFound
  if (error instanceof ApiError && error.status > 0) {
    return fill(MESSAGES.chunkFetchFailed, { status: error.status, statusText: error.statusText })
  }
  return MESSAGES.chunkLoadFailed
}
