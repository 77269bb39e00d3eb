/**
 * Home, lists and layout (issue 17): the empty state shows only when the grid is empty; a genre chip fills the
 * grid from that genre, 12 new clips a page (`random-chunks?genre=`); a long unbroken query does not widen the
 * search page; the side menu's items without a link say they are unavailable; play history can be cleared (one
 * entry or all, after a confirmation). At 1280 and 375 px, axe clean in both themes.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  signInContext,
  visit,
} from './account-fixtures.ts'
import { hydrated, learnerSuite, manyClips, seedMore, withPage } from './learner-helpers.ts'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

let genreOf = new Map<number, string>()

const suite = learnerSuite(async (site) => {
  const seeded = await seedMore(site, [
    manyClips('Action Reel', 'Action', 30, 'let us go'),
    manyClips('Nature Talk', 'Documentary', 30, 'look at that'),
  ])
  genreOf = new Map([
    ...seeded[0]!.chunkIds.map((id) => [id, 'action'] as const),
    ...seeded[1]!.chunkIds.map((id) => [id, 'documentary'] as const),
  ])
})

const cards = (page: Page) => page.locator('[data-feed] > li:not([data-skeleton])')

async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .locator('[data-feed] .card__thumb')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  return hrefs.map((href) => Number(href?.split('/').pop()))
}

const scrollToBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))

/** No horizontal scroll: the page is no wider than the viewport. */
const pageWidth = (page: Page) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }))

describe('home', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows the empty state only when the grid is empty (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/')
        await hydrated(page)
        expect(await cards(page).count()).toBe(12)
        const empty = page.locator('[data-empty]')
        expect(await empty.isVisible()).toBe(false)
        expect(await page.getByText('No videos yet', { exact: true }).isVisible()).toBe(false)
      })
      // a catalogue that answers nothing: the empty state, and no grid
      await withPage(suite, { viewport, theme: 'light' }, async (page) => {
        await page.route('**/api/content/random-chunks*', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
        )
        await page.route(
          (url) => url.pathname === '/',
          async (route) => {
            const response = await route.fetch()
            const html = (await response.text())
              .replace(/(<script[^>]*data-feed-data[^>]*>)[\s\S]*?(<\/script>)/, '$1[]$2')
              .replace(/(<ul[^>]*data-feed[^>]*>)[\s\S]*?(<\/ul>)/, '$1$2')
            const headers = response.headers()
            delete headers['content-encoding']
            delete headers['content-length']
            await route.fulfill({ status: response.status(), headers, body: html })
          },
        )
        await page.goto('/')
        await expect.poll(() => page.locator('[data-empty]').isVisible(), { timeout: 15_000 }).toBe(true)
        expect(await page.locator('[data-feed]').isVisible()).toBe(false)
      })
    })

    it(`a genre chip fills the grid from that genre, 12 new clips a page, none twice (${viewport})`, async () => {
      await withPage(suite, { viewport, theme: viewport === 'desktop' ? 'dark' : 'light' }, async (page) => {
        const asked: URL[] = []
        page.on('request', (request) => {
          if (request.url().includes('/api/content/random-chunks')) asked.push(new URL(request.url()))
        })
        await page.goto('/')
        await hydrated(page)
        const chips = (
          await page.getByRole('group', { name: 'Filter by genre' }).getByRole('button').allTextContents()
        ).map((chip) => chip.trim().toLowerCase())
        // 12 random clips of 66, 30 of each seeded genre: at least one of them is on the first page
        const genre = ['action', 'documentary'].find((g) => chips.includes(g))!
        expect(genre).toBeDefined()
        const shownBefore = (await cardIds(page)).filter((id) => genreOf.get(id) === genre)
        const askedBefore = asked.length

        await page.getByRole('button', { name: genre, exact: true }).click()
        await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(12)
        let ids = await cardIds(page)
        for (const id of ids) expect(genreOf.get(id)).toBe(genre)
        expect(ids.slice(0, shownBefore.length)).toEqual(shownBefore)
        const first = asked.at(-1)!
        expect(first.searchParams.get('genre')).toBe(genre)
        expect(first.searchParams.get('limit')).toBe('12')
        // it leaves out what the page has of the genre (at least the clips shown before; a load that was under way
        // when the chip was clicked may have brought more)
        const excluded = (first.searchParams.get('exclude') ?? '').split(',').map(Number)
        for (const id of shownBefore) expect(excluded).toContain(id)
        for (const id of excluded) expect(genreOf.get(id)).toBe(genre)
        for (const label of await page.locator('[data-feed] .card__type').allTextContents())
          expect(label.toLowerCase()).toBe(genre)

        // the next pages: 12 more of the genre each, no clip twice, until the genre's 30 are all there
        for (const expected of [24, 30]) {
          await scrollToBottom(page)
          await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(expected)
          ids = await cardIds(page)
          expect(new Set(ids).size).toBe(ids.length)
          for (const id of ids) expect(genreOf.get(id)).toBe(genre)
        }
        // every page after the chip came from the genre
        expect(asked.slice(askedBefore).map((url) => url.searchParams.get('genre'))).toEqual(
          asked.slice(askedBefore).map(() => genre),
        )
        await expect.poll(() => page.locator('.load-more').textContent(), { timeout: 20_000 }).toBe('')
        expect((await pageWidth(page)).scroll).toBeLessThanOrEqual((await pageWidth(page)).viewport)

        // changing the genre goes back to the first page of the filtered set (spec §4)
        await page.getByRole('button', { name: 'All', exact: true }).click()
        await expect.poll(() => cards(page).count()).toBe(12)
      })
    })
  }
})

describe('layout', () => {
  for (const [viewport, theme] of [
    ['desktop', 'dark'],
    ['mobile', 'light'],
    ['mobile', 'dark'],
    ['desktop', 'light'],
  ] as const) {
    it(`a long unbroken query does not widen the search page (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        const query = 'supercalifragilistic'.repeat(15)
        await page.goto(`/search?q=${query}`)
        const h1 = page.getByRole('heading', { level: 1 })
        await h1.waitFor()
        const width = await pageWidth(page)
        expect(width.scroll).toBeLessThanOrEqual(width.viewport)
        const box = await h1.boundingBox()
        expect(box!.x + box!.width).toBeLessThanOrEqual(width.viewport)
        expect(await h1.textContent()).toContain(query)
        await expectNoSeriousA11yViolations(page, `/search long query ${viewport} ${theme}`)
      })
    })
  }

  for (const [viewport, theme] of [
    ['desktop', 'dark'],
    ['mobile', 'light'],
  ] as const) {
    it(`the side menu's items without a link look and announce themselves as unavailable (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto('/')
        await hydrated(page)
        if (viewport === 'mobile') {
          await page.getByRole('button', { name: 'Open menu' }).click()
          await page.locator('#side-menu').waitFor({ state: 'visible' })
        }
        const menu = page.locator('#side-menu')
        for (const label of ['Trending', 'Music', 'Movies & TV', 'Live', 'Gaming']) {
          const item = menu.getByRole('link', { name: `${label} Soon`, exact: true })
          expect(await item.getAttribute('aria-disabled'), label).toBe('true')
          expect(await item.isVisible()).toBe(true)
          expect(await item.getByText('Soon', { exact: true }).isVisible()).toBe(true)
          expect(await item.getAttribute('href')).toBeNull()
          expect(await item.isDisabled()).toBe(true)
        }
        // the real links are not marked so
        expect(
          await menu.getByRole('link', { name: 'Collections', exact: true }).getAttribute('aria-disabled'),
        ).toBeNull()
        await expectNoSeriousA11yViolations(page, `/ side menu ${viewport} ${theme}`)
        const width = await pageWidth(page)
        expect(width.scroll).toBeLessThanOrEqual(width.viewport)
      })
    })
  }
})

describe('play history', () => {
  for (const [viewport, theme] of [
    ['desktop', 'dark'],
    ['mobile', 'light'],
  ] as const) {
    it(`clears one entry, then all of it after a confirmation (${viewport}, ${theme})`, async () => {
      const account = await createAccount(suite.site, { firstName: 'Hana', lastName: 'History' })
      const clips = suite.site.content
        .slice(0, 2)
        .flatMap((c) => c.chunkIds.slice(0, 2).map((id) => ({ id, c })))
      for (const { id, c } of clips.slice(0, 3)) {
        await apiAs(suite.site, account, 'POST', '/api/user-content/play', {
          content_chunk_id: id,
          content_metadata_id: c.contentId,
        })
      }
      const history = async () =>
        (
          await apiAs<{ chunk: { id: number } }[]>(
            suite.site,
            account,
            'GET',
            '/api/user-content/play-history',
          )
        ).map((item) => item.chunk.id)
      const before = await history()
      expect(before).toHaveLength(3)

      await withPage(suite, { viewport, theme }, async (page, opened) => {
        await signInContext(opened.context, suite.site, account)
        await visit(page, '/play-history')
        const items = page.locator('[data-list="history"] > li')
        await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(3)
        await expectNoSeriousA11yViolations(page, `/play-history ${viewport} ${theme}`)
        const removes = page.getByRole('button', { name: new RegExp(`^${MESSAGES.removeFromHistory}: `) })
        expect(await removes.count()).toBe(3)

        // remove the second entry: it goes, here and on the server; focus moves to the entry in its place
        await removes.nth(1).click()
        await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2)
        expect(await history()).toEqual([before[0], before[2]])
        await expect
          .poll(() =>
            page.evaluate(() => document.activeElement?.hasAttribute('data-remove-history') ?? false),
          )
          .toBe(true)
        await expect
          .poll(() => page.getByRole('status').filter({ hasText: MESSAGES.removedFromHistory }).count())
          .toBe(1)
        await visit(page, '/play-history')
        await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2)

        // clear all asks first: dismissing keeps everything
        const clear = page.getByRole('button', { name: MESSAGES.clearHistory, exact: true })
        page.once('dialog', (dialog) => {
          expect(dialog.message()).toBe(MESSAGES.clearHistoryConfirm)
          void dialog.dismiss()
        })
        await clear.click()
        await page.waitForTimeout(500)
        expect(await items.count()).toBe(2)
        expect(await history()).toHaveLength(2)
        // accepting clears it: the spec's empty state, and nothing on the server
        page.once('dialog', (dialog) => void dialog.accept())
        await clear.click()
        await page.getByText(MESSAGES.historyEmptyTitle, { exact: true }).waitFor({ timeout: 15_000 })
        expect(await history()).toEqual([])
        expect(await clear.count()).toBe(0)
        await expectNoSeriousA11yViolations(page, `/play-history cleared ${viewport} ${theme}`)
        const width = await pageWidth(page)
        expect(width.scroll).toBeLessThanOrEqual(width.viewport)
      })
    })
  }
})
