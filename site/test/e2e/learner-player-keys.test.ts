/**
 * Issue 17, the player's keyboard: Esc closes the video modal even when focus is on the seek slider or the speed
 * select (they are not text inputs), at both widths.
 */
import { describe, expect, it } from 'vitest'
import { hydrated, learnerSuite, player, withPage } from './learner-helpers.ts'

const suite = learnerSuite()

describe('Esc in the video modal', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    for (const control of ['Seek', 'Playback speed'] as const) {
      it(`closes the player with focus on '${control}' (${viewport})`, async () => {
        await withPage(suite, { viewport }, async (page) => {
          await page.goto('/search?q=break%20a%20leg')
          await hydrated(page)
          await page.locator('[data-results] .card__thumb').first().click()
          const modal = player(page)
          await expect.poll(() => modal.isVisible(), { timeout: 10_000 }).toBe(true)
          const target = modal.getByLabel(control, { exact: true })
          await target.focus()
          expect(await target.evaluate((el) => el === document.activeElement)).toBe(true)
          await page.keyboard.press('Escape')
          await expect.poll(() => modal.count(), { timeout: 5_000 }).toBe(0)
        })
      })
    }
  }
})
