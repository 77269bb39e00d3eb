/**
 * On-the-fly compression of server-rendered responses (Astro's SSR HTML): Brotli or gzip as the client's
 * `Accept-Encoding` allows, streamed as Astro writes, with `Vary: Accept-Encoding`. Left alone: HEAD requests,
 * bodiless statuses, ranges, bodies under `MIN_BYTES`, responses that already carry a `Content-Encoding`, types
 * that do not shrink (media, fonts, archives) and `Cache-Control: no-transform`. Built files are not handled
 * here: static-files.ts serves them precompressed.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { type BrotliCompress, type Gzip, constants, createBrotliCompress, createGzip } from 'node:zlib'

/** Bodies smaller than this go out as they are: a packet or two either way, and no encoder to run. */
export const MIN_BYTES = 1024

/** Brotli quality for dynamic pages: 5 compresses HTML better than gzip -6 at a similar speed (11 is for static). */
const BROTLI_QUALITY = 5
const GZIP_LEVEL = 6

const COMPRESSIBLE_TYPE =
  /^\s*(text\/|application\/(json|javascript|ecmascript|xml|xhtml\+xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|[\w.-]+\+json|[\w.-]+\+xml)|image\/svg\+xml)/i

export type Encoding = 'br' | 'gzip'

/** The encoding to use for an `Accept-Encoding` header (Brotli first; a `q=0` refuses one), or null. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null
  const value = Array.isArray(header) ? header.join(',') : header
  const accepted = new Map<string, number>()
  for (const part of value.split(',')) {
    const [rawName, ...params] = part.trim().split(';')
    const name = rawName?.trim().toLowerCase()
    if (!name) continue
    let q = 1
    for (const param of params) {
      const [key, v] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') q = Number(v?.trim() ?? '1')
    }
    accepted.set(name, Number.isFinite(q) ? q : 0)
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0
  const br = quality('br')
  const gzip = quality('gzip')
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return null
}

function appendVary(res: ServerResponse): void {
  const current = res.getHeader('vary')
  const list = current === undefined ? '' : Array.isArray(current) ? current.join(', ') : String(current)
  if (/(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(list)) return
  res.setHeader('vary', list ? `${list}, Accept-Encoding` : 'Accept-Encoding')
}

type WriteCallback = (error?: Error | null) => void
type Chunk = string | Uint8Array

/** A copy of the chunk as bytes (the writer may reuse its buffer after the call returns). */
function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding ?? 'utf8') : Buffer.from(chunk)
}

/**
 * Makes `res` compress what is written to it, when the response qualifies (decided once the head and the first
 * `MIN_BYTES` of body, or the whole body, are known). Call before handing `res` to the renderer.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  const method = req.method ?? 'GET'
  if (method !== 'GET' && method !== 'POST') return // HEAD has no body; other methods answer small JSON
  const encoding = negotiateEncoding(req.headers['accept-encoding'])

  const originalWrite = res.write.bind(res) as (chunk: Chunk, cb?: WriteCallback) => boolean
  const originalEnd = res.end.bind(res) as (cb?: () => void) => ServerResponse
  const originalWriteHead = res.writeHead.bind(res) as (
    status: number,
    messageOrHeaders?: string | OutgoingHttpHeaders | (string | string[])[],
    headers?: OutgoingHttpHeaders | (string | string[])[],
  ) => ServerResponse
  let decided = false
  let encoder: BrotliCompress | Gzip | null = null
  let pending: Buffer[] = []
  let pendingBytes = 0
  let flushScheduled = false

  const decide = (final: boolean): void => {
    decided = true
    const status = res.statusCode
    const type = String(res.getHeader('content-type') ?? '')
    const eligible =
      status >= 200 &&
      status !== 204 &&
      status !== 206 &&
      status !== 304 &&
      COMPRESSIBLE_TYPE.test(type) &&
      res.getHeader('content-encoding') === undefined &&
      res.getHeader('content-range') === undefined &&
      !/\bno-transform\b/i.test(String(res.getHeader('cache-control') ?? ''))
    if (eligible) appendVary(res) // the answer depends on Accept-Encoding, compressed this time or not
    const bodyBytes = final ? pendingBytes : Number.POSITIVE_INFINITY
    if (!eligible || !encoding || bodyBytes < MIN_BYTES || res.headersSent) {
      if (final && status !== 204 && status !== 304 && res.getHeader('content-length') === undefined) {
        res.setHeader('content-length', pendingBytes) // the whole body is here: send its length, not chunks
      }
      if (pending.length > 0) originalWrite(pending.length === 1 ? pending[0]! : Buffer.concat(pending))
      pending = []
      return
    }
    res.removeHeader('content-length')
    res.setHeader('content-encoding', encoding)
    const etag = res.getHeader('etag')
    if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('etag', `W/${etag}`)
    encoder =
      encoding === 'br'
        ? createBrotliCompress({
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              ...(final ? { [constants.BROTLI_PARAM_SIZE_HINT]: pendingBytes } : {}),
            },
          })
        : createGzip({ level: GZIP_LEVEL })
    encoder.on('data', (chunk: Buffer) => originalWrite(chunk))
    encoder.on('end', () => originalEnd())
    encoder.on('error', (error) => res.destroy(error))
    res.once('close', () => encoder?.destroy())
    for (const chunk of pending) encoder.write(chunk)
    pending = []
  }

  // Writes that arrive together are compressed together; once the renderer waits (for data, say), what it has
  // written so far is flushed to the client, so streaming still streams.
  const scheduleFlush = (): void => {
    if (flushScheduled) return
    flushScheduled = true
    setImmediate(() => {
      flushScheduled = false
      if (encoder && !encoder.writableEnded && !encoder.destroyed) encoder.flush()
    })
  }

  res.writeHead = function writeHead(
    this: ServerResponse,
    status: number,
    messageOrHeaders?: string | OutgoingHttpHeaders | (string | string[])[],
    maybeHeaders?: OutgoingHttpHeaders | (string | string[])[],
  ): ServerResponse {
    // Node sends the head itself on the first write (`_implicitHeader` calls writeHead): after the decision, that
    // is the real thing. Before it, the head is recorded on the response, so the decision can still change it.
    if (decided) return originalWriteHead(status, messageOrHeaders, maybeHeaders)
    const headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders
    if (typeof messageOrHeaders === 'string') this.statusMessage = messageOrHeaders
    this.statusCode = status
    if (Array.isArray(headers)) {
      const flat = (headers as (string | string[])[]).flat()
      for (let i = 0; i + 1 < flat.length; i += 2) this.appendHeader(flat[i]!, flat[i + 1]!)
    } else if (headers) {
      for (const [name, value] of Object.entries(headers))
        if (value !== undefined) this.setHeader(name, value)
    }
    return this
  } as ServerResponse['writeHead']

  res.write = function write(
    chunk: Chunk,
    encodingOrCallback?: BufferEncoding | WriteCallback,
    maybeCallback?: WriteCallback,
  ): boolean {
    const callback = typeof encodingOrCallback === 'function' ? encodingOrCallback : maybeCallback
    const buffer = toBuffer(chunk, typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined)
    if (!decided) {
      pending.push(buffer)
      pendingBytes += buffer.byteLength
      if (pendingBytes >= MIN_BYTES) decide(false)
      else {
        if (callback) process.nextTick(callback)
        return true
      }
    } else if (!encoder) {
      return originalWrite(buffer, callback)
    } else {
      encoder.write(buffer)
    }
    if (encoder) scheduleFlush()
    if (callback) process.nextTick(callback)
    return true
  } as ServerResponse['write']

  res.end = function end(
    chunkOrCallback?: Chunk | (() => void),
    encodingOrCallback?: BufferEncoding | (() => void),
    maybeCallback?: () => void,
  ): ServerResponse {
    let callback = maybeCallback
    if (typeof chunkOrCallback === 'function') callback = chunkOrCallback
    else if (typeof encodingOrCallback === 'function') callback = encodingOrCallback
    if (chunkOrCallback !== undefined && chunkOrCallback !== null && typeof chunkOrCallback !== 'function') {
      const buffer = toBuffer(
        chunkOrCallback,
        typeof encodingOrCallback === 'string' ? encodingOrCallback : undefined,
      )
      if (!decided) {
        pending.push(buffer)
        pendingBytes += buffer.byteLength
      } else if (encoder) encoder.write(buffer)
      else originalWrite(buffer)
    }
    if (!decided) decide(true) // the whole body is known: small ones go out as they are, with their length
    if (encoder) {
      if (callback) res.once('finish', callback)
      encoder.end()
    } else {
      originalEnd(callback)
    }
    return res
  } as ServerResponse['end']
}
