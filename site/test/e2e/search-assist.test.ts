/**
 * Type-ahead and "did you mean" (issue 18) at 1280 and 375 px: the search boxes are WAI-ARIA comboboxes (arrows,
 * Enter, Escape, a click), the list covers the page without moving it, a query without results offers a corrected
 * phrase as a link, and axe finds nothing serious in either theme.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MATRIX, expectNoSeriousA11yViolations, learnerSuite, seedMore, withPage } from './learner-helpers.ts'

/** Waits of a loaded machine: the module loads on focus, then a debounce and a request. */
const SLOW = { timeout: 15_000 }

const suite = learnerSuite(async (site) => {
  await seedMore(site, [
    {
      name: 'Small Talk',
      category: 'series',
      genre: 'Comedy',
      year: 2021,
      chunks: [
        { text: 'How are you doing?' },
        { text: 'How are you doing, really?' },
        { text: 'How about that!' },
        { text: 'Are you okay?' },
        { text: 'Thanks a lot.' },
      ],
    },
  ])
})

/** The search box of the width: the top bar's on desktop, the bottom bar's on mobile. */
const box = (page: Page, viewport: 'desktop' | 'mobile') =>
  page.locator(viewport === 'desktop' ? '#top-search' : '#mobile-search')
const listOf = (page: Page, viewport: 'desktop' | 'mobile') =>
  page.locator(viewport === 'desktop' ? '#top-search-suggestions' : '#mobile-search-suggestions')

async function optionTexts(page: Page, viewport: 'desktop' | 'mobile'): Promise<string[]> {
  return listOf(page, viewport).locator('[role="option"] > span:first-child').allTextContents()
}

describe('type-ahead', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`suggests from 2 characters and is driven by the keyboard (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/')
        const input = box(page, viewport)
        expect(await input.getAttribute('role')).toBe('combobox')
        expect(await input.getAttribute('aria-expanded')).toBe('false')
        const before = await page.locator('main, .content').first().boundingBox()
        await input.click()
        await input.pressSequentially('h')
        // one character asks for nothing
        await page.waitForTimeout(400)
        expect(await listOf(page, viewport).isVisible()).toBe(false)
        await input.pressSequentially('ow ar')
        const expected = ['how are', 'how are you', 'how are you doing', 'how are you today']
        await expect.poll(() => optionTexts(page, viewport), SLOW).toEqual(expected)
        expect(await input.getAttribute('aria-expanded')).toBe('true')
        // the list covers the page: nothing moves when it opens
        expect(await page.locator('main, .content').first().boundingBox()).toEqual(before)
        await page.keyboard.press('ArrowDown')
        const first = await listOf(page, viewport).locator('[role="option"]').first().getAttribute('id')
        expect(await input.getAttribute('aria-activedescendant')).toBe(first)
        expect(await page.locator(`#${first}`).getAttribute('aria-selected')).toBe('true')
        await page.keyboard.press('ArrowDown')
        expect(await page.locator('[role="option"][aria-selected="true"]').textContent()).toContain(
          'how are you',
        )
        for (let i = 1; i < expected.length; i++) await page.keyboard.press('ArrowDown') // wraps to the first
        expect(await input.getAttribute('aria-activedescendant')).toBe(first)
        await page.keyboard.press('ArrowUp') // and back to the last
        expect(await page.locator('[role="option"][aria-selected="true"]').textContent()).toContain(
          'how are you today',
        )
        // the first Escape closes the list and keeps the text; the second does what the box does without it
        await page.keyboard.press('Escape')
        expect(await input.getAttribute('aria-expanded')).toBe('false')
        expect(await listOf(page, viewport).isVisible()).toBe(false)
        expect(await input.inputValue()).toBe('how ar')
        await page.keyboard.press('Escape')
        expect(await input.inputValue()).toBe('')
        // Enter on a picked option searches it
        await input.pressSequentially('how are you ')
        await expect
          .poll(() => optionTexts(page, viewport), SLOW)
          .toEqual(['how are you doing', 'how are you today'])
        await page.keyboard.press('ArrowDown')
        await page.keyboard.press('Enter')
        await page.waitForURL(/\/search\?q=how%20are%20you%20doing$/)
        await expect
          .poll(() => page.locator('.results-summary').textContent(), SLOW)
          .toBe('Found 2 result(s) for "how are you doing"')
      })
    })

    it(`picks a suggestion with the mouse, and Enter without a pick searches the text as typed (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/')
        const input = box(page, viewport)
        await input.click()
        await input.pressSequentially('  thanks ')
        await expect.poll(() => optionTexts(page, viewport), SLOW).toEqual(['thanks a', 'thanks a lot'])
        await listOf(page, viewport).getByRole('option', { name: 'thanks a lot' }).click()
        await page.waitForURL(/\/search\?q=thanks%20a%20lot$/)
        await expect
          .poll(() => page.locator('.results-summary').textContent(), SLOW)
          .toBe('Found 1 result(s) for "thanks a lot"')
        const again = box(page, viewport)
        await again.fill('')
        await again.pressSequentially('  are you ok')
        await expect.poll(() => optionTexts(page, viewport), SLOW).toEqual(['are you okay'])
        await again.press('Space')
        await again.press('Space')
        await page.keyboard.press('Enter')
        // spec §2.2/§5: the typed text, trimmed
        await page.waitForURL(/\/search\?q=are%20you%20ok$/)
      })
    })
  }

  it('offers "Did you mean" on a query without results, as a link', async () => {
    await withPage(suite, { viewport: 'mobile' }, async (page) => {
      await page.goto(`/search?q=${encodeURIComponent('how ar yuo doing')}`)
      expect(await page.locator('.results-summary').textContent()).toBe('No results found.')
      const offer = page.locator('[data-did-you-mean]')
      expect(await offer.textContent()).toBe('Did you mean how are you doing?')
      await offer.getByRole('link', { name: 'how are you doing' }).click()
      await page.waitForURL(/\/search\?q=how%20are%20you%20doing$/)
      await expect
        .poll(() => page.locator('.results-summary').textContent(), SLOW)
        .toBe('Found 2 result(s) for "how are you doing"')
      expect(await page.locator('[data-did-you-mean]').count()).toBe(0)
      // a missing word ending
      await page.goto(`/search?q=${encodeURIComponent('are you ok')}`)
      expect(await page.locator('[data-did-you-mean] a').textContent()).toBe('are you okay')
      // with a filter set, no results may be the filter's doing: no offer (decision 098)
      await page.goto(`/search?q=${encodeURIComponent('how ar yuo doing')}&type=audio`)
      expect(await page.locator('.results-summary').textContent()).toBe('No results found.')
      expect(await page.locator('[data-did-you-mean]').count()).toBe(0)
      // nothing close: no offer
      await page.goto(`/search?q=${encodeURIComponent('zyxwv qqqq')}`)
      expect(await page.locator('.results-summary').textContent()).toBe('No results found.')
      expect(await page.locator('[data-did-you-mean]').count()).toBe(0)
    })
  })

  for (const { viewport, theme } of MATRIX) {
    it(`has no serious axe violation with the list open and on "Did you mean" (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto(`/search?q=${encodeURIComponent('thank')}`)
        await expect.poll(() => page.locator('[data-did-you-mean] a').textContent(), SLOW).toBe('thanks')
        const input = box(page, viewport)
        await input.fill('')
        await input.pressSequentially('how')
        await expect.poll(() => optionTexts(page, viewport), SLOW).toContain('how are you')
        await page.keyboard.press('ArrowDown')
        await expectNoSeriousA11yViolations(page)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport === 'mobile' ? 375 : 1280,
        )
      })
    })
  }
})
