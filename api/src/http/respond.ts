import { ApiError } from './errors.ts'
import { log } from '../log.ts'

/** A JSON answer. */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

/** An empty 204 answer. */
export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers })
}

/** Turns anything thrown by a handler into a `{ "detail": … }` answer; unexpected errors are logged, never shown. */
export function errorResponse(error: unknown, request?: Request): Response {
  if (error instanceof ApiError) {
    return json({ detail: error.detail }, error.status, error.headers)
  }
  log.error('unhandled error', { url: request?.url, method: request?.method, error })
  return json({ detail: 'Internal server error' }, 500)
}
