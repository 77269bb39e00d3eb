import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { type Answer, type LazyRequest, RawAnswer } from '@phrasereel/api'
import { BadRequestError, MAX_JSON_BODY_BYTES, PayloadTooLargeError } from '@phrasereel/api/server'
import { MESSAGES } from '@phrasereel/api/shared/messages'

/** Header the front sets to the socket's address (any copy sent by a client is dropped first). */
export const CLIENT_IP_HEADER = 'x-phrasereel-client-ip'

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/**
 * Builds a Fetch `Request` from a Node request, without buffering the body, which is cut off past the largest
 * body the API accepts (`boundedBody`). The URL's origin follows the `Host` header (so cookies and the CSRF
 * origin check agree with what the browser sees), or `fallbackOrigin` when the header is missing or malformed.
 */
export function toWebRequest(req: IncomingMessage, fallbackOrigin: string): Request {
  const origin = originOf(req, fallbackOrigin)
  const headers = new Headers()
  const raw = req.rawHeaders
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!
    if (name.startsWith(':') || name.toLowerCase() === CLIENT_IP_HEADER) continue
    headers.append(name, raw[i + 1]!)
  }
  headers.set(CLIENT_IP_HEADER, req.socket.remoteAddress ?? 'unknown')
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const controller = new AbortController()
  if (req.destroyed && !req.complete) controller.abort()
  else
    req.once('close', () => {
      if (!req.complete) controller.abort()
    })
  return new Request(origin + (req.url ?? '/'), {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: boundedBody(req, MAX_JSON_BODY_BYTES), duplex: 'half' } : {}),
  } as RequestInit)
}

/**
 * The body of `req` as a web stream that takes at most `limit` bytes off the Node stream: past them it fails with
 * a 413 and leaves the request paused, and the answer then closes the connection (`closeIfBodyUnread`) instead of
 * reading the rest. Built here rather than with `Readable.toWeb`, whose adapter enqueues a `data` event already
 * under way when the reader cancels; that throws out of an event handler and ends the process
 * (nodejs/node#64529, issue 13). Backpressure: the request is paused whenever the stream's queue is full and
 * resumed when its reader pulls. A client gone before the end fails the stream with a 400.
 */
export function boundedBody(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let received = 0
  let settled = false
  let controller: ReadableStreamDefaultController<Uint8Array>
  const settle = () => {
    settled = true
    req.off('data', onData)
    req.off('end', onEnd)
    req.off('error', onCutOff)
    req.off('close', onCutOff)
    req.pause()
  }
  const onData = (chunk: Buffer) => {
    if (settled) return
    received += chunk.byteLength
    if (received > limit) {
      settle()
      controller.error(new PayloadTooLargeError(limit))
      return
    }
    controller.enqueue(new Uint8Array(chunk)) // a copy: the queue holds no view of the socket's buffers
    if ((controller.desiredSize ?? 0) <= 0) req.pause()
  }
  const onEnd = () => {
    if (settled) return
    settle()
    controller.close()
  }
  // 'close' before 'end' (or an 'error') is a client that went away midway: the rest will never come
  const onCutOff = () => {
    if (settled) return
    settle()
    controller.error(new BadRequestError(MESSAGES.bodyIncomplete))
  }
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        req.pause()
        req.on('data', onData)
        req.on('end', onEnd)
        req.on('error', onCutOff)
        req.on('close', onCutOff)
      },
      pull() {
        if (!settled) req.resume()
      },
      cancel() {
        if (!settled) settle()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
}

/**
 * An answer sent before the request's body has all arrived (refused early, or past the limit) closes the
 * connection after it, so the server neither reads nor discards the rest of that body.
 */
function closeIfBodyUnread(res: ServerResponse): void {
  if (!res.req.complete) res.setHeader('connection', 'close')
}

/** Origin of a request's URL: the `Host` header when well-formed, else `fallbackOrigin`. */
function originOf(req: IncomingMessage, fallbackOrigin: string): string {
  const host = req.headers.host
  return host && HOST_PATTERN.test(host) ? `http://${host}` : fallbackOrigin
}

/**
 * The request as the API's `dispatch` takes it: method and absolute URL now, the Fetch `Request` (built by
 * `toWebRequest`, exactly as before) only when a route reads headers or body.
 */
export class NodeLazyRequest implements LazyRequest {
  readonly method: string
  readonly url: string
  readonly #req: IncomingMessage
  readonly #fallbackOrigin: string
  #request: Request | undefined

  constructor(req: IncomingMessage, fallbackOrigin: string) {
    this.#req = req
    this.#fallbackOrigin = fallbackOrigin
    this.method = req.method ?? 'GET'
    this.url = originOf(req, fallbackOrigin) + (req.url ?? '/')
  }

  get request(): Request {
    this.#request ??= toWebRequest(this.#req, this.#fallbackOrigin)
    return this.#request
  }
}

/** Writes what the API answered: a `RawAnswer` in one write (no body for HEAD), a `Response` as below. */
export async function writeAnswer(answer: Answer, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!(answer instanceof RawAnswer)) return writeWebResponse(answer, res)
  closeIfBodyUnread(res)
  res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) })
  res.end(req.method === 'HEAD' ? undefined : answer.body)
}

const SMALL_BODY_BYTES = 64 * 1024

/** Writes a Fetch `Response` to a Node response; small bodies in one write, large ones streamed with backpressure. */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  closeIfBodyUnread(res)
  if (!response.body) {
    res.writeHead(response.status, headers)
    res.end()
    return
  }
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  // API answers (JSON without a declared length) are small: one write. Media with a large length: stream.
  if (!(length > SMALL_BODY_BYTES)) {
    const body = Buffer.from(await response.arrayBuffer())
    headers['content-length'] = String(body.byteLength)
    res.writeHead(response.status, headers)
    res.end(body)
    return
  }
  res.writeHead(response.status, headers)
  const stream = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)
  await new Promise<void>((resolve) => {
    stream.once('error', () => {
      res.destroy()
      resolve()
    })
    res.once('close', () => {
      stream.destroy()
      resolve()
    })
    stream.pipe(res)
  })
}
