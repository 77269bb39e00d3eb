import { isDatabaseUnavailable } from '../db/connect.ts'
import { log } from '../log.ts'
import { ApiError, ServiceUnavailableError } from './errors.ts'

const JSON_TYPE = 'application/json; charset=utf-8'

/** A JSON answer. */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': JSON_TYPE, ...headers },
  })
}

/**
 * An answer whose body is already a string: status, plain headers and the text. Building a Fetch `Response`
 * costs more than the rest of a hot read (about 10 µs, then its body has to be read back out of a stream), so
 * the hottest routes answer this instead; the front writes it to the socket in one call (`writeAnswer` in
 * site/server/node-bridge.ts), and `toResponse()` makes a real `Response` for callers of the Fetch handler.
 */
export class RawAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string

  constructor(status: number, headers: Readonly<Record<string, string>>, body: string) {
    this.status = status
    this.headers = headers
    this.body = body
  }

  toResponse(head = false): Response {
    return new Response(head ? null : this.body, { status: this.status, headers: this.headers })
  }
}

/** A JSON answer as a `RawAnswer`; `body` may be a value or JSON text already serialized. */
export function rawJson(
  data: unknown,
  status = 200,
  headers: Readonly<Record<string, string>> = {},
): RawAnswer {
  return new RawAnswer(status, { 'content-type': JSON_TYPE, ...headers }, JSON.stringify(data))
}

/** What a route may answer: a Fetch `Response`, or a `RawAnswer` for hot, small JSON reads. */
export type Answer = Response | RawAnswer

/** An empty 204 answer. */
export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers })
}

/** Turns anything thrown by a handler into a `{ "detail": … }` answer; unexpected errors are logged, never shown. */
export function errorResponse(error: unknown, request?: { url: string; method: string }): Response {
  if (error instanceof ApiError) {
    return json({ detail: error.detail }, error.status, error.headers)
  }
  if (isDatabaseUnavailable(error)) {
    log.warn('database unavailable', {
      url: request?.url,
      method: request?.method,
      error: (error as Error).message,
    })
    const unavailable = new ServiceUnavailableError()
    return json({ detail: unavailable.detail }, unavailable.status, unavailable.headers)
  }
  log.error('unhandled error', { url: request?.url, method: request?.method, error })
  return json({ detail: 'Internal server error' }, 500)
}
