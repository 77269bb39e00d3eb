import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { type Answer, type LazyRequest, RawAnswer } from '@phrasereel/api/app'

/** Header the front sets to the socket's address (any copy sent by a client is dropped first). */
export const CLIENT_IP_HEADER = 'x-phrasereel-client-ip'

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/**
 * Builds a Fetch `Request` from a Node request, without buffering the body. The URL's origin follows the `Host`
 * header (so cookies and the CSRF origin check agree with what the browser sees), or `fallbackOrigin` when the
 * header is missing or malformed.
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
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit)
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
