/**
 * The embeddable player's JS API (issue 16, decision 086) from a host page on another origin (its own port): the
 * loader `/embed/api.js`, two players (by query and by chunk id) driven through every method, every event with its
 * payload (the word being said while a clip plays), `repeat`, isolation from the host page's CSS, messages from
 * other windows ignored, `destroy()` leaving no iframe and no listener, and the code-free `.phrasereel-embed` embed.
 */
import http from 'node:http'
import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { expectNoSeriousA11yViolations, learnerSuite, MATRIX, tabTo, withPage } from './learner-helpers.ts'

// the machine running these is shared and slow; clips are 2 s long and play in real time
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 })

const suite = learnerSuite()
const longRoad = () => suite.site.content[0]!.chunkIds

/** A host page server on its own port: another origin than the site. */
let host: http.Server
let hostUrl = ''
const pages = new Map<string, string>()

beforeAll(async () => {
  host = http.createServer((req, res) => {
    const body = pages.get(req.url ?? '/')
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(body)
  })
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve())))

/** Styles a careless host page might have: they must not reach into the player's frame. */
const HOSTILE_CSS = `
  * { color: rgb(255, 0, 0) !important; font-size: 40px !important; }
  .pr-player, .pr-controls, button { display: none !important; }
  iframe { vertical-align: top; }
`

/**
 * Counts the window's live 'message' listeners (wrapping addEventListener before any script runs), records
 * every event of the players it is told to watch, and loads the loader from the site.
 */
function hostPage(siteUrl: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title><link rel="icon" href="data:,">
<style>${HOSTILE_CSS}</style>
<script>
  window.messageListeners = 0
  const add = window.addEventListener, remove = window.removeEventListener
  const live = new Set()
  window.addEventListener = function (type, fn, options) {
    if (type === 'message' && !live.has(fn)) { live.add(fn); window.messageListeners++ }
    return add.call(this, type, fn, options)
  }
  window.removeEventListener = function (type, fn, options) {
    if (type === 'message' && live.delete(fn)) window.messageListeners--
    return remove.call(this, type, fn, options)
  }
  window.readyCalls = 0
  window.onPhraseReelReady = () => { window.readyCalls++ }
  window.log = []
</script>
</head><body>
${body}
<script src="${siteUrl}/embed/api.js" async></script>
</body></html>`
}

const EVENTS = [
  'ready',
  'fetchdone',
  'clipchange',
  'segmentchange',
  'wordchange',
  'statechange',
  'speedchange',
  'error',
] as const

/** The `events` option's names of the events (what the contract calls them). */
const OPTION_NAMES: Record<(typeof EVENTS)[number], string> = {
  ready: 'onReady',
  fetchdone: 'onFetchDone',
  clipchange: 'onClipChange',
  segmentchange: 'onSegmentChange',
  wordchange: 'onWordChange',
  statechange: 'onStateChange',
  speedchange: 'onSpeedChange',
  error: 'onError',
}

interface Logged {
  who: string
  name: string
  data: Record<string, unknown>
}

const logOf = (page: Page, who: string, name?: string): Promise<Logged[]> =>
  page.evaluate(
    ({ who, name }) =>
      (window as unknown as { log: Logged[] }).log.filter(
        (e) => e.who === who && (name === undefined || e.name === name),
      ),
    { who, name },
  )

/** Waits for an event of `who` after the first `from` logged ones that satisfies `test`. */
async function waitFor(
  page: Page,
  who: string,
  name: string,
  test: (data: Record<string, unknown>) => boolean = () => true,
  from = 0,
): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined
  await expect
    .poll(
      async () => {
        found = (await logOf(page, who, name)).slice(from).find((e) => test(e.data))?.data
        return found !== undefined
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true)
  return found!
}

const count = async (page: Page, who: string, name: string) => (await logOf(page, who, name)).length

/** The frame of the player whose iframe sits in `#id`. */
async function frameOf(page: Page, id: string): Promise<Frame> {
  const handle = await page.waitForSelector(`#${id} iframe`, { state: 'attached' })
  const frame = await handle.contentFrame()
  if (!frame) throw new Error(`no frame in #${id}`)
  return frame
}

describe('the JS API from another origin', () => {
  it('drives a player by query and one by chunk id through every method; every event arrives with its payload', async () => {
    const [first, second] = longRoad()
    pages.set(
      '/api.html',
      hostPage(
        suite.site.url,
        `<div id="by-query"></div><div id="by-chunk"></div><iframe id="stranger" src="/stranger.html" title="stranger" width="10" height="10"></iframe>`,
      ),
    )
    // a window of the host's origin that is not a player: it forges events to the host and commands to a player
    pages.set('/stranger.html', '<!doctype html><title>stranger</title><p>stranger</p>')
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto(`${hostUrl}/api.html`)
      await page.waitForFunction(() => 'PhraseReel' in window)
      expect(await page.evaluate(() => (window as unknown as { readyCalls: number }).readyCalls)).toBe(1)
      const baseline = await page.evaluate(
        () => (window as unknown as { messageListeners: number }).messageListeners,
      )

      // A: by query, events through the `events` option; repeat: 2
      // B: by chunk id, events through on(); light theme, French first, no info
      await page.evaluate(
        ({ events, chunkId, optionNames }) => {
          const w = window as unknown as {
            log: Logged[]
            PhraseReel: { Player: new (target: unknown, options: unknown) => unknown }
            players: Record<string, unknown>
          }
          const record = (who: string, name: string) => (data: Record<string, unknown>) =>
            w.log.push({ who, name, data })
          const onNames = Object.fromEntries(
            Object.entries(optionNames).map(([name, option]) => [option, record('A', name)]),
          )
          const a = new w.PhraseReel.Player('by-query', {
            query: 'how are you',
            autoplay: true,
            muted: true,
            repeat: 2,
            height: 360,
            events: onNames,
          })
          const b = new w.PhraseReel.Player(document.getElementById('by-chunk'), {
            chunkId,
            autoplay: true,
            muted: true,
            theme: 'light',
            lang: 'fr',
            components: { info: false },
            height: 360,
          }) as { on(name: string, fn: (data: unknown) => void): void }
          for (const name of events) b.on(name, record('B', name) as (data: unknown) => void)
          w.players = { a, b }
        },
        { events: [...EVENTS], chunkId: first, optionNames: OPTION_NAMES },
      )
      expect(
        await page.evaluate(() => (window as unknown as { messageListeners: number }).messageListeners),
      ).toBe(baseline + 2)
      const call = (who: 'a' | 'b', method: string, ...args: unknown[]) =>
        page.evaluate(
          ({ who, method, args }) => {
            const players = (
              window as unknown as { players: Record<string, Record<string, (...a: unknown[]) => unknown>> }
            ).players
            return players[who]![method]!(...args)
          },
          { who, method, args },
        )

      // --- A: ready, the search, the first clip, its segment and words while it plays
      await waitFor(page, 'A', 'ready')
      const fetched = await waitFor(page, 'A', 'fetchdone')
      expect(fetched.query).toBe('how are you')
      const total = fetched.total as number
      expect(total).toBeGreaterThanOrEqual(2)
      const clip0 = await waitFor(page, 'A', 'clipchange')
      expect(clip0).toEqual({
        index: 0,
        total,
        chunkId: expect.any(Number),
        text: expect.stringMatching(/how are you/i),
      })
      const segment = await waitFor(page, 'A', 'segmentchange')
      expect(segment).toEqual({ index: 0, text: clip0.text, start: 0, end: 2 })
      await waitFor(page, 'A', 'statechange', (d) => d.state === 'playing')
      const word = await waitFor(page, 'A', 'wordchange')
      const words = String(clip0.text).split(/\s+/)
      expect(words).toContain(word.word)
      expect(word).toEqual({
        index: words.indexOf(word.word as string),
        word: word.word,
        start: expect.any(Number),
        end: expect.any(Number),
      })
      expect(word.end as number).toBeGreaterThan(word.start as number)

      // repeat: 2 — the first clip plays twice (its words start over once), then the second result comes
      const clip1 = await waitFor(page, 'A', 'clipchange', (d) => d.index === 1)
      expect(clip1).toEqual({ index: 1, total, chunkId: expect.any(Number), text: expect.any(String) })
      const log = await logOf(page, 'A')
      const firstClip = log.slice(
        log.findIndex((e) => e.name === 'clipchange' && e.data.index === 0),
        log.findIndex((e) => e.name === 'clipchange' && e.data.index === 1),
      )
      const wordIndexes = firstClip.filter((e) => e.name === 'wordchange').map((e) => e.data.index as number)
      const restarts = wordIndexes.filter((index, i) => i > 0 && index < wordIndexes[i - 1]!).length
      expect({ wordIndexes, restarts }).toEqual({ wordIndexes, restarts: 1 })
      // it went on playing: no 'ended' between the repeats
      expect(firstClip.filter((e) => e.name === 'statechange' && e.data.state === 'ended')).toEqual([])

      // --- A through every method (clips are 2 s long: each step starts from a state it sets itself)
      await call('a', 'pause')
      await expect.poll(() => call('a', 'getState'), { timeout: 30_000 }).toMatch(/^(paused|ended)$/)
      expect(await call('a', 'getSpeed')).toBe(1)
      await call('a', 'setSpeed', 0.75)
      expect(await waitFor(page, 'A', 'speedchange')).toEqual({ speed: 0.75 })
      await expect.poll(() => call('a', 'getSpeed')).toBe(0.75)
      const errors = await count(page, 'A', 'error')
      await call('a', 'setSpeed', 3)
      expect(await waitFor(page, 'A', 'error', () => true, errors)).toEqual({
        code: 'invalid_speed',
        message: expect.any(String),
      })
      let words0 = await count(page, 'A', 'wordchange')
      await call('a', 'seek', 1.9)
      // seeking near the end shows the clip's last word
      const lastWord = await waitFor(page, 'A', 'wordchange', (d) => (d.end as number) >= 1.9, words0)
      expect(lastWord.start as number).toBeLessThanOrEqual(1.9)
      words0 = await count(page, 'A', 'wordchange')
      let from = await count(page, 'A', 'statechange')
      await call('a', 'replay')
      // the phrase again, from its first word, playing
      await waitFor(page, 'A', 'wordchange', (d) => (d.start as number) < 1, words0)
      await waitFor(page, 'A', 'statechange', (d) => d.state === 'playing', from)
      // a loaded machine may stall the media for a moment (buffering) right after it starts playing
      await expect.poll(() => call('a', 'getState'), { timeout: 10_000 }).toBe('playing')
      from = await count(page, 'A', 'statechange')
      await call('a', 'pause')
      await waitFor(page, 'A', 'statechange', (d) => d.state === 'paused', from)
      expect(await call('a', 'getState')).toBe('paused')
      from = await count(page, 'A', 'statechange')
      await call('a', 'play')
      await waitFor(page, 'A', 'statechange', (d) => d.state === 'playing', from)

      let clips = await count(page, 'A', 'clipchange')
      await call('a', 'previous')
      expect(await waitFor(page, 'A', 'clipchange', () => true, clips)).toMatchObject({ index: 0, total })
      clips = await count(page, 'A', 'clipchange')
      await page.waitForTimeout(700)
      await call('a', 'next')
      expect(await waitFor(page, 'A', 'clipchange', () => true, clips)).toMatchObject({ index: 1, total })

      // fetch: a new search in the same player; one result, played twice, then the player has ended
      clips = await count(page, 'A', 'clipchange')
      const fetches = await count(page, 'A', 'fetchdone')
      const ends = (await logOf(page, 'A', 'statechange')).length
      await call('a', 'fetch', 'break a leg')
      expect(await waitFor(page, 'A', 'fetchdone', () => true, fetches)).toEqual({
        query: 'break a leg',
        total: 1,
      })
      expect(await waitFor(page, 'A', 'clipchange', () => true, clips)).toEqual({
        index: 0,
        total: 1,
        chunkId: longRoad()[2],
        text: 'Break a leg tonight!',
      })
      await call('a', 'play')
      await waitFor(page, 'A', 'statechange', (d) => d.state === 'ended', ends)
      expect(await call('a', 'getState')).toBe('ended')

      // --- B: by chunk id, listened to with on()
      await waitFor(page, 'B', 'ready')
      expect(await waitFor(page, 'B', 'clipchange')).toEqual({
        index: 0,
        total: 1,
        chunkId: first,
        text: 'How are you today?',
      })
      expect(await waitFor(page, 'B', 'segmentchange')).toEqual({
        index: 0,
        text: 'How are you today?',
        start: 0,
        end: 2,
      })
      expect(await waitFor(page, 'B', 'wordchange', (d) => d.word === 'are')).toEqual({
        index: 1,
        word: 'are',
        start: 0.5,
        end: 1,
      })
      expect(await count(page, 'B', 'fetchdone')).toBe(0)
      // the light theme, French first in the panel, no info part
      const frameB = await frameOf(page, 'by-chunk')
      expect(await frameB.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
      await expect
        .poll(() => frameB.locator('.pr-language[aria-pressed="true"]').textContent())
        .toBe('French')
      expect(await frameB.locator('.pr-info').isVisible()).toBe(false)

      // off(): a removed listener hears nothing more
      await page.evaluate(() => {
        const w = window as unknown as {
          players: { b: { on(n: string, f: () => void): void; off(n: string, f: () => void): void } }
          offCalls: number
        }
        w.offCalls = 0
        const counting = () => {
          w.offCalls++
        }
        w.players.b.on('speedchange', counting)
        w.players.b.off('speedchange', counting)
      })
      await call('b', 'setSpeed', 1.25)
      expect(await waitFor(page, 'B', 'speedchange')).toEqual({ speed: 1.25 })
      expect(await page.evaluate(() => (window as unknown as { offCalls: number }).offCalls)).toBe(0)
      clips = await count(page, 'B', 'clipchange')
      await call('b', 'next')
      expect(await waitFor(page, 'B', 'clipchange', () => true, clips)).toEqual({
        index: 0,
        total: 1,
        chunkId: second,
        text: "I don't know what you mean.",
      })
      clips = await count(page, 'B', 'clipchange')
      // like the buttons, a move within 500 ms of the last one is dropped (the navigation lock)
      await page.waitForTimeout(700)
      await call('b', 'previous')
      expect(await waitFor(page, 'B', 'clipchange', () => true, clips)).toMatchObject({ chunkId: first })
      // the clip played once and ended (repeat 1, by chunk id nothing follows by itself)
      from = await count(page, 'B', 'statechange')
      await call('b', 'play')
      await waitFor(page, 'B', 'statechange', (d) => d.state === 'playing', from)
      from = await count(page, 'B', 'statechange')
      await call('b', 'pause')
      await waitFor(page, 'B', 'statechange', (d) => d.state === 'paused', from)
      expect(await call('b', 'getState')).toBe('paused')
      const wordsB = await count(page, 'B', 'wordchange')
      await call('b', 'seek', 0.6)
      expect(await waitFor(page, 'B', 'wordchange', (d) => d.word === 'are', wordsB)).toMatchObject({
        start: 0.5,
      })
      await call('b', 'replay')
      await waitFor(page, 'B', 'statechange', (d) => d.state === 'playing', from)
      await call('b', 'fetch', 'make up your mind')
      expect(await waitFor(page, 'B', 'fetchdone')).toEqual({ query: 'make up your mind', total: 1 })
      expect(
        await waitFor(page, 'B', 'clipchange', (d) => d.text === 'Make up your mind, please.'),
      ).toMatchObject({
        index: 0,
        total: 1,
      })

      // --- the host page's CSS does not reach the players
      const frameA = await frameOf(page, 'by-query')
      expect(await frameA.locator('[data-testid="phrasereel-player"]').isVisible()).toBe(true)
      expect(await frameA.locator('.pr-controls').isVisible()).toBe(true)
      const looks = await frameA.evaluate(() => {
        const title = document.querySelector('.pr-title') ?? document.querySelector('.pr-word')
        const style = getComputedStyle(title!)
        return { color: style.color, fontSize: style.fontSize }
      })
      expect(looks.color).not.toBe('rgb(255, 0, 0)')
      expect(looks.fontSize).not.toBe('40px')

      // --- messages from other windows do nothing
      // B's clip has played out (or is paused): a 'play' from a stranger must not start it
      await expect.poll(() => call('b', 'getState'), { timeout: 30_000 }).not.toBe('playing')
      const heard = (await logOf(page, 'A')).length
      const stateB = await call('b', 'getState')
      const statesB = await count(page, 'B', 'statechange')
      await page.evaluate(() => {
        const w = window as unknown as { players: { a: { id: string }; b: { id: string } } }
        const stranger = (document.getElementById('stranger') as HTMLIFrameElement).contentWindow!
        // code run inside the stranger window (same origin as the host page, so the host may run it there)
        const run = (code: string) => (stranger as unknown as { eval(code: string): unknown }).eval(code)
        const frameB = document.querySelector<HTMLIFrameElement>('#by-chunk iframe')!.contentWindow!
        const tag = { source: 'phrasereel', id: w.players.a.id }
        // forged events to the host, from the host's own origin and from the page itself
        const forged = {
          ...tag,
          type: 'event',
          event: 'clipchange',
          data: { index: 99, total: 99, chunkId: 99, text: 'forged' },
          state: { state: 'playing', speed: 2, index: 99, total: 99, chunkId: 99, query: 'x' },
        }
        run(`parent.postMessage(${JSON.stringify(forged)}, '*')`)
        window.postMessage(forged, '*')
        // a command to player B from a window that is not its parent
        const command = {
          source: 'phrasereel',
          id: w.players.b.id,
          type: 'command',
          command: 'play',
          args: [],
        }
        ;(stranger as unknown as { target: Window }).target = frameB
        run(`target.postMessage(${JSON.stringify(command)}, '*')`)
      })
      await page.waitForTimeout(1500)
      expect((await logOf(page, 'A')).slice(heard).filter((e) => e.data.text === 'forged')).toEqual([])
      expect(await call('a', 'getSpeed')).toBe(0.75)
      expect(await call('b', 'getState')).toBe(stateB)
      expect((await logOf(page, 'B', 'statechange')).slice(statesB)).toEqual([])

      // --- destroy(): no iframe, no listener left, and nothing heard afterwards
      await call('a', 'destroy')
      await call('b', 'destroy')
      expect(await page.locator('#by-query iframe, #by-chunk iframe').count()).toBe(0)
      expect(
        await page.evaluate(() => (window as unknown as { messageListeners: number }).messageListeners),
      ).toBe(baseline)
      const after = (await page.evaluate(() => (window as unknown as { log: unknown[] }).log)).length
      await call('a', 'play')
      await page.waitForTimeout(500)
      expect((await page.evaluate(() => (window as unknown as { log: unknown[] }).log)).length).toBe(after)
    })
  })
})

describe('code-free embeds', () => {
  it('mounts every .phrasereel-embed element with its data-* options', async () => {
    const [first] = longRoad()
    pages.set(
      '/code-free.html',
      hostPage(
        suite.site.url,
        `<div class="phrasereel-embed" id="by-query" data-query="break a leg" data-lang="fr" data-autoplay="1" data-muted="1" data-repeat="2" data-height="360"></div>
         <div class="phrasereel-embed" id="by-chunk" data-chunk-id="${first}" data-theme="light" data-controls="0" data-height="300"></div>`,
      ),
    )
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto(`${hostUrl}/code-free.html`)
      const query = await page.locator('#by-query iframe').getAttribute('src')
      const chunk = await page.locator('#by-chunk iframe').getAttribute('src')
      const q = new URL(query!)
      expect(q.origin).toBe(suite.site.url)
      expect(q.pathname).toBe('/embed')
      expect(Object.fromEntries(q.searchParams)).toMatchObject({
        q: 'break a leg',
        lang: 'fr',
        autoplay: '1',
        muted: '1',
        repeat: '2',
        origin: hostUrl,
      })
      const c = new URL(chunk!)
      expect(c.pathname).toBe(`/embed/${first}`)
      expect(Object.fromEntries(c.searchParams)).toMatchObject({ theme: 'light', controls: '0' })
      expect(await page.locator('#by-chunk iframe').evaluate((el) => el.getBoundingClientRect().height)).toBe(
        300,
      )

      const playing = await frameOf(page, 'by-query')
      await expect
        .poll(
          () =>
            playing.evaluate(() => document.querySelector<HTMLMediaElement>('.pr-media')?.currentTime ?? 0),
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThan(0.3)
      expect(await playing.locator('.pr-subtitle-bar').textContent()).toContain('Break')
      const still = await frameOf(page, 'by-chunk')
      await expect.poll(() => still.locator('[data-testid="phrasereel-player"]').isVisible()).toBe(true)
      expect(await still.locator('.pr-controls').isVisible()).toBe(false)
      expect(await still.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
      expect(await playing.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
      expect(await still.locator('[data-embed-link]').getAttribute('href')).toBe(`/play/${first}`)
    })
  })
})

describe('the embed page itself', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`is accessible, keyboard reachable and fits the frame; its search box searches (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto(`/embed?q=how%20are%20you&search=1&theme=${theme}`)
        const player = page.locator('[data-testid="phrasereel-player"]')
        await expect.poll(() => player.isVisible(), { timeout: 30_000 }).toBe(true)
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        )
        await expect.poll(() => page.locator('.pr-word').count(), { timeout: 30_000 }).toBeGreaterThan(0)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        )
        await expectNoSeriousA11yViolations(page)
        expect(await tabTo(page, '[data-testid="phrasereel-player"] button[aria-label="Play"]')).toBe(true)
        const box = page.getByRole('searchbox', { name: 'Search a phrase' })
        await box.fill('make up your mind')
        await box.press('Enter')
        await expect
          .poll(() => page.locator('.pr-title').textContent(), { timeout: 30_000 })
          .toBe('Kitchen Stories')
        expect(await page.locator('[data-embed-link]').getAttribute('href')).toBe(
          `/play/${suite.site.content[1]!.chunkIds[1]}`,
        )
      })
    })
  }
})
