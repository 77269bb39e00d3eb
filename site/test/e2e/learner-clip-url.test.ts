/**
 * Issue 17: the open clip is in the address (`?clip={id}`, the page's other parameters kept) and browser Back
 * closes the player instead of changing the page behind it; a reload or a shared address opens the clip again,
 * from the page's list or fetched by id; an unknown or disabled id opens nothing and breaks nothing. On the home
 * feed, the search results, a personal list and a collection page, at 1280 and 375 px.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import { apiAs, createAccount } from './account-fixtures.ts'
import { hydrated, learnerSuite, player, seedMore, withPage } from './learner-helpers.ts'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

let hidden = 0
const suite = learnerSuite(async (site) => {
  const [seeded] = await seedMore(site, [
    { name: 'Hidden Things', chunks: [{ text: 'Nobody sees this clip.', enabled: false }] },
  ])
  hidden = seeded!.chunkIds[0]!
})
const media = (page: Page) => player(page).locator('[data-testid="pr-media"]')
const clipParam = (page: Page) => new URL(page.url()).searchParams.get('clip')
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams)

/** The clip id the player shows, from its media address (`…/{id}/…` is not assumed: asked from the API). */
async function playUrlOf(page: Page, id: number): Promise<string> {
  const answer = await page.request.get(`/api/content/chunk/${id}`)
  expect(answer.status()).toBe(200)
  return new URL(((await answer.json()) as { play_s3_url: string }).play_s3_url, page.url()).pathname
}

async function shows(page: Page, id: number): Promise<void> {
  const expected = await playUrlOf(page, id)
  await expect
    .poll(
      async () => {
        const src = await media(page)
          .getAttribute('src')
          .catch(() => null)
        return src ? new URL(src, page.url()).pathname : null
      },
      { timeout: 15_000 },
    )
    .toBe(expected)
}

const closed = (page: Page) => expect.poll(() => player(page).count(), { timeout: 10_000 }).toBe(0)

describe('the open clip in the address', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`home: opening pushes ?clip=, Next replaces it, Back closes, Esc closes and goes back (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/')
        await hydrated(page)
        const card = page.locator('[data-feed] li').first()
        const id = Number(await card.getAttribute('data-id'))
        await card.locator('.card__thumb').click()
        await expect.poll(() => clipParam(page), { timeout: 10_000 }).toBe(String(id))
        await shows(page, id)
        const depth = await page.evaluate(() => history.length)
        // Back closes the player and stays on the home page
        await page.goBack()
        await closed(page)
        expect(new URL(page.url()).pathname).toBe('/')
        expect(clipParam(page)).toBeNull()
        await expect(page.locator('[data-feed] li').first().isVisible()).resolves.toBe(true)
        // open again, Next: the address follows without a new history entry
        await page.locator('[data-feed] li .card__thumb').first().click()
        await expect.poll(() => clipParam(page), { timeout: 10_000 }).toBe(String(id))
        await shows(page, id)
        await page.waitForTimeout(600)
        await player(page).getByRole('button', { name: 'Next clip' }).click()
        await expect.poll(() => clipParam(page), { timeout: 10_000 }).not.toBe(String(id))
        const next = Number(clipParam(page))
        await shows(page, next)
        expect(await page.evaluate(() => history.length)).toBe(depth)
        // Esc closes and takes the pushed entry away: the address is the page's again
        await page.keyboard.press('Escape')
        await closed(page)
        await expect.poll(() => clipParam(page)).toBeNull()
        expect(new URL(page.url()).pathname).toBe('/')
        // Forward brings the clip back
        await page.goForward()
        await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
        await shows(page, next)
      })
    })

    it(`search: q and page stay, a reload reopens the clip, Back closes without searching again (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/search?q=how%20are%20you')
        await hydrated(page)
        const opener = page.locator('[data-results] [data-open]').first()
        await opener.click()
        await expect.poll(() => clipParam(page), { timeout: 10_000 }).not.toBeNull()
        const id = Number(clipParam(page))
        expect(params(page)).toEqual({ q: 'how are you', clip: String(id) })
        await shows(page, id)
        // the address can be shared and reloaded: the clip opens again over the same results
        await page.reload()
        await hydrated(page)
        await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
        await shows(page, id)
        // Back closes it (the landing entry loses the clip) … here by the close button
        await page.keyboard.press('Escape')
        await closed(page)
        expect(params(page)).toEqual({ q: 'how are you' })
        // open, Back: the results stay and are not searched again
        let searches = 0
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/search') searches++
        })
        await page.locator('[data-results] [data-open]').first().click()
        await expect.poll(() => clipParam(page), { timeout: 10_000 }).toBe(String(id))
        await page.goBack()
        await closed(page)
        expect(params(page)).toEqual({ q: 'how are you' })
        await expect(page.locator('[data-results] [data-open]').first().isVisible()).resolves.toBe(true)
        expect(searches).toBe(0)
      })
    })

    it(`a clip not in the page's list is fetched by id; unknown, disabled or malformed ids show nothing (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        // "Make up your mind" is not a result of this search
        const other = suite.site.content[1]!.chunkIds[1]!
        await page.goto(`/search?q=how%20are%20you&clip=${other}`)
        await hydrated(page)
        await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
        await shows(page, other)
        await page.goBack().catch(() => undefined)
        for (const bad of ['987654321', 'abc', '-3', '0']) {
          await page.goto(`/?clip=${bad}`)
          await hydrated(page)
          if (bad === '987654321') await expect.poll(() => clipParam(page), { timeout: 10_000 }).toBeNull()
          await page.waitForTimeout(500)
          expect(await player(page).count()).toBe(0)
          await expect(page.locator('[data-feed] li').first().isVisible()).resolves.toBe(true)
        }
        // a clip an admin disabled: nothing opens either
        await page.goto(`/?clip=${hidden}`)
        await hydrated(page)
        await expect.poll(() => clipParam(page), { timeout: 10_000 }).toBeNull()
        expect(await player(page).count()).toBe(0)
      })
    })

    it(`a personal list and a collection page open ?clip= and close on Back (${viewport})`, async () => {
      const owner = await createAccount(suite.site, { firstName: 'Clara' })
      const made = await apiAs<{ id: number }>(suite.site, owner, 'POST', '/api/collections/', {
        name: `Shared ${viewport}`,
        public: true,
      })
      await apiAs(suite.site, owner, 'POST', `/api/collections/${made.id}/members`, { '1': 'break a leg' })
      const clip = suite.site.content[0]!.chunkIds[0]!
      await withPage(suite, { viewport }, async (page) => {
        for (const path of [`/collections/${made.id}`, '/saved']) {
          await page.goto('/')
          await page.goto(`${path}?clip=${clip}`)
          await hydrated(page)
          await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
          await shows(page, clip)
          await page.keyboard.press('Escape')
          await closed(page)
          expect(new URL(page.url()).pathname).toBe(path)
          expect(clipParam(page)).toBeNull()
        }
        // the collection page: a phrase's clip opened from the table, then Back
        await page.goto(`/collections/${made.id}`)
        await hydrated(page)
        await page.locator('.pr-phrase-table tbody tr').first().click()
        await expect.poll(() => clipParam(page), { timeout: 15_000 }).not.toBeNull()
        await page.goBack()
        await closed(page)
        expect(new URL(page.url()).pathname).toBe(`/collections/${made.id}`)
        expect(clipParam(page)).toBeNull()
      })
    })
  }
})
