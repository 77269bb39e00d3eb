/**
 * Home (spec §2.3, §2.7, §4 Home list, §9): the random grid, the genre filter, skeletons, 12 more on scroll with
 * the timing rules, and the video modal with wrap-around previous/next, at both widths and themes, by keyboard.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  gate,
  hydrated,
  MATRIX,
  manyClips,
  player,
  seedMore,
  tabTo,
  learnerSuite,
  withPage,
} from './learner-helpers.ts'

const suite = learnerSuite()

const cards = (page: Page) => page.locator('[data-feed] > li:not([data-skeleton])')

async function cardIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .locator('[data-feed] .card__thumb')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  return hrefs.map((href) => Number(href?.split('/').pop()))
}

async function playingId(page: Page): Promise<number> {
  const src = await player(page).locator('video, audio').first().getAttribute('src')
  const all = suite.site.content.flatMap((c) => c.chunkIds)
  for (const id of all) {
    const chunk = (await (await page.request.get(`/api/content/chunk/${id}`)).json()) as {
      play_s3_url: string
    }
    if (src?.endsWith(chunk.play_s3_url)) return id
  }
  return -1
}

describe('home grid (6 clips)', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`shows the clips, type labels and a genre filter from them (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto('/')
        expect(await cards(page).count()).toBe(6)
        const genres = await page
          .getByRole('group', { name: 'Filter by genre' })
          .getByRole('button')
          .allInnerTexts()
        expect(genres.map((g) => g.toLowerCase())).toEqual(['all', 'comedy', 'drama', 'talk'])
        const labels = await page.locator('.card__type').allInnerTexts()
        expect(new Set(labels.map((l) => l.toLowerCase()))).toEqual(new Set(['drama', 'comedy', 'talk']))
        // wait for hydration before using the filter
        await hydrated(page)
        await page.getByRole('button', { name: 'comedy' }).click()
        await expect.poll(() => cards(page).count()).toBe(2)
        expect(await page.getByRole('button', { name: 'comedy' }).getAttribute('aria-pressed')).toBe('true')
        await page.getByRole('button', { name: 'All' }).click()
        await expect.poll(() => cards(page).count()).toBe(6)
        // a short catalogue: nothing more to load
        expect(await page.locator('.load-more').textContent()).toBe('')
      })
    })
  }

  it('opens a clip in the modal; previous/next wrap around the list; Esc closes and focus returns', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/')
      await hydrated(page)
      const ids = await cardIds(page)
      await page.locator('[data-feed] .card__thumb').first().click()
      await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
      expect(await player(page).getByRole('dialog').count()).toBeGreaterThanOrEqual(0)
      expect(await playingId(page)).toBe(ids[0])
      await player(page).getByRole('button', { name: 'Previous clip' }).click()
      await expect.poll(() => playingId(page)).toBe(ids[ids.length - 1])
      await page.waitForTimeout(600) // navigation lock
      await player(page).getByRole('button', { name: 'Next clip' }).click()
      await expect.poll(() => playingId(page)).toBe(ids[0])
      await page.keyboard.press('Escape')
      await expect.poll(() => player(page).count()).toBe(0)
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(`/play/${ids[0]}`)
    })
  })

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`keyboard only: Tab to a card, Enter opens the player, Esc closes (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/')
        await hydrated(page)
        expect(await tabTo(page, '[data-feed] .card__thumb')).toBe(true)
        await page.keyboard.press('Enter')
        await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
        await page.keyboard.press('Escape')
        await expect.poll(() => player(page).count()).toBe(0)
        expect(await page.evaluate(() => document.activeElement?.classList.contains('card__thumb'))).toBe(
          true,
        )
      })
    })
  }
})

describe('home feed paging (36 clips)', () => {
  let pool: { id: number; content_metadata: { genre: string | null } }[] = []

  beforeAll(async () => {
    const seeded = await seedMore(suite.site, [
      manyClips('Action Reel', 'Action', 15, 'let us go'),
      manyClips('Nature Talk', 'Documentary', 15, 'look at that'),
    ])
    const ids = [...suite.site.content, ...seeded].flatMap((c) => c.chunkIds)
    pool = await Promise.all(
      ids.map(async (id) => (await fetch(`${suite.site.url}/api/content/chunk/${id}`)).json()),
    )
  })

  /**
   * Serves random-chunks from the seeded clips the page does not show yet (the embedded database's random
   * order is not what is under test here), once `until` resolves.
   */
  async function serveFreshClips(page: Page, until: Promise<void> = Promise.resolve()): Promise<void> {
    await page.route('**/api/content/random-chunks*', async (route) => {
      await until
      const shown = new Set(await cardIds(page).catch(() => [] as number[]))
      const fresh = pool.filter((chunk) => !shown.has(chunk.id)).slice(0, 12)
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(fresh) })
    })
  }

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows 12, then 12 more at the bottom no sooner than 3.5 s, with 12 skeletons while loading (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        const held = gate()
        await serveFreshClips(page, held.opened)
        const started = Date.now()
        await page.goto('/')
        expect(await cards(page).count()).toBe(12)
        expect(await page.locator('.load-more').textContent()).toBe('Scroll to bottom to load more')
        await hydrated(page)
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await expect
          .poll(() => page.locator('[data-feed] > li[data-skeleton]').count(), { timeout: 8000 })
          .toBe(12)
        expect(Date.now() - started).toBeGreaterThanOrEqual(3500)
        held.open()
        await expect.poll(() => cards(page).count(), { timeout: 8000 }).toBe(24)
        expect(await page.locator('[data-feed] > li[data-skeleton]').count()).toBe(0)
        const ids = await cardIds(page)
        expect(new Set(ids).size).toBe(ids.length)
        // the next load waits again
        const second = Date.now()
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(36)
        expect(Date.now() - second).toBeGreaterThanOrEqual(2500)
      })
    })
  }

  it('the real random-chunks brings new clips on scroll (not the first page again)', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      const answers: number[][] = []
      page.on('response', async (response) => {
        if (!response.url().includes('/api/content/random-chunks')) return
        const body = (await response.json()) as { id: number }[]
        answers.push(body.map((chunk) => chunk.id))
      })
      await page.goto('/')
      const first = await cardIds(page)
      expect(first).toHaveLength(12)
      await hydrated(page)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(1)
      // a page of 12 from 36 clips, drawn at random points: never all of them already on screen
      expect(new Set(answers[0]).size).toBe(12)
      expect(answers[0]!.filter((id) => !first.includes(id)).length).toBeGreaterThan(0)
      await expect.poll(async () => (await cardIds(page)).length, { timeout: 10_000 }).toBeGreaterThan(12)
      const ids = await cardIds(page)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.slice(0, 12)).toEqual(first)
    })
  })

  it('stops when a load brings nothing new', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      await page.route('**/api/content/random-chunks*', async (route) => {
        const shown = new Set(await cardIds(page))
        const same = pool.filter((chunk) => shown.has(chunk.id))
        await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(same) })
      })
      await page.goto('/')
      await hydrated(page)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect.poll(() => page.locator('.load-more').textContent(), { timeout: 10_000 }).toBe('')
      expect(await cards(page).count()).toBe(12)
    })
  })

  it('changing the genre goes back to the first page of the filtered clips', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      await serveFreshClips(page)
      await page.goto('/')
      await hydrated(page)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(24)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(36)
      const genres = await page
        .getByRole('group', { name: 'Filter by genre' })
        .getByRole('button')
        .allTextContents()
      expect(genres.map((g) => g.toLowerCase())).toEqual([
        'all',
        'action',
        'comedy',
        'documentary',
        'drama',
        'talk',
      ])
      await page.getByRole('button', { name: 'action', exact: true }).click()
      await expect.poll(() => cards(page).count()).toBe(12)
      for (const label of await page.locator('.card__type').allTextContents())
        expect(label.toLowerCase()).toBe('action')
      // the rest of the genre is one scroll away again
      expect(await page.locator('.load-more').textContent()).toBe('Scroll to bottom to load more')
    })
  })
})
