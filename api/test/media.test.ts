import { mkdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseRange } from '../src/media/serve-media.ts'
import { createTestApp, type TestApp } from './harness.ts'

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251))

describe('media serving', () => {
  let app: TestApp
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ app, close } = await createTestApp('pglite'))
    const dir = path.join(app.config.MEDIA_DIR, '7')
    await mkdir(dir, { recursive: true })
    await writeFile(path.join(dir, '1.mp4'), BYTES)
    await writeFile(path.join(dir, 'segment_1.json'), '{"segments":[]}')
    await writeFile(path.join(dir, '1_thumbnail.jpg'), Buffer.from([0xff, 0xd8, 0xff]))
    await writeFile(path.join(app.config.DATA_DIR, 'secret.txt'), 'outside the media root')
    await symlink(path.join(app.config.DATA_DIR, 'secret.txt'), path.join(dir, 'escape.mp4'))
    await symlink(path.join(dir, '1.mp4'), path.join(dir, 'alias.mp4'))
  })
  afterAll(() => close())

  it('serves a whole file with its type, length, ETag and immutable caching', async () => {
    const response = await app.fetch('/media/7/1.mp4')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('video/mp4')
    expect(response.headers.get('content-length')).toBe('1000')
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(Buffer.from(await response.arrayBuffer()).equals(BYTES)).toBe(true)
    expect((await app.fetch('/media/7/segment_1.json')).headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    )
    expect((await app.fetch('/media/7/1_thumbnail.jpg')).headers.get('content-type')).toBe('image/jpeg')
  })

  it('lets embeds on other sites read the files (CORS), also on a revalidation', async () => {
    const segment = await app.fetch('/media/7/segment_1.json', {
      headers: { origin: 'https://blog.example' },
    })
    expect(segment.headers.get('access-control-allow-origin')).toBe('*')
    const etag = segment.headers.get('etag')!
    const again = await app.fetch('/media/7/segment_1.json', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers ranges: first bytes, middle, open-ended and suffix', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-0', 0, 0],
      ['bytes=0-99', 0, 99],
      ['bytes=500-599', 500, 599],
      ['bytes=900-', 900, 999],
      ['bytes=-100', 900, 999],
      ['bytes=990-5000', 990, 999],
    ]
    for (const [range, start, end] of cases) {
      const response = await app.fetch('/media/7/1.mp4', { headers: { range } })
      expect(response.status, range).toBe(206)
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`)
      expect(response.headers.get('content-length'), range).toBe(String(end - start + 1))
      const body = Buffer.from(await response.arrayBuffer())
      expect(body.equals(BYTES.subarray(start, end + 1)), range).toBe(true)
    }
  })

  it('answers 416 for unsatisfiable ranges and 200 for ones it does not honour', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const response = await app.fetch('/media/7/1.mp4', { headers: { range } })
      expect(response.status, range).toBe(416)
      expect(response.headers.get('content-range')).toBe('bytes */1000')
    }
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=abc', 'bytes=9-3']) {
      expect((await app.fetch('/media/7/1.mp4', { headers: { range } })).status, range).toBe(200)
    }
  })

  it('honours If-None-Match and If-Range', async () => {
    const etag = (await app.fetch('/media/7/1.mp4')).headers.get('etag')!
    expect((await app.fetch('/media/7/1.mp4', { headers: { 'if-none-match': etag } })).status).toBe(304)
    const fresh = await app.fetch('/media/7/1.mp4', { headers: { range: 'bytes=0-9', 'if-range': etag } })
    expect(fresh.status).toBe(206)
    const stale = await app.fetch('/media/7/1.mp4', { headers: { range: 'bytes=0-9', 'if-range': '"old"' } })
    expect(stale.status).toBe(200)
  })

  it('never leaves the media root', async () => {
    const attempts = [
      '/media/7/..%2f..%2fsecret.txt',
      '/media/7/%2e%2e%2fsecret.txt',
      '/media/..%5csecret.txt',
      '/media/7/%2Fetc%2Fpasswd',
      '/media/%00/1.mp4',
      '/media/7/escape.mp4',
      '/media/7',
      '/media/',
      '/media/7/missing.mp4',
      '/media/7/1.mp4%00.jpg',
      '/media/7/%E0%A4%A',
    ]
    for (const attempt of attempts) {
      const response = await app.fetch(attempt)
      expect(response.status, attempt).toBe(404)
      expect(await response.json()).toEqual({ detail: 'File not found' })
    }
    // a link that stays inside the root is fine
    expect((await app.fetch('/media/7/alias.mp4')).status).toBe(200)
    expect((await app.fetch('/media/7/1.mp4', { method: 'DELETE' })).status).toBe(405)
  })

  it('parses ranges per RFC 9110', () => {
    expect(parseRange(null, 10)).toBeNull()
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 })
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 })
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
  })
})
