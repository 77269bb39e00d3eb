/**
 * Embedding from the site's side (issue 16): /play's oEmbed discovery link and the endpoint it names, the Embed
 * dialog (keyboard, both snippets for the clip shown, Copy, Esc and focus back), and the /developers/embed guide
 * (every method and event, axe in both themes, 375 px, not framable, and its live example on /embed/api.js).
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousA11yViolations, learnerSuite, player, withPage } from './learner-helpers.ts'

const suite = learnerSuite()

/** The clips of 'The Long Road' (fixture-content.ts): 'How are you today?' first. */
const longRoad = () => suite.site.content[0]!.chunkIds

const iframeSnippet = (id: number) =>
  `<iframe src="${suite.site.url}/embed/${id}" width="640" height="360" title="PhraseReel player" allow="autoplay; fullscreen; clipboard-write" allowfullscreen loading="lazy" style="border:0"></iframe>`

const scriptSnippet = (id: number) =>
  `<div id="phrasereel-player"></div>
<script src="${suite.site.url}/embed/api.js" async></script>
<script>
  window.onPhraseReelReady = function () {
    new PhraseReel.Player('phrasereel-player', { chunkId: ${id} })
  }
</script>`

const embedButton = (page: Page) => player(page).getByRole('button', { name: 'Embed', exact: true })
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Embed this clip' })
const activeIs = (page: Page, selector: string) =>
  page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)

/** Tabs through the page until `selector` has focus (at most `limit` presses). */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await activeIs(page, selector)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`${selector} was not reached with Tab`)
}

describe('oEmbed discovery', () => {
  it('/play names its oEmbed endpoint, and that answers with the /embed iframe of the clip', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      const [first] = longRoad()
      await page.goto(`/play/${first}`)
      const link = page.locator('head link[rel="alternate"][type="application/json+oembed"]')
      expect(await link.count()).toBe(1)
      expect(await link.getAttribute('title')).toBe('“How are you today?” in The Long Road · Part 1')
      const href = (await link.getAttribute('href'))!
      const url = new URL(href)
      expect(url.origin + url.pathname).toBe(`${suite.site.url}/api/oembed`)
      expect(url.searchParams.get('url')).toBe(`${suite.site.url}/play/${first}`)
      expect(url.searchParams.get('format')).toBe('json')
      const response = await fetch(href)
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      const body = (await response.json()) as Record<string, unknown>
      expect(body).toMatchObject({
        type: 'video',
        version: '1.0',
        title: 'The Long Road · Part 1',
        provider_name: 'PhraseReel',
        provider_url: `${suite.site.url}/`,
        html: iframeSnippet(first!),
        width: 640,
        height: 360,
      })
      expect(body.thumbnail_url).toMatch(new RegExp(`^${suite.site.url}/media/\\d+/1_thumbnail\\.jpg$`))
      // the thumbnail it names is served
      expect((await fetch(body.thumbnail_url as string)).status).toBe(200)
      // an unknown clip has no page, so no link; its oEmbed answer is a 404
      const unknown = await fetch(
        `${suite.site.url}/api/oembed?url=${encodeURIComponent(`${suite.site.url}/play/99999999`)}`,
      )
      expect(unknown.status).toBe(404)
    })
  })
})

describe('Embed dialog on /play', () => {
  for (const { viewport, theme } of [
    { viewport: 'desktop', theme: 'dark' },
    { viewport: 'mobile', theme: 'light' },
  ] as const) {
    it(`opens by keyboard with both snippets, copies them, keeps focus in, Esc closes (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        const [first, second] = longRoad()
        await page.goto(`/play/${first}`)
        await expect.poll(() => embedButton(page).isVisible(), { timeout: 10_000 }).toBe(true)
        // no horizontal scroll with the button in the control row
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          page.viewportSize()!.width,
        )
        await tabTo(page, '[data-embed-button]')
        await page.keyboard.press('Enter')
        await expect.poll(() => dialog(page).isVisible(), { timeout: 10_000 }).toBe(true)
        const iframeBox = dialog(page).getByLabel('Iframe', { exact: true })
        const scriptBox = dialog(page).getByLabel('JavaScript API', { exact: true })
        expect(await iframeBox.inputValue()).toBe(iframeSnippet(first!))
        expect(await scriptBox.inputValue()).toBe(scriptSnippet(first!))
        // focus starts inside, on the first Copy button, and Tab and Shift+Tab never leave the dialog
        expect(await activeIs(page, '[data-embed-dialog] [data-copy-snippet="embed-snippet-iframe"]')).toBe(
          true,
        )
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab')
          expect(await activeIs(page, '[data-embed-dialog] *')).toBe(true)
        }
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Shift+Tab')
          expect(await activeIs(page, '[data-embed-dialog] *')).toBe(true)
        }
        await expectNoSeriousA11yViolations(page)

        const copyIframe = dialog(page).getByRole('button', { name: 'Copy Iframe snippet' })
        await copyIframe.focus()
        await page.keyboard.press('Enter')
        await expect
          .poll(() => page.evaluate(() => navigator.clipboard.readText()))
          .toBe(iframeSnippet(first!))
        expect(await dialog(page).getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true)
        await expect.poll(() => dialog(page).locator('[data-toast="success"]').textContent()).toBe('Copied!')
        await dialog(page).getByRole('button', { name: 'Copy JavaScript API snippet' }).click()
        await expect
          .poll(() => page.evaluate(() => navigator.clipboard.readText()))
          .toBe(scriptSnippet(first!))

        // the player's keys do not act under the dialog: → (next clip) stays, Esc closes the dialog only (the
        // player's Esc leaves /play)
        await page.keyboard.press('ArrowRight')
        await page.waitForTimeout(1000)
        expect(new URL(page.url()).pathname).toBe(`/play/${first}`)
        await page.keyboard.press('Escape')
        await expect.poll(() => dialog(page).isVisible()).toBe(false)
        expect(new URL(page.url()).pathname).toBe(`/play/${first}`)
        expect(await activeIs(page, '[data-embed-button]')).toBe(true)
        // the clip (started at once, issue 17) still plays: neither key reached the player
        expect(
          await player(page)
            .locator('[data-testid="pr-media"]')
            .evaluate((media: HTMLMediaElement) => media.paused),
        ).toBe(false)

        // after next, the snippets are those of the clip shown
        await player(page).getByRole('button', { name: 'Next clip' }).click()
        await page.waitForURL((url) => url.pathname === `/play/${second}`, { timeout: 10_000 })
        await embedButton(page).click()
        await expect.poll(() => iframeBox.inputValue()).toBe(iframeSnippet(second!))
        expect(await scriptBox.inputValue()).toBe(scriptSnippet(second!))
        await dialog(page).getByRole('button', { name: 'Close' }).click()
        await expect.poll(() => dialog(page).isVisible()).toBe(false)
        expect(await activeIs(page, '[data-embed-button]')).toBe(true)
      })
    })
  }
})

const METHODS = [
  'play',
  'pause',
  'replay',
  'next',
  'previous',
  'seek',
  'setSpeed',
  'getSpeed',
  'fetch',
  'getState',
  'on',
  'off',
  'destroy',
]
/** Each event: its on() name, its `events` option name and its payload. */
const EVENTS: [string, string, string][] = [
  ['ready', 'onReady', '{}'],
  ['fetchdone', 'onFetchDone', '{ query, total }'],
  ['clipchange', 'onClipChange', '{ index, total, chunkId, text }'],
  ['segmentchange', 'onSegmentChange', '{ index, text, start, end }'],
  ['wordchange', 'onWordChange', '{ index, word, start, end }'],
  ['statechange', 'onStateChange', "{ state: 'playing' | 'paused' | 'ended' | 'buffering' }"],
  ['speedchange', 'onSpeedChange', '{ speed }'],
  ['error', 'onError', '{ code, message }'],
]
const OPTIONS = [
  'query',
  'chunkId',
  'lang',
  'autoplay',
  'theme',
  'speed',
  'repeat',
  'components',
  'width',
  'height',
  'events',
]

describe('/developers/embed', () => {
  it('documents every option, method and event with its payload, the snippets, the code-free embed and oEmbed', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      const response = await page.goto('/developers/embed')
      expect(response?.status()).toBe(200)
      // a normal page: other sites may not frame it
      const headers = response!.headers()
      expect(headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(headers['content-security-policy']).toMatch(/frame-ancestors 'self'/)
      const [first] = longRoad()
      const article = page.locator('[data-embed-docs]')
      expect(await article.getAttribute('data-example-id')).toBe(String(first))
      const text = (await article.textContent()) ?? ''
      expect(text).toContain(iframeSnippet(first!))
      expect(text).toContain(scriptSnippet(first!))
      expect(text).toContain('<div class="phrasereel-embed" data-query="break a leg" data-lang="fr"></div>')
      expect(text).toContain(`${suite.site.url}/embed/api.js`)
      expect(text).toContain('/api/oembed?url=')
      const options = await page.getByRole('region', { name: 'Options' }).textContent()
      for (const name of OPTIONS) expect(options, name).toContain(name)
      for (const name of METHODS) {
        expect(await page.locator(`tr[data-method="${name}"]`).count(), name).toBe(1)
        expect(await page.locator(`tr[data-method="${name}"] th`).textContent()).toMatch(
          new RegExp(`^${name}\\(`),
        )
      }
      for (const [name, onName, payload] of EVENTS) {
        const row = page.locator(`tr[data-event="${name}"]`)
        expect(await row.count(), name).toBe(1)
        expect(await row.locator('th').textContent(), name).toBe(name)
        expect(await row.textContent(), name).toContain(onName)
        expect(await row.textContent(), name).toContain(payload)
      }
    })
  })

  for (const { viewport, theme } of [
    { viewport: 'desktop', theme: 'dark' },
    { viewport: 'desktop', theme: 'light' },
    { viewport: 'mobile', theme: 'dark' },
    { viewport: 'mobile', theme: 'light' },
  ] as const) {
    it(`has no serious axe violation and no horizontal scroll (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto('/developers/embed')
        await expect
          .poll(() => page.locator('[data-example-status]').textContent(), { timeout: 20_000 })
          .toBe('The player is ready.')
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        )
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          page.viewportSize()!.width,
        )
        await expectNoSeriousA11yViolations(page)
      })
    })
  }

  it('runs the live example: the iframe by clip id shows the player, and the buttons drive the JS API player', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/developers/embed')
      const [first] = longRoad()
      const iframe = page.locator('iframe[data-example-iframe]')
      expect(await iframe.getAttribute('src')).toBe(`/embed/${first}`)
      await iframe.scrollIntoViewIfNeeded()
      const frame = page.frameLocator('iframe[data-example-iframe]')
      await expect
        .poll(() => frame.locator('[data-testid="phrasereel-player"]').isVisible(), { timeout: 20_000 })
        .toBe(true)

      const status = page.locator('[data-example-status]')
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('The player is ready.')
      const log = page.locator('[data-event-log] li')
      const logged = async (name: string) =>
        (await page.locator(`[data-event-log] li[data-event="${name}"]`).allTextContents()).map((line) =>
          JSON.parse(line.slice(name.length + 1)),
        )
      expect(await logged('ready')).toEqual([{}])
      // the search for the first clip's first words: 'How are you today?' and 'Good morning, how are you?'
      await expect
        .poll(() => logged('fetchdone'), { timeout: 10_000 })
        .toEqual([{ query: 'how are you', total: 2 }])
      await expect
        .poll(async () => (await logged('clipchange'))[0], { timeout: 10_000 })
        .toMatchObject({
          index: 0,
          total: 2,
        })

      await page.getByRole('button', { name: 'Play', exact: true }).click()
      await expect
        .poll(async () => (await logged('statechange')).map((event) => event.state), { timeout: 10_000 })
        .toContain('playing')
      await expect
        .poll(async () => (await logged('wordchange')).length, { timeout: 10_000 })
        .toBeGreaterThan(0)
      const word = (await logged('wordchange'))[0]
      expect(typeof word.word).toBe('string')
      expect(word.end).toBeGreaterThanOrEqual(word.start)

      await page.getByLabel('Speed').selectOption('1.25')
      await expect.poll(() => logged('speedchange'), { timeout: 10_000 }).toContainEqual({ speed: 1.25 })

      await page.getByRole('button', { name: 'Next', exact: true }).click()
      await expect
        .poll(async () => (await logged('clipchange')).map((event) => event.index), { timeout: 10_000 })
        .toContain(1)

      await page.getByRole('button', { name: 'Pause', exact: true }).click()
      await expect
        .poll(async () => (await logged('statechange')).at(-1)?.state, { timeout: 10_000 })
        .toBe('paused')

      await page.getByRole('button', { name: 'Clear log' }).click()
      expect(await log.count()).toBe(0)
    })
  })
})
