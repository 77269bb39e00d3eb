/**
 * Search filters and order (issue 18, docs/decisions/098): the disclosure and its GET form, counts per value, the
 * filters in the address and through pagination, the order, without JavaScript, at both widths and themes.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  expectNoSeriousA11yViolations,
  learnerSuite,
  MATRIX,
  seedMore,
  tabTo,
  withPage,
} from './learner-helpers.ts'

const PHRASE = 'sunny morning walk'

const suite = learnerSuite(async (s) => {
  await seedMore(s, [
    {
      name: 'Walk Film',
      category: 'Movie',
      genre: 'Drama',
      year: 2010,
      chunks: Array.from({ length: 3 }, (_, i) => ({ text: `A ${PHRASE} again, take ${i + 1}.` })),
    },
    {
      name: 'Walk Show',
      category: 'series',
      genre: 'Comedy',
      year: 2020,
      chunks: Array.from({ length: 12 }, (_, i) => ({ text: `The ${PHRASE} episode ${i + 1}.` })),
    },
    {
      name: 'Walk Cast',
      category: 'podcast',
      genre: 'comedy',
      year: 2022,
      chunks: [
        { text: `Our ${PHRASE} podcast.`, chunkType: 'audio', duration: 1 },
        { text: `Another ${PHRASE} podcast.`, chunkType: 'audio', duration: 1.2 },
      ],
    },
  ])
})

const q = encodeURIComponent(PHRASE)
const summary = (page: Page) => page.locator('.results-summary')
const disclosure = (page: Page) => page.locator('details[data-search-filters]')
const optionTexts = (page: Page, id: string) => page.locator(`#${id} option`).allTextContents()
const titles = (page: Page) => page.locator('.results .result__title').allTextContents()

describe('search filters', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`offers counted filters in a disclosure and applies them through the address (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto(`/search?q=${q}`)
        await expect.poll(() => summary(page).textContent()).toBe(`Found 17 result(s) for "${PHRASE}"`)
        // open on wide screens; folded on narrow ones until asked, by keyboard
        const open = () => disclosure(page).evaluate((el) => (el as HTMLDetailsElement).open)
        if (viewport === 'desktop') {
          await expect.poll(open).toBe(true)
        } else {
          expect(await open()).toBe(false)
          expect(await page.locator('#filter-genre').isVisible()).toBe(false)
          expect(await tabTo(page, '.search-filters__summary')).toBe(true)
          await page.keyboard.press('Enter')
          await expect.poll(open).toBe(true)
        }
        expect(await optionTexts(page, 'filter-genre')).toEqual(['Any genre', 'Comedy (14)', 'Drama (3)'])
        expect(await optionTexts(page, 'filter-category')).toEqual([
          'Any category',
          'Series (12)',
          'Movie (3)',
          'Podcast (2)',
        ])
        expect(await optionTexts(page, 'filter-type')).toEqual(['Video or audio', 'Video (15)', 'Audio (2)'])
        expect(await optionTexts(page, 'filter-sort')).toEqual(['Best match', 'Shortest clip', 'Newest'])
        // every control is labelled
        for (const id of [
          'filter-genre',
          'filter-category',
          'filter-type',
          'filter-year-from',
          'filter-year-to',
        ]) {
          expect(await page.locator(`label[for="${id}"]`).count(), id).toBe(1)
        }
        await expectNoSeriousA11yViolations(page)
        // nothing runs off a 375 px screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        )

        await page.locator('#filter-genre').selectOption('comedy')
        await page.locator('#filter-type').selectOption('audio')
        await page.locator('.search-filters__form button[type="submit"]').click()
        await page.waitForURL((url) => url.searchParams.get('type') === 'audio')
        // empty fields and the default order stay out of the address
        expect(new URL(page.url()).search).toBe(`?q=sunny+morning+walk&genre=comedy&type=audio`)
        await expect.poll(() => summary(page).textContent()).toBe(`Found 2 result(s) for "${PHRASE}"`)
        expect(new Set(await titles(page))).toEqual(new Set(['Walk Cast']))
        // the chosen filters show, the disclosure stays open (at both widths), and the counts follow
        expect(await open()).toBe(true)
        expect(await page.locator('.search-filters__active').textContent()).toBe('2 active')
        expect(await page.locator('#filter-genre').inputValue()).toBe('comedy')
        expect(await page.locator('#filter-type').inputValue()).toBe('audio')
        // genres counted under the audio filter, media types under the genre filter
        expect(await optionTexts(page, 'filter-genre')).toEqual(['Any genre', 'Comedy (2)'])
        expect(await optionTexts(page, 'filter-type')).toEqual(['Video or audio', 'Video (12)', 'Audio (2)'])
        await expectNoSeriousA11yViolations(page)

        await page.locator('.search-filters__actions a', { hasText: 'Clear filters' }).click()
        await page.waitForURL((url) => !url.searchParams.has('genre'))
        await expect.poll(() => summary(page).textContent()).toBe(`Found 17 result(s) for "${PHRASE}"`)
      })
    })
  }

  it('keeps the filters and order through pagination (address and API calls)', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      await page.goto(`/search?q=${q}&genre=Comedy&type=video&sort=shortest`)
      await expect.poll(() => summary(page).textContent()).toBe(`Found 12 result(s) for "${PHRASE}"`)
      expect(new Set(await titles(page))).toEqual(new Set(['Walk Show']))
      expect(await page.locator('#filter-sort').inputValue()).toBe('shortest')
      const asked = page.waitForRequest((request) => request.url().includes('/api/search?'))
      await page.getByRole('button', { name: 'Page 2' }).click()
      const api = new URL((await asked).url())
      expect(api.searchParams.get('genre')).toBe('comedy')
      expect(api.searchParams.get('type')).toBe('video')
      expect(api.searchParams.get('sort')).toBe('shortest')
      await expect.poll(() => page.locator('.results > li').count()).toBe(2)
      expect(new Set(await titles(page))).toEqual(new Set(['Walk Show']))
      const url = new URL(page.url())
      expect(url.searchParams.get('page')).toBe('2')
      expect(url.searchParams.get('genre')).toBe('Comedy')
      expect(url.searchParams.get('sort')).toBe('shortest')
      // a reload of the shared address shows the same page
      await page.reload()
      await expect.poll(() => page.locator('.results > li').count()).toBe(2)
      expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe('2')
    })
  })

  it('orders newest first and by clip length', async () => {
    await withPage(suite, { viewport: 'mobile', theme: 'dark' }, async (page) => {
      await page.goto(`/search?q=${q}&sort=newest`)
      await expect.poll(() => page.locator('.results > li').count()).toBe(10)
      expect((await titles(page)).slice(0, 2)).toEqual(['Walk Cast', 'Walk Cast'])
      expect((await titles(page))[2]).toBe('Walk Show')
      await page.goto(`/search?q=${q}&sort=shortest&year_to=2015`)
      expect(new Set(await titles(page))).toEqual(new Set(['Walk Film']))
      expect(await page.locator('#filter-year-to').inputValue()).toBe('2015')
    })
  })

  it('works as a plain GET form without JavaScript', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.site.url, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto(`/search?q=${q}&genre=drama`)
      expect(await summary(page).textContent()).toBe(`Found 3 result(s) for "${PHRASE}"`)
      // a filter is set: the disclosure is open without a script
      expect(await disclosure(page).getAttribute('open')).not.toBeNull()
      await page.locator('#filter-genre').selectOption('')
      await page.locator('#filter-year-from').fill('2021')
      await page.locator('.search-filters__form button[type="submit"]').click()
      await page.waitForURL((url) => url.searchParams.get('year_from') === '2021')
      expect(await summary(page).textContent()).toBe(`Found 2 result(s) for "${PHRASE}"`)
      expect(new Set(await titles(page))).toEqual(new Set(['Walk Cast']))
    } finally {
      await context.close()
    }
  })
})
