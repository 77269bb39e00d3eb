/**
 * The player's 'Context' (issue 18, docs/decisions/098): the lines said before and after the clip in the same
 * source with their translations in the panel's language, the clip's own line marked, 'Show more' up to ten each
 * way, a line plays its clip; at both widths and themes, by keyboard, axe clean.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  expectNoSeriousA11yViolations,
  learnerSuite,
  MATRIX,
  player,
  seedMore,
  tabTo,
  withPage,
} from './learner-helpers.ts'

let story: number[] = []
const suite = learnerSuite(async (s) => {
  const [seeded] = await seedMore(s, [
    {
      name: 'Context Story',
      category: 'series',
      genre: 'Drama',
      chunks: Array.from({ length: 25 }, (_, i) => ({
        text: `Story line ${i + 1}.`,
        // every line in Spanish, every other one in French too; line 15 is switched off
        enabled: i !== 14,
        translations: {
          es: { phrase: `Línea ${i + 1}.` },
          ...(i % 2 === 0 ? { fr: { phrase: `Ligne ${i + 1}.` } } : {}),
        },
      })),
    },
  ])
  story = seeded!.chunkIds
})

const lines = (page: Page) => player(page).locator('.pr-context-line')
const texts = (page: Page) => lines(page).locator('.pr-context-text').allTextContents()
const current = (page: Page) => player(page).locator('.pr-context-current .pr-context-text')

async function openContext(page: Page): Promise<void> {
  const toggle = player(page).getByRole('button', { name: 'Context' })
  await expect.poll(() => toggle.isVisible(), { timeout: 10_000 }).toBe(true)
  expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  // by keyboard: reach the toggle and press Enter
  expect(await tabTo(page, '.pr-context-toggle', 60)).toBe(true)
  await page.keyboard.press('Enter')
  expect(await toggle.getAttribute('aria-expanded')).toBe('true')
}

describe('context', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`shows three lines each way with translations, more up to ten, and plays a line (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        // line 13 of 25 (line 15 is disabled and never shown)
        await page.goto(`/play/${story[12]}`)
        await openContext(page)
        await expect.poll(() => lines(page).count()).toBe(7)
        expect(await texts(page)).toEqual([10, 11, 12, 13, 14, 16, 17].map((n) => `Story line ${n}.`))
        expect(await current(page).textContent()).toBe('Story line 13.')
        // the lines opened below the fold are brought into view
        const top = await lines(page)
          .first()
          .evaluate((el) => el.getBoundingClientRect().top)
        expect(top).toBeGreaterThanOrEqual(0)
        expect(top).toBeLessThan(await page.evaluate(() => window.innerHeight - 20))
        expect(await player(page).locator('[aria-current="true"]').count()).toBe(1)
        // the translation in the panel's language (the first the clip has: Spanish)
        expect(await lines(page).locator('.pr-context-translation').first().textContent()).toBe('Línea 10.')
        expect(await lines(page).locator('.pr-context-translation').first().getAttribute('lang')).toBe('es')
        await expectNoSeriousA11yViolations(page)

        const more = player(page).getByRole('button', { name: 'Show more' })
        await more.click()
        await expect.poll(() => lines(page).count()).toBe(13)
        await more.click()
        // ten each way: lines 3 to 12 before, 14 and 16 to 24 after
        await expect.poll(() => lines(page).count()).toBe(21)
        expect((await texts(page))[0]).toBe('Story line 3.')
        expect((await texts(page)).at(-1)).toBe('Story line 24.')
        expect(await more.isVisible()).toBe(false)
        // nothing runs off a 375 px screen
        expect(
          await player(page).evaluate(
            (el) => el.querySelector('.pr-context')!.scrollWidth <= window.innerWidth,
          ),
        ).toBe(true)

        // a line plays its clip: the player moves there and the context follows it
        const asked = page.waitForRequest((request) => request.url().includes(`/context?`))
        await lines(page).filter({ hasText: 'Story line 11.' }).getByRole('button').click()
        await expect.poll(() => new URL(page.url()).pathname).toBe(`/play/${story[10]}`)
        expect(new URL((await asked).url()).pathname).toBe(`/api/content/chunks/${story[10]}/context`)
        await expect.poll(() => current(page).textContent()).toBe('Story line 11.')
        const media = player(page).locator('video.pr-media')
        expect(await media.getAttribute('src')).toMatch(/\/11\.mp4$/)
        await expect.poll(() => media.evaluate((el) => !(el as HTMLVideoElement).paused)).toBe(true)
        await expectNoSeriousA11yViolations(page)
        if (viewport === 'mobile') {
          // it belongs to the Info tab: the Translations tab shows the panel alone
          const contextPart = player(page).locator('[data-testid="pr-context"]')
          await player(page).getByRole('tab', { name: 'Translations' }).click()
          expect(await contextPart.isVisible()).toBe(false)
          expect(await player(page).getByTestId('pr-translations').isVisible()).toBe(true)
          await player(page).getByRole('tab', { name: 'Info' }).click()
          expect(await contextPart.isVisible()).toBe(true)
        }
      })
    })
  }

  it('shows the translations in the language chosen in the panel', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      await page.goto(`/play/${story[2]}`)
      await openContext(page)
      // line 3: two lines before it, three after
      await expect.poll(() => lines(page).count()).toBe(6)
      const translations = () => lines(page).locator('.pr-context-translation').allTextContents()
      expect(await translations()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Línea ${n}.`))
      const toggle = player(page).getByRole('button', { name: 'Show translations' })
      if (await toggle.isVisible()) await toggle.click()
      await player(page).getByRole('button', { name: 'French' }).click()
      // lines without a French translation show none
      await expect.poll(translations).toEqual([1, 3, 5].map((n) => `Ligne ${n}.`))
    })
  })

  it('plays a line in the video modal of the search page too', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page) => {
      await page.goto(`/search?q=${encodeURIComponent('story line 20')}`)
      await page.locator('.results [data-open="0"]').first().click()
      await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
      await player(page).getByRole('button', { name: 'Context' }).click()
      await expect.poll(() => current(page).textContent()).toBe('Story line 20.')
      await lines(page).filter({ hasText: 'Story line 21.' }).getByRole('button').click()
      await expect.poll(() => current(page).textContent()).toBe('Story line 21.')
      expect(await player(page).locator('video.pr-media').getAttribute('src')).toMatch(/\/21\.mp4$/)
      await expectNoSeriousA11yViolations(page)
    })
  })

  it('says so when nothing else is said around the clip', async () => {
    const [alone] = await seedMore(suite.site, [{ name: 'Lonely Line', chunks: [{ text: 'Only me here.' }] }])
    await withPage(suite, { viewport: 'mobile', theme: 'dark' }, async (page) => {
      await page.goto(`/play/${alone!.chunkIds[0]}`)
      await openContext(page)
      await expect
        .poll(() => player(page).locator('.pr-context-status').textContent())
        .toBe('Nothing else is said around this clip.')
      expect(await lines(page).count()).toBe(1)
      expect(await player(page).getByRole('button', { name: 'Show more' }).isVisible()).toBe(false)
    })
  })
})
