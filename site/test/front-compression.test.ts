/**
 * Compression of server-rendered responses (site/server/compress.ts), through the real front for Astro's pages
 * and through a bare server for the edge cases, and the embeddable player at /embed/player.js.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIN_BYTES, compressResponse, negotiateEncoding } from '../server/compress.ts'
import { EMBED_PATH, WIDGET_DIST } from '../server/front.ts'
import { startTestSite, type TestSite } from './e2e/harness.ts'

interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  /** When each body chunk arrived, in ms after the request was sent. */
  arrivals: number[]
}

function get(origin: string, pathAndQuery: string, headers: Record<string, string> = {}, method = 'GET') {
  const { port } = new URL(origin)
  const sent = Date.now()
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathAndQuery, method, headers }, (res) => {
      const chunks: Buffer[] = []
      const arrivals: number[] = []
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        arrivals.push(Date.now() - sent)
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), arrivals }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

function decode(reply: Reply): string {
  const encoding = reply.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString()
  if (encoding === 'gzip') return gunzipSync(reply.body).toString()
  expect(encoding).toBeUndefined()
  return reply.body.toString()
}

describe('negotiateEncoding', () => {
  it('prefers Brotli, honours q=0 and *, and refuses what is not offered', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('identity')).toBeNull()
    expect(negotiateEncoding('deflate')).toBeNull()
    expect(negotiateEncoding(undefined)).toBeNull()
    expect(negotiateEncoding('')).toBeNull()
  })
})

describe('compressResponse on a bare server', () => {
  const big = `<!doctype html><p>${'phrase reel '.repeat(400)}</p>`
  let server: http.Server
  let origin = ''
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      compressResponse(req, res)
      const url = req.url ?? '/'
      if (url === '/big') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.end(big)
      } else if (url === '/tiny') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.write('<p>')
        res.end('hi</p>')
      } else if (url === '/stream') {
        // a page rendered in two parts with a wait in between (Astro streams like this)
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.write(`<head>${'x'.repeat(2 * MIN_BYTES)}</head>`)
        setTimeout(() => res.end(`<body>${'y'.repeat(2 * MIN_BYTES)}</body>`), 300)
      } else if (url === '/image') {
        res.writeHead(200, { 'content-type': 'image/png' })
        res.end(Buffer.alloc(8 * MIN_BYTES, 7))
      } else if (url === '/encoded') {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
        res.end(Buffer.from(big)) // not really gzip: the point is that it passes untouched
      } else if (url === '/no-transform') {
        res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-transform' })
        res.end(big)
      } else if (url === '/status-only') {
        res.statusCode = 500
        res.setHeader('content-type', 'text/plain')
        res.end('Internal Server Error')
      } else if (url === '/etag') {
        res.writeHead(200, {
          'content-type': 'text/html',
          etag: '"abc"',
          'content-length': Buffer.byteLength(big),
        })
        res.end(big)
      } else {
        res.writeHead(304, { etag: '"abc"' })
        res.end()
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('compresses with Brotli or gzip as asked, and not at all without Accept-Encoding', async () => {
    const br = await get(origin, '/big', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(br.headers['content-length']).toBeUndefined()
    expect(br.body.byteLength).toBeLessThan(big.length / 10)
    expect(decode(br)).toBe(big)

    const gzip = await get(origin, '/big', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(decode(gzip)).toBe(big)

    const plain = await get(origin, '/big')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding') // caches must still keep the variants apart
    expect(plain.body.toString()).toBe(big)
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(big)))
  })

  it('leaves tiny bodies alone, sent whole with their length', async () => {
    const tiny = await get(origin, '/tiny', { 'accept-encoding': 'br, gzip' })
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.headers['content-length']).toBe('9')
    expect(tiny.body.toString()).toBe('<p>hi</p>')
    const error = await get(origin, '/status-only', { 'accept-encoding': 'br' })
    expect(error.status).toBe(500)
    expect(error.body.toString()).toBe('Internal Server Error')
  })

  it('streams: the first part reaches the client before the page is finished', async () => {
    const reply = await get(origin, '/stream', { 'accept-encoding': 'br' })
    expect(reply.headers['content-encoding']).toBe('br')
    expect(decode(reply)).toBe(
      `<head>${'x'.repeat(2 * MIN_BYTES)}</head><body>${'y'.repeat(2 * MIN_BYTES)}</body>`,
    )
    expect(reply.arrivals.length).toBeGreaterThan(1)
    expect(reply.arrivals[0]!).toBeLessThan(250) // flushed while the second part was still being made
    expect(reply.arrivals.at(-1)!).toBeGreaterThanOrEqual(280)
  })

  it('leaves media, already-encoded, no-transform, bodiless and HEAD answers alone', async () => {
    const accept = { 'accept-encoding': 'br, gzip' }
    const image = await get(origin, '/image', accept)
    expect(image.headers['content-encoding']).toBeUndefined()
    expect(image.headers.vary).toBeUndefined()
    expect(image.body.byteLength).toBe(8 * MIN_BYTES)
    const encoded = await get(origin, '/encoded', accept)
    expect(encoded.headers['content-encoding']).toBe('gzip')
    expect(encoded.body.toString()).toBe(big)
    const noTransform = await get(origin, '/no-transform', accept)
    expect(noTransform.headers['content-encoding']).toBeUndefined()
    expect(noTransform.body.toString()).toBe(big)
    const notModified = await get(origin, '/other', accept)
    expect(notModified.status).toBe(304)
    expect(notModified.headers['content-encoding']).toBeUndefined()
    const head = await get(origin, '/big', accept, 'HEAD')
    expect(head.headers['content-encoding']).toBeUndefined()
    expect(head.body.byteLength).toBe(0)
  })

  it('drops the length and weakens a strong ETag when it compresses', async () => {
    const reply = await get(origin, '/etag', { 'accept-encoding': 'gzip' })
    expect(reply.headers['content-encoding']).toBe('gzip')
    expect(reply.headers['content-length']).toBeUndefined()
    expect(reply.headers.etag).toBe('W/"abc"')
    expect(decode(reply)).toBe(big)
  })
})

describe('the front', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  }, 300_000)
  afterAll(() => site?.close())

  it('compresses server-rendered pages by Accept-Encoding', async () => {
    for (const page of ['/', '/search?q=how+are+you', '/sponsors']) {
      const plain = await get(site.url, page)
      expect(plain.status, page).toBe(200)
      expect(plain.headers['content-type']).toMatch(/^text\/html/)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(String(plain.headers.vary)).toMatch(/accept-encoding/i)
      const html = plain.body.toString()
      expect(html).toMatch(/^<!DOCTYPE html>/i)
      expect(html).toContain('</html>')

      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const compressed = await get(site.url, page, { 'accept-encoding': accept })
        expect(compressed.status, page).toBe(200)
        expect(compressed.headers['content-encoding'], `${page} ${accept}`).toBe(encoding)
        expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i)
        expect(compressed.body.byteLength).toBeLessThan(plain.body.byteLength / 2)
        const decoded = decode(compressed)
        expect(decoded).toMatch(/^<!DOCTYPE html>/i)
        expect(decoded).toContain('</html>')
        // the same page (tokens and ids may differ per request; the size hardly does)
        expect(Math.abs(decoded.length - html.length)).toBeLessThan(html.length / 20)
      }
    }
  })

  it('does not compress API answers or media', async () => {
    const accept = { 'accept-encoding': 'br, gzip' }
    const api = await get(site.url, '/api/content/chunks/count', accept)
    expect(api.headers['content-encoding']).toBeUndefined()
    const { contentId } = site.content[0]!
    const media = await get(site.url, `/media/${contentId}/1.mp4`, accept)
    expect(media.status).toBe(200)
    expect(media.headers['content-encoding']).toBeUndefined()
  })

  it('serves the embeddable player at /embed/player.js, compressed and revalidated', async () => {
    const built = readFileSync(path.join(WIDGET_DIST, 'player.embed.global.js'), 'utf8')
    const plain = await get(site.url, EMBED_PATH)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(plain.headers['cache-control']).toBe('public, max-age=300, must-revalidate')
    expect(plain.headers['cache-control']).not.toContain('immutable')
    expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(plain.headers['x-content-type-options']).toBe('nosniff')
    expect(plain.body.toString()).toBe(built)
    expect(built).toContain('PhraseReel')
    const etag = String(plain.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)

    const br = await get(site.url, EMBED_PATH, { 'accept-encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(br.headers.etag).toBe(etag)
    expect(br.body.byteLength).toBeLessThan(built.length / 2)
    expect(decode(br)).toBe(built)
    const gzip = await get(site.url, EMBED_PATH, { 'accept-encoding': 'gzip' })
    expect(decode(gzip)).toBe(built)

    const revalidated = await get(site.url, EMBED_PATH, { 'if-none-match': `W/${etag}` })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.byteLength).toBe(0)
    expect(revalidated.headers['cache-control']).toBe('public, max-age=300, must-revalidate')
    const changed = await get(site.url, EMBED_PATH, { 'if-none-match': '"something-else"' })
    expect(changed.status).toBe(200)

    const head = await get(site.url, EMBED_PATH, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.byteLength).toBe(0)

    // the source map the bundle points at, beside it
    expect(built).toMatch(/sourceMappingURL=player\.embed\.global\.js\.map/)
    const map = await get(site.url, '/embed/player.embed.global.js.map')
    expect(map.status).toBe(200)
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8')
  })
})
