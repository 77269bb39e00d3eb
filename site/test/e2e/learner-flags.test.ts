/**
 * Issue 17: the translation language buttons show the flag as a self-hosted image that renders on every system
 * (emoji flags are blank boxes on Linux), with the language's name as the button's text and accessible name.
 */
import { describe, expect, it } from 'vitest'
import { MATRIX, player, learnerSuite, withPage } from './learner-helpers.ts'

const suite = learnerSuite()

describe('translation language buttons', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`show a rendered flag image and the language's name (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        const [first] = suite.site.content[0]!.chunkIds
        await page.goto(`/play/${first}`)
        await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
        const panelOpener =
          viewport === 'mobile'
            ? player(page).getByRole('tab', { name: 'Translations' })
            : player(page).getByRole('button', { name: 'Show translations' })
        await panelOpener.click()
        const group = player(page).getByRole('group', { name: 'Translation language' })
        await expect.poll(() => group.isVisible(), { timeout: 10_000 }).toBe(true)
        const french = group.getByRole('button', { name: 'French', exact: true })
        const arabic = group.getByRole('button', { name: 'Arabic', exact: true })
        expect(await french.textContent()).toBe('French')
        expect(await arabic.textContent()).toBe('Arabic')
        for (const [button, country] of [
          [french, 'fr'],
          [arabic, 'sa'],
        ] as const) {
          const flag = button.locator('img')
          expect(await flag.getAttribute('src')).toBe(`/flags/${country}.svg`)
          expect(await flag.getAttribute('alt')).toBe('')
          await flag.scrollIntoViewIfNeeded()
          // loaded and drawn: an image that failed (404, CSP) has no natural size
          await expect
            .poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
              timeout: 10_000,
            })
            .toBe(true)
          const box = await flag.boundingBox()
          expect(box?.width).toBeCloseTo(20, 0)
          expect(box?.height).toBeCloseTo(15, 0)
        }
        await arabic.click()
        expect(await arabic.getAttribute('aria-pressed')).toBe('true')
        expect(await french.getAttribute('aria-pressed')).toBe('false')
      })
    })
  }
})
