/**
 * Issue 17, the player's keyboard: Esc closes the video modal even when focus is on the seek slider or the speed
 * select (they are not text inputs), at both widths; the speed the selector shows stays in effect on the next clip.
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

describe('playback speed across clips', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`stays what the selector shows after Next, Previous and the arrow keys (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/search?q=you%20mean')
        await hydrated(page)
        await page.locator('[data-results] .card__thumb').first().click()
        const modal = player(page)
        await expect.poll(() => modal.isVisible(), { timeout: 10_000 }).toBe(true)
        const media = modal.locator('video, audio').first()
        const speed = modal.getByLabel('Playback speed', { exact: true })
        await speed.selectOption('0.5')
        await expect.poll(() => media.evaluate((el: HTMLMediaElement) => el.playbackRate)).toBe(0.5)
        const src = () => media.getAttribute('src')
        for (const move of ['button:Next clip', 'key:ArrowLeft', 'button:Previous clip', 'key:ArrowRight']) {
          const before = await src()
          await page.waitForTimeout(600) // the 500 ms navigation lock
          const [kind, name] = move.split(':') as [string, string]
          if (kind === 'button') await modal.getByRole('button', { name }).click()
          else {
            // focus on a button: arrow keys go to the player
            await modal.getByRole('button', { name: 'Next clip' }).focus()
            await page.keyboard.press(name)
          }
          await expect.poll(src, { timeout: 10_000 }).not.toBe(before)
          await expect
            .poll(() => media.evaluate((el: HTMLMediaElement) => el.readyState >= 1 && el.playbackRate), {
              timeout: 10_000,
            })
            .toBe(0.5)
          expect(await speed.inputValue()).toBe('0.5')
        }
      })
    })
  }
})
