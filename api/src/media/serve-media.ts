import { createReadStream } from 'node:fs'
import { open, realpath } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { NotFoundError } from '../http/errors.ts'

/** Content types of the files ingest writes (and a few more a content team may drop in). */
const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.wav': 'audio/wav',
  '.json': 'application/json; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
}

// Media files are written once by ingest and never change under the same name.
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Serves `relativePath` (the URL path below `/media/`, still percent-encoded) from `root`, with single-range
 * requests (206/416), a strong ETag, conditional requests and immutable caching. Anything that would leave the
 * root (`..`, encoded slashes or backslashes, NUL, absolute paths, symlinks pointing out) is a 404.
 */
export async function serveMedia(root: string, relativePath: string, request: Request): Promise<Response> {
  const segments = decodeSegments(relativePath)
  if (!segments) throw new NotFoundError('File not found')
  const rootReal = await realpath(root).catch(() => null)
  if (!rootReal) throw new NotFoundError('File not found')
  const candidate = path.join(rootReal, ...segments)
  const real = await realpath(candidate).catch(() => null)
  if (!real?.startsWith(rootReal + path.sep)) throw new NotFoundError('File not found')

  const handle = await open(real, 'r').catch(() => null)
  if (!handle) throw new NotFoundError('File not found')
  let keepOpen = false
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw new NotFoundError('File not found')
    const size = stat.size
    const etag = `"${size.toString(16)}-${Math.trunc(stat.mtimeMs).toString(16)}"`
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
      'cache-control': IMMUTABLE,
      etag,
      'last-modified': stat.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
      // Public clips: the embeddable player on other sites fetches segment JSON (no credentials are ever sent).
      'access-control-allow-origin': '*',
    }
    if (ifNoneMatch(request.headers.get('if-none-match'), etag)) {
      return new Response(null, {
        status: 304,
        headers: { etag, 'cache-control': IMMUTABLE, 'access-control-allow-origin': '*' },
      })
    }
    let range = parseRange(request.headers.get('range'), size)
    const ifRange = request.headers.get('if-range')
    if (range && ifRange && ifRange !== etag) range = null // the client's copy is stale: send it all
    if (range === 'unsatisfiable') {
      return new Response(JSON.stringify({ detail: 'Requested range not satisfiable' }), {
        status: 416,
        headers: { 'content-range': `bytes */${size}`, 'content-type': 'application/json; charset=utf-8' },
      })
    }
    const start = range ? range.start : 0
    const end = range ? range.end : size - 1
    const length = size === 0 ? 0 : end - start + 1
    headers['content-length'] = String(length)
    if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`
    const status = range ? 206 : 200
    if (request.method === 'HEAD' || length === 0) return new Response(null, { status, headers })
    const stream = createReadStream('', { fd: handle, start, end, autoClose: true })
    keepOpen = true
    return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers })
  } finally {
    if (!keepOpen) await handle.close()
  }
}

function decodeSegments(relativePath: string): string[] | null {
  const raw = relativePath.split('/')
  const segments: string[] = []
  for (const part of raw) {
    if (part === '') continue
    let decoded: string
    try {
      decoded = decodeURIComponent(part)
    } catch {
      return null
    }
    if (decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded) || path.isAbsolute(decoded))
      return null
    segments.push(decoded)
  }
  return segments.length > 0 ? segments : null
}

function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** A single byte range, `'unsatisfiable'`, or null when the header is absent or not one we honour (then: 200). */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null // multiple ranges or other units: answer the whole file, as RFC 9110 allows
  const [, first, last] = match
  if (first === '' && last === '') return null
  let start: number
  let end: number
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(first)
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
    if (last !== '' && Number(last) < start) return null
  }
  if (start >= size || size === 0) return 'unsatisfiable'
  return { start, end }
}
