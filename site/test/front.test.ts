import http from 'node:http'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_DIST } from '../server/front.ts'
import { CLIENT_IP_HEADER, toWebRequest } from '../server/node-bridge.ts'
import { startTestSite, type TestSite } from './e2e/harness.ts'

/** A raw HTTP request whose path is sent exactly as given (no URL normalisation). */
function raw(site: TestSite, pathAsIs: string, headers: Record<string, string> = {}, method = 'GET') {
  const { port } = new URL(site.url)
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: pathAsIs, method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      })
      req.on('error', reject)
      req.end()
    },
  )
}

describe('the node:http front', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  })
  afterAll(() => site?.close())

  it('hands API paths to the API with JSON errors', async () => {
    const ok = await raw(site, '/api/content/chunks/count')
    expect(ok.status).toBe(200)
    expect(JSON.parse(ok.body.toString())).toEqual({ count: 6 })
    const bad = await raw(site, '/api/content/chunk/not-a-number')
    expect(bad.status).toBe(400)
    expect(JSON.parse(bad.body.toString())).toHaveProperty('detail')
    const badJson = await raw(site, '/api/nope', {}, 'POST')
    expect(badJson.status).toBe(404)
  })

  it('serves media ranges through the front and refuses traversal in raw paths', async () => {
    const { contentId } = site.content[0]!
    const range = await raw(site, `/media/${contentId}/1.mp4`, { range: 'bytes=10-19' })
    expect(range.status).toBe(206)
    expect(range.body.byteLength).toBe(10)
    for (const attempt of [
      `/media/${contentId}/../../../../etc/passwd`,
      '/media/..%2f..%2f..%2fetc%2fpasswd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media//etc/passwd',
      '/media/\\..\\..\\etc\\passwd',
    ]) {
      const response = await raw(site, attempt)
      expect(response.status, attempt).toBe(404)
      expect(response.body.toString()).not.toContain('root:')
    }
  })

  it('serves hashed assets immutable and compressed, other files revalidated', async () => {
    const assets = await readdir(path.join(SITE_DIST, 'client', '_astro')).catch(() => [] as string[])
    const script = assets.find((name) => name.endsWith('.js') || name.endsWith('.css'))
    if (script) {
      const response = await raw(site, `/_astro/${script}`, { 'accept-encoding': 'gzip, br' })
      expect(response.status).toBe(200)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.headers.vary).toBe('accept-encoding')
      const etag = String(response.headers.etag)
      expect((await raw(site, `/_astro/${script}`, { 'if-none-match': etag })).status).toBe(304)
    }
    const icon = await raw(site, '/favicon.svg')
    expect(icon.status).toBe(200)
    expect(icon.headers['content-type']).toBe('image/svg+xml')
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate')
  })

  it('stamps the socket address on API requests and drops a client-sent copy', async () => {
    const seen: string[] = []
    const echo = http.createServer((req, res) => {
      seen.push(toWebRequest(req, 'http://127.0.0.1').headers.get(CLIENT_IP_HEADER) ?? '')
      res.end()
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    const { port } = echo.address() as { port: number }
    await new Promise<void>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: '/', headers: { [CLIENT_IP_HEADER]: '203.0.113.9' } },
          (res) => {
            res.resume()
            res.on('end', resolve)
          },
        )
        .on('error', reject)
    })
    await new Promise<void>((resolve) => echo.close(() => resolve()))
    expect(seen).toEqual(['127.0.0.1'])
  })
})
