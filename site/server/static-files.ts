import { createHash } from 'node:crypto'
import { readFile, readdir, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiateEncoding } from './compress.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.map',
])

interface StaticFile {
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  type: string
  etag: string
  cacheControl: string
  headers?: Record<string, string>
}

function compressVariants(file: StaticFile, ext: string): void {
  if (COMPRESSIBLE.has(ext) && file.body.byteLength > 512) {
    file.br = brotliCompressSync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    file.gzip = gzipSync(file.body, { level: 9 })
  }
}

/** Whether an `If-None-Match` header (a list, possibly weak tags, or `*`) matches `etag`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === bare
  })
}

/**
 * The built client files (dist/client), read once at start-up and kept in memory with Brotli and gzip variants.
 * Hashed assets under `/_astro/` are immutable; everything else revalidates (the service worker must never be
 * cached stale, and prerendered pages change with every build).
 */
export class StaticFiles {
  readonly #files = new Map<string, StaticFile>()

  static async load(dir: string): Promise<StaticFiles> {
    const files = new StaticFiles()
    await files.#walk(dir, dir)
    return files
  }

  async #walk(root: string, dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        await this.#walk(root, full)
        continue
      }
      if (!entry.isFile()) continue
      const ext = path.extname(entry.name).toLowerCase()
      const body = await readFile(full)
      const info = await stat(full)
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`
      const file: StaticFile = {
        body,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${body.byteLength.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`,
        cacheControl: urlPath.startsWith('/_astro/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      }
      compressVariants(file, ext)
      this.#files.set(urlPath, file)
      if (entry.name === 'index.html') {
        const dirPath = urlPath.slice(0, -'index.html'.length)
        this.#files.set(dirPath, file)
        if (dirPath.length > 1) this.#files.set(dirPath.slice(0, -1), file)
      }
    }
  }

  /**
   * Serves the file at `filePath` under `urlPath` too, with its own cache policy and extra headers; its ETag is a
   * hash of the content, so every app process (and every deploy of the same bytes) agrees on it. Returns false
   * when the file does not exist.
   */
  async addFile(
    urlPath: string,
    filePath: string,
    options: { cacheControl: string; headers?: Record<string, string> },
  ): Promise<boolean> {
    const body = await readFile(filePath).catch(() => null)
    if (!body) return false
    const ext = path.extname(filePath).toLowerCase()
    const file: StaticFile = {
      body,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: options.cacheControl,
      ...(options.headers ? { headers: options.headers } : {}),
    }
    compressVariants(file, ext)
    this.#files.set(urlPath, file)
    return true
  }

  /** Serves the file for this request if there is one; returns false to let the caller go on. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    let decoded: string
    try {
      decoded = decodeURIComponent(pathname)
    } catch {
      return false
    }
    const file = this.#files.get(decoded)
    if (!file) return false
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': file.cacheControl,
      etag: file.etag,
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
      ...file.headers,
    }
    if (matchesEtag(req.headers['if-none-match'], file.etag)) {
      res.writeHead(304, headers)
      res.end()
      return true
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding'])
    let body = file.body
    if (file.br && encoding === 'br') {
      body = file.br
      headers['content-encoding'] = 'br'
    } else if (file.gzip && encoding === 'gzip') {
      body = file.gzip
      headers['content-encoding'] = 'gzip'
    }
    headers['content-length'] = String(body.byteLength)
    res.writeHead(200, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}
