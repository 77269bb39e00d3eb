/**
 * Issue 17, /play/{chunkId} where new learners arrive from a shared link: a slim top bar (logo home, search box)
 * above the full-screen player of spec §2.6, and the clip starting at once, muted with 'Tap for sound' where the
 * browser refuses sound; at 1280 and 375 px, both themes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from './harness.ts'
import { expectNoSeriousA11yViolations, MATRIX, player, learnerSuite, withPage } from './learner-helpers.ts'

const suite = learnerSuite()
const first = () => suite.site.content[0]!.chunkIds[0]!
const media = (page: Parameters<typeof player>[0]) => player(page).locator('[data-testid="pr-media"]')

describe('/play top bar', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`has the logo home and a search box above the full-screen player, which starts at once (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto(`/play/${first()}?q=how%20are%20you`)
        const bar = page.locator('header.play-topbar')
        await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
        expect(await bar.getByRole('link', { name: 'PhraseReel home' }).getAttribute('href')).toBe('/')
        const search = bar.getByRole('combobox', { name: 'Search videos' })
        expect(await search.inputValue()).toBe('how are you')
        // this browser allows sound without a gesture: the clip plays without a click, unmuted
        await expect
          .poll(() => media(page).evaluate((m: HTMLMediaElement) => !m.paused && !m.muted), {
            timeout: 15_000,
          })
          .toBe(true)
        expect(await page.getByRole('button', { name: 'Tap for sound' }).count()).toBe(0)
        // the player fills the screen below the bar; nothing scrolls sideways
        const size = page.viewportSize()!
        const barBox = (await bar.boundingBox())!
        const box = (await player(page).boundingBox())!
        expect(box.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1)
        expect(box.width).toBeGreaterThanOrEqual(size.width - 1)
        expect(box.y + box.height).toBeGreaterThanOrEqual(size.height - 1)
        // and its fixed parts are all on screen: the control bar and (mobile) the bottom tabs
        const lowest = await player(page).evaluate((root) =>
          Math.max(
            ...[...root.querySelectorAll('.pr-controls button, .pr-mobile-tabs button')].map(
              (b) => b.getBoundingClientRect().bottom,
            ),
          ),
        )
        expect(lowest).toBeLessThanOrEqual(size.height + 1)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        )
        await expectNoSeriousA11yViolations(page)
        // the search box searches
        await search.fill('  break a leg  ')
        await search.press('Enter')
        await page.waitForURL((url) => url.pathname === '/search', { timeout: 15_000 })
        expect(new URL(page.url()).searchParams.get('q')).toBe('break a leg')
      })
    })
  }

  it('keeps the bar on the error card of an unknown clip', async () => {
    await withPage(suite, { viewport: 'mobile', expectStatus: [404] }, async (page) => {
      await page.goto('/play/987654')
      await page.locator('header.play-topbar').getByRole('link', { name: 'PhraseReel home' }).click()
      await page.waitForURL((url) => url.pathname === '/')
    })
  })
})

describe('/play where the browser refuses sound without a gesture', () => {
  let strict: Browser | undefined
  beforeAll(async () => {
    // the later switch wins: this browser refuses sound until the visitor has interacted
    strict = await launchBrowser(['--autoplay-policy=document-user-activation-required'])
  })
  afterAll(async () => {
    await strict?.close()
  })

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`plays muted with a visible 'Tap for sound' that turns the sound on (${viewport})`, async () => {
      const opened = await openPage(strict!, suite.site, { viewport })
      const { page } = opened
      try {
        await page.goto(`/play/${first()}`)
        const tap = page.getByRole('button', { name: 'Tap for sound' })
        await tap.waitFor({ timeout: 15_000 })
        expect(await media(page).evaluate((m: HTMLMediaElement) => m.muted && !m.paused)).toBe(true)
        await tap.click()
        await expect.poll(() => tap.count()).toBe(0)
        await expect
          .poll(() => media(page).evaluate((m: HTMLMediaElement) => !m.muted && !m.paused), {
            timeout: 10_000,
          })
          .toBe(true)
        opened.assertNoConsoleErrors()
      } finally {
        await opened.close()
      }
    })
  }
})
