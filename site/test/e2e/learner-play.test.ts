/**
 * /play/{chunkId} (spec §2.6, §4, §8 chunk page): server-rendered share tags, the full-screen player, previous and
 * next through the content item (404 → stay), the loading overlay and the error card, both widths and themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startAccountSite } from './account-fixtures.ts'
import { launchBrowser, openPage, type TestSite } from './harness.ts'
import { MATRIX } from './learner-helpers.ts'

let site: TestSite
let browser: Browser

beforeAll(async () => {
  site = await startAccountSite()
  browser = await launchBrowser()
}, 600_000)
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

const player = (page: Page) => page.locator('[data-testid="phrasereel-player"]')
const longRoad = () => site.content[0]!.chunkIds

describe('share tags', () => {
  it('renders Open Graph and Twitter tags with title, description and thumbnail on the server', async () => {
    const [first] = longRoad()
    const response = await fetch(`${site.url}/play/${first}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    const tag = (attr: string, name: string) =>
      new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1]
    expect(tag('property', 'og:title')).toBe('The Long Road · Part 1')
    expect(tag('property', 'og:description')).toContain('How are you today?')
    expect(tag('property', 'og:image')).toMatch(new RegExp(`^${site.url}/media/\\d+/1_thumbnail\\.jpg$`))
    expect(tag('property', 'og:url')).toBe(`${site.url}/play/${first}`)
    expect(tag('name', 'twitter:card')).toBe('summary_large_image')
    expect(tag('name', 'twitter:title')).toBe('The Long Road · Part 1')
    expect(tag('name', 'twitter:image')).toBe(tag('property', 'og:image'))
    expect(html).toMatch(/<title>The Long Road · Part 1 – PhraseReel<\/title>/)
  })
})

describe('player page', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`plays the clip full screen; next goes on, previous at the first clip stays (${viewport}, ${theme})`, async () => {
      const opened = await openPage(browser, site, { viewport, theme })
      const { page } = opened
      const [first, second] = longRoad()
      await page.goto(`/play/${first}`)
      await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
      const box = await player(page).boundingBox()
      const size = page.viewportSize()!
      expect(box?.width).toBeGreaterThanOrEqual(size.width - 1)
      await player(page).getByRole('button', { name: 'Previous clip' }).click()
      await page.waitForTimeout(1000)
      expect(new URL(page.url()).pathname).toBe(`/play/${first}`)
      await player(page).getByRole('button', { name: 'Next clip' }).click()
      await page.waitForURL((url) => url.pathname === `/play/${second}`, { timeout: 10_000 })
      await expect.poll(() => page.title()).toContain('The Long Road')
      await page.goBack()
      await page.waitForURL((url) => url.pathname === `/play/${first}`)
      // the 404 of 'previous' at the first clip is the expected answer, not an error of the page
      opened.errors.splice(
        0,
        opened.errors.length,
        ...opened.errors.filter((e) => !e.includes('status of 404')),
      )
      opened.assertNoConsoleErrors()
      await opened.close()
    })
  }

  it("shows 'Loading chunk...' until the player is ready", async () => {
    const opened = await openPage(browser, site, { viewport: 'mobile', theme: 'light' })
    const { page } = opened
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/_astro/*.js', async (route) => {
      await gate
      await route.continue()
    })
    await page.goto(`/play/${longRoad()[0]}`, { waitUntil: 'commit' })
    await expect.poll(() => page.locator('[data-loading]').isVisible(), { timeout: 10_000 }).toBe(true)
    release()
    await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
    await expect.poll(() => page.locator('[data-loading]').isVisible()).toBe(false)
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('keyboard: the arrow key goes to the next clip', async () => {
    const opened = await openPage(browser, site, { viewport: 'desktop' })
    const { page } = opened
    const [first, second] = longRoad()
    await page.goto(`/play/${first}`)
    await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
    await page.keyboard.press('ArrowRight')
    await page.waitForURL((url) => url.pathname === `/play/${second}`, { timeout: 10_000 })
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})

describe('error card', () => {
  for (const { viewport, theme } of MATRIX.slice(0, 3)) {
    it(`'Chunk not found' with a real 404 and 'Go Back Home' (${viewport}, ${theme})`, async () => {
      const opened = await openPage(browser, site, { viewport, theme })
      const { page } = opened
      const response = await page.goto('/play/987654')
      expect(response?.status()).toBe(404)
      expect(await page.getByRole('heading', { name: 'Chunk not found' }).isVisible()).toBe(true)
      opened.errors.splice(0)
      await page.getByRole('link', { name: 'Go Back Home' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      expect((await page.goto('/play/not-a-number'))?.status()).toBe(404)
      expect((await page.goto('/play/'))?.status()).toBe(404)
      expect(await page.getByRole('heading', { name: 'No chunk ID provided' }).isVisible()).toBe(true)
      await opened.close()
    })
  }

  it('shows the fetch failure texts when moving to a clip fails', async () => {
    const opened = await openPage(browser, site, { viewport: 'desktop' })
    const { page } = opened
    const [first, second] = longRoad()
    await page.route(`**/api/content/chunk/${second}`, (route) =>
      route.fulfill({ status: 500, body: '{"detail":"x"}' }),
    )
    await page.goto(`/play/${first}`)
    await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
    await player(page).getByRole('button', { name: 'Next clip' }).click()
    await expect
      .poll(
        () =>
          page
            .getByRole('heading', { name: 'Failed to fetch chunk data: 500 Internal Server Error' })
            .isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true)
    expect(await page.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/')
    await page.unroute(`**/api/content/chunk/${second}`)
    await page.route(`**/api/content/chunk/${second}`, (route) => route.abort())
    await page.goto(`/play/${first}`)
    await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
    await player(page).getByRole('button', { name: 'Next clip' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Failed to load chunk data' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true)
    await opened.close()
  })
})
