/**
 * Accessibility (axe-core, WCAG 2.1 A/AA): home, search and play in both themes at both widths, and the video
 * modal, with no serious or critical violations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startAccountSite } from './account-fixtures.ts'
import { launchBrowser, openPage, type TestSite } from './harness.ts'
import { expectNoSeriousA11yViolations, MATRIX } from './learner-helpers.ts'

let site: TestSite
let browser: Browser

beforeAll(async () => {
  site = await startAccountSite()
  browser = await launchBrowser()
}, 600_000)
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

describe('axe', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`home, search and play have no serious violations (${viewport}, ${theme})`, async () => {
      const opened = await openPage(browser, site, { viewport, theme })
      const { page } = opened
      await page.goto('/')
      await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'))
      await expectNoSeriousA11yViolations(page)
      await page.goto('/search?q=how%20are%20you')
      await expect.poll(() => page.locator('.results > li').count()).toBe(2)
      await expectNoSeriousA11yViolations(page)
      await page.goto(`/play/${site.content[0]!.chunkIds[0]}`)
      await expect
        .poll(() => page.locator('[data-testid="phrasereel-player"]').isVisible(), { timeout: 10_000 })
        .toBe(true)
      await expectNoSeriousA11yViolations(page)
      opened.assertNoConsoleErrors()
      await opened.close()
    })
  }

  it('the video modal and the open mobile menu have no serious violations', async () => {
    const opened = await openPage(browser, site, { viewport: 'mobile', theme: 'light' })
    const { page } = opened
    await page.goto('/')
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'))
    await page.locator('[data-menu-toggle]').click()
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await page.locator('[data-feed] .card__thumb').first().click()
    await expect
      .poll(() => page.locator('[data-testid="phrasereel-player"]').isVisible(), { timeout: 10_000 })
      .toBe(true)
    await expectNoSeriousA11yViolations(page)
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('policy and sponsor pages have no serious violations', async () => {
    const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'light' })
    const { page } = opened
    for (const path of ['/copyright-owners', '/sponsors']) {
      await page.goto(path)
      await expectNoSeriousA11yViolations(page)
    }
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})
