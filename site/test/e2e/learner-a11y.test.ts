/**
 * Accessibility (axe-core, WCAG 2.1 A/AA): home, search and play in both themes at both widths, and the video
 * modal, with no serious or critical violations.
 */
import { describe, expect, it } from 'vitest'
import {
  expectNoSeriousA11yViolations,
  hydrated,
  MATRIX,
  player,
  learnerSuite,
  withPage,
} from './learner-helpers.ts'

const suite = learnerSuite()

describe('axe', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`home, search and play have no serious violations (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto('/')
        await hydrated(page)
        await expectNoSeriousA11yViolations(page)
        await page.goto('/search?q=how%20are%20you')
        await expect.poll(() => page.locator('.results > li').count()).toBe(2)
        await expectNoSeriousA11yViolations(page)
        await page.goto(`/play/${suite.site.content[0]!.chunkIds[0]}`)
        await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
        await expectNoSeriousA11yViolations(page)
      })
    })
  }

  it('the video modal and the open mobile menu have no serious violations', async () => {
    await withPage(suite, { viewport: 'mobile', theme: 'light' }, async (page) => {
      await page.goto('/')
      await hydrated(page)
      await page.locator('[data-menu-toggle]').click()
      await expectNoSeriousA11yViolations(page)
      await page.keyboard.press('Escape')
      await page.locator('[data-feed] .card__thumb').first().click()
      await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
      await expectNoSeriousA11yViolations(page)
    })
  })

  it('policy and sponsor pages have no serious violations', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      for (const path of ['/copyright-owners', '/sponsors']) {
        await page.goto(path)
        await expectNoSeriousA11yViolations(page)
      }
    })
  })
})
