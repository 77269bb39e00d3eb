/**
 * The built embed bundle in a real browser (Debian's chromium via playwright-core): real media events, layout,
 * keyboard, chunk-level navigation against a small fake API, and an axe-core check in both themes. Skipped when
 * no chromium is installed (set CHROMIUM_PATH to point at one).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildBundle } from './build-bundle.ts'

function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  try {
    return (
      execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
        encoding: 'utf8',
      }).trim() || null
    )
  } catch {
    return null
  }
}

const CHROMIUM = findChromium()
const CLIP = path.join(import.meta.dirname, 'fixtures', 'clip.webm')
const FLAGS = path.join(import.meta.dirname, '..', '..', 'site', 'public', 'flags')
const AXE = path.join(path.dirname(require_resolve('axe-core/package.json')), 'axe.min.js')

function require_resolve(specifier: string): string {
  return new URL(import.meta.resolve(specifier)).pathname
}

const SEGMENTS: Record<string, unknown> = {
  '1': {
    segments: [
      {
        index: 0,
        start: 0,
        end: 1.9,
        words: [
          { word: 'Nice', start: 0.1, end: 0.5 },
          { word: 'to', start: 0.5, end: 0.8 },
          { word: 'meet', start: 0.8, end: 1.2 },
          { word: 'you.', start: 1.2, end: 1.8 },
        ],
      },
      {
        index: 1,
        start: 2.5,
        end: 5.5,
        words: [
          { word: 'See', start: 2.6, end: 3.0 },
          { word: 'you', start: 3.0, end: 3.4 },
          { word: 'around', start: 3.4, end: 4.2 },
        ],
      },
    ],
  },
  '2': {
    segments: [
      {
        index: 0,
        start: 0,
        end: 5.5,
        words: [
          { word: 'Second', start: 0, end: 2 },
          { word: 'clip', start: 2, end: 5 },
        ],
      },
    ],
  },
}

const TRANSLATIONS = [
  {
    translated_language: 'fr',
    translation_data: { translated_phrase: 'Ravi de vous rencontrer.' },
    translation_literal_data: {
      words: [{ '1': 'Ravi' }, { '2': 'de' }, { '3': 'rencontrer' }, { '4': 'vous' }],
    },
    translation_comprehension_data: [{ phrase: 'nice to meet you', translation: 'enchanté' }],
  },
  {
    translated_language: 'ar',
    translation_data: { translated_phrase: 'سررت بلقائك' },
    translation_literal_data: null,
    translation_comprehension_data: [],
  },
]

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>player</title></head>
<body><main><h1>Player check</h1><div id="host"></div></main>
<script src="/dist/player.embed.global.js"></script></body></html>`

function serve(dist: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const send = (status: number, body: string | Buffer, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type })
      res.end(body)
    }
    if (url.pathname === '/') return send(200, PAGE, 'text/html')
    if (url.pathname === '/favicon.ico') return send(204, '')
    if (url.pathname.startsWith('/dist/')) {
      const file = path.join(dist, path.basename(url.pathname))
      return send(200, readFileSync(file), file.endsWith('.css') ? 'text/css' : 'text/javascript')
    }
    if (url.pathname === '/axe.js') return send(200, readFileSync(AXE), 'text/javascript')
    // the flag images the language buttons show, as the site serves them (site/public/flags)
    const flag = /^\/flags\/([a-z]{2})\.svg$/.exec(url.pathname)
    if (flag) return send(200, readFileSync(path.join(FLAGS, `${flag[1]}.svg`)), 'image/svg+xml')
    const media = /^\/media\/(\d+)\.webm$/.exec(url.pathname)
    if (media) {
      // Range support: chromium seeks a media file only when the server answers byte ranges
      const size = statSync(CLIP).size
      const data = readFileSync(CLIP)
      const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? '')
      if (!range) {
        res.writeHead(200, { 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-length': size })
        return res.end(data)
      }
      const start = Number(range[1])
      const end = range[2] ? Number(range[2]) : size - 1
      res.writeHead(206, {
        'content-type': 'video/webm',
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${size}`,
        'content-length': end - start + 1,
      })
      return res.end(data.subarray(start, end + 1))
    }
    const segments = /^\/segments\/(\d+)\.json$/.exec(url.pathname)
    if (segments && SEGMENTS[segments[1]!]) return send(200, JSON.stringify(SEGMENTS[segments[1]!]))
    if (/^\/api\/content\/chunks\/\d+\/translations$/.test(url.pathname))
      return send(200, JSON.stringify(TRANSLATIONS))
    if (url.pathname === '/api/content/navigate-chunk') {
      const id = url.searchParams.get('content_chunk_id')
      if (id === '1' && url.searchParams.get('action') === 'next') {
        return send(
          200,
          JSON.stringify({ id: 2, play_s3_url: '/media/2.webm', segment_s3_url: '/segments/2.json' }),
        )
      }
      // like the real API: 204 when asked with missing=no-content, else the spec's 404
      if (url.searchParams.get('missing') === 'no-content') {
        res.writeHead(204)
        return res.end()
      }
      return send(404, JSON.stringify({ detail: 'No more chunks available' }))
    }
    send(404, JSON.stringify({ detail: 'Not found' }))
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}

interface PlayerPage {
  page: Page
  errors: string[]
}

describe.skipIf(!CHROMIUM)('the player in chromium', () => {
  let dist = ''
  let site: { url: string; close(): Promise<void> }
  let browser: Browser

  beforeAll(async () => {
    dist = buildBundle()
    site = await serve(dist)
    browser = await chromium.launch({
      executablePath: CHROMIUM!,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
    })
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await site?.close()
    if (dist) rmSync(dist, { recursive: true, force: true })
  })

  async function openPlayer(
    options: Record<string, unknown>,
    viewport = { width: 1280, height: 800 },
    dark = false,
  ): Promise<PlayerPage> {
    const page = await browser.newPage({ viewport })
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`)
    })
    page.on('pageerror', (e) => errors.push(String(e)))
    await page.goto(site.url)
    await page.evaluate(
      ({ options, dark }) => {
        document.documentElement.classList.toggle('dark', dark)
        const w = window as unknown as {
          PhraseReel: { createPlayer(el: Element, o: unknown): { update(o: unknown): void } }
          closeCount: number
          changes: unknown[]
        }
        w.closeCount = 0
        w.changes = []
        const handle = w.PhraseReel.createPlayer(document.getElementById('host')!, {
          ...options,
          onClose: () => {
            w.closeCount++
            handle.update({ isOpen: false })
          },
          onChunkChange: (link: unknown) => w.changes.push(link),
        })
      },
      { options, dark },
    )
    return { page, errors }
  }

  const clip1 = {
    variant: 'modal',
    videoUrl: '/media/1.webm',
    subtitleUrl: '/segments/1.json',
    chunkId: 1,
    contentMetadata: { id: 5, name: 'Fixture', content_category: 'TV', genre: 'Drama', release_year: 2020 },
    transcript: 'Nice to meet you. See you around',
    isPlaying: true,
  }

  test('starts at the searched phrase and highlights words as they are said', async () => {
    const { page, errors } = await openPlayer({ ...clip1, query: 'see you around' })
    // lead-in: the phrase starts at 2.6 s, playback starts 0.6 s before it
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1.9)
    await expect
      .poll(() => page.locator('.pr-word.pr-match').allTextContents(), { timeout: 5000 })
      .toEqual(['See', 'you', 'around'])
    await page.waitForFunction(() => document.querySelector('.pr-word.pr-current')?.textContent === 'around')
    await page.keyboard.press('r')
    const after = await page.evaluate(() => document.querySelector('video')!.currentTime)
    expect(after).toBeGreaterThanOrEqual(1.9)
    expect(after).toBeLessThan(2.6)
    expect(errors).toEqual([])
    await page.close()
  })

  test('chunk-level next swaps to the neighbour, keeps playing, and stays put at the end', async () => {
    const { page, errors } = await openPlayer(clip1)
    await page.waitForFunction(() => !document.querySelector('video')!.paused)
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(
      () => document.querySelector('.pr-stage video')?.getAttribute('src') === '/media/2.webm',
    )
    await expect
      .poll(() => page.locator('[data-testid=pr-subtitles]').textContent(), { timeout: 5000 })
      .toMatch(/Second/)
    expect(await page.evaluate(() => (window as unknown as { changes: unknown[] }).changes)).toEqual([
      { id: 2, play_s3_url: '/media/2.webm', segment_s3_url: '/segments/2.json' },
    ])
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('.pr-stage video')!.paused)
    // no further chunk: nothing happens
    await page.waitForTimeout(600)
    await page.keyboard.press('ArrowRight')
    await page.waitForTimeout(800)
    expect(await page.locator('.pr-stage video').getAttribute('src')).toBe('/media/2.webm')
    expect(errors).toEqual([])
    await page.close()
  })

  test('at the last chunk, asking ahead for the next one logs no console error', async () => {
    const answers: number[] = []
    const { page, errors } = await openPlayer({
      ...clip1,
      chunkId: 2,
      videoUrl: '/media/2.webm',
      subtitleUrl: '/segments/2.json',
    })
    page.on('response', (response) => {
      if (response.url().includes('/api/content/navigate-chunk')) answers.push(response.status())
    })
    // the prefetch goes out once half the clip has played
    await expect.poll(() => answers, { timeout: 8000 }).toEqual([204])
    await page.waitForTimeout(300)
    expect(await page.locator('[data-testid=pr-preload-media]').count()).toBe(0)
    expect(await page.locator('.pr-stage video').getAttribute('src')).toBe('/media/2.webm')
    expect(errors).toEqual([])
    await page.close()
  })

  test('once half the clip has played the next chunk is preloaded, and next puts that element on stage', async () => {
    const { page, errors } = await openPlayer(clip1)
    await page.waitForSelector('[data-testid=pr-preload-media][src="/media/2.webm"]', {
      state: 'attached',
      timeout: 8000,
    })
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLMediaElement>('[data-testid=pr-preload-media]')?.readyState ?? 0) >= 2,
    )
    await page.evaluate(() => {
      ;(document.querySelector('[data-testid=pr-preload-media]') as HTMLElement).dataset.mark = 'preloaded'
    })
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(
      () => document.querySelector('.pr-stage video')?.getAttribute('src') === '/media/2.webm',
    )
    // the warmed-up element itself went on stage, with its frames already there: no second download, no wait
    expect(
      await page.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>('.pr-stage video')!
        return { mark: video.dataset.mark, ready: video.readyState >= 2 }
      }),
    ).toEqual({ mark: 'preloaded', ready: true })
    expect(errors).toEqual([])
    await page.close()
  })

  test('keyboard only: F fullscreen, Esc leaves it, Esc again closes; Tab stays inside the dialog', async () => {
    const { page } = await openPlayer({ ...clip1, isPlaying: false })
    await page.keyboard.press('f')
    await expect
      .poll(() => page.locator('.pr-player').getAttribute('class'), { timeout: 5000 })
      .toMatch(/pr-is-fullscreen/)
    await page.keyboard.press('Escape')
    await expect
      .poll(() => page.locator('.pr-player').getAttribute('class'), { timeout: 5000 })
      .not.toMatch(/pr-is-fullscreen/)
    for (let i = 0; i < 25; i++) await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true)
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => (window as unknown as { closeCount: number }).closeCount)).toBe(1)
    expect(await page.locator('.pr-player').isHidden()).toBe(true)
    await page.close()
  })

  for (const [label, viewport, dark] of [
    ['desktop light', { width: 1280, height: 800 }, false],
    ['desktop dark', { width: 1280, height: 800 }, true],
    ['mobile light', { width: 375, height: 740 }, false],
    ['mobile dark', { width: 375, height: 740 }, true],
  ] as const) {
    test(`no serious accessibility violations (${label}), translations open`, async () => {
      const { page, errors } = await openPlayer(
        { ...clip1, isPlaying: false, query: 'meet you' },
        viewport,
        dark,
      )
      if (viewport.width < 768) {
        await page.getByRole('tab', { name: 'Translations' }).click()
      } else {
        await page.getByRole('button', { name: 'Show translations' }).click()
      }
      await page.getByRole('tab', { name: 'Literal' }).click()
      await page.waitForSelector('[data-testid=pr-literal]')
      await page.addScriptTag({ url: '/axe.js' })
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                ctx: unknown,
                o: unknown,
              ): Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }>
            }
          }
        ).axe
        const result = await axe.run(document.querySelector('.pr-player'), {})
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
      })
      expect(violations).toEqual([])
      if (viewport.width < 768) {
        // spec §2.5: video in the top 40 percent
        const box = await page.locator('.pr-stage').boundingBox()
        expect(box?.y).toBe(0)
        expect(Math.round(box?.height ?? 0)).toBe(Math.round(viewport.height * 0.4))
      }
      expect(errors).toEqual([])
      await page.close()
    })
  }
})
