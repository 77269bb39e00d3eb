/**
 * Issue 17, settings the learner sets once: the translation language and tab and the speed survive Next,
 * Previous, closing and reopening the player and a reload; the default language is the browser's when the clip
 * has it; a signed-in learner's settings are saved in the profile and follow them to another browser.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, signInContext, savedPreferences } from './account-fixtures.ts'
import { openPage } from './harness.ts'
import { hydrated, learnerSuite, player, withPage } from './learner-helpers.ts'

const suite = learnerSuite()
const first = () => suite.site.content[0]!.chunkIds[0]!

async function showTranslations(page: Page, viewport: 'desktop' | 'mobile'): Promise<void> {
  const opener =
    viewport === 'mobile'
      ? player(page).getByRole('tab', { name: 'Translations' })
      : player(page).getByRole('button', { name: 'Show translations' })
  await opener.click()
  await player(page).getByRole('group', { name: 'Translation language' }).waitFor({ timeout: 10_000 })
}

/** The language, tab and speed the player shows. */
async function shown(page: Page): Promise<{ language: string | null; tab: string | null; speed: string }> {
  const language = await player(page).locator('.pr-language[aria-pressed="true"]').textContent()
  const tab = await player(page)
    .locator('[aria-label="Translation view"] [aria-selected="true"]')
    .textContent()
  const speed = await player(page).getByLabel('Playback speed', { exact: true }).inputValue()
  return { language, tab, speed }
}

const media = (page: Page) => player(page).locator('[data-testid="pr-media"]')

describe('remembered player settings', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`language, tab and speed survive Next, Previous, closing, reopening and a reload (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        const open = async () => {
          await page.goto('/search?q=how%20are%20you')
          await hydrated(page)
          await page.locator('[data-results] .card__thumb').first().click()
          await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
          await showTranslations(page, viewport)
        }
        await open()
        // no English translation: the list's first language, Arabic, until the learner picks another
        expect((await shown(page)).language).toBe('Arabic')
        await player(page).getByRole('button', { name: 'French', exact: true }).click()
        await player(page).getByRole('tab', { name: 'Literal' }).click()
        await player(page).getByLabel('Playback speed', { exact: true }).selectOption('0.5')
        const settings = { language: 'French', tab: 'Literal', speed: '0.5' }
        expect(await shown(page)).toEqual(settings)
        // Next (a clip without translations), then Previous: back to the same choice
        const src = () => media(page).getAttribute('src')
        const before = await src()
        await player(page).getByRole('button', { name: 'Next clip' }).click()
        await expect.poll(src, { timeout: 10_000 }).not.toBe(before)
        await page.waitForTimeout(600)
        await player(page).getByRole('button', { name: 'Previous clip' }).click()
        await expect.poll(src, { timeout: 10_000 }).toBe(before)
        if (viewport === 'mobile') await showTranslations(page, viewport)
        await expect.poll(() => shown(page)).toEqual(settings)
        await expect.poll(() => media(page).evaluate((m: HTMLMediaElement) => m.playbackRate)).toBe(0.5)
        // closed and opened again
        await page.keyboard.press('Escape')
        await expect.poll(() => player(page).count()).toBe(0)
        await page.locator('[data-results] .card__thumb').first().click()
        await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
        await showTranslations(page, viewport)
        expect(await shown(page)).toEqual(settings)
        // a reload
        await open()
        expect(await shown(page)).toEqual(settings)
        await expect.poll(() => media(page).evaluate((m: HTMLMediaElement) => m.playbackRate)).toBe(0.5)
      })
    })
  }

  it("defaults to the browser's language when the clip has a translation in it", async () => {
    const context = await suite.browser.newContext({ baseURL: suite.site.url, locale: 'fr-FR' })
    try {
      const page = await context.newPage()
      await page.goto(`/play/${first()}`)
      await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
      await showTranslations(page, 'desktop')
      expect((await shown(page)).language).toBe('French')
    } finally {
      await context.close()
    }
  })

  it('a signed-in learner’s settings are saved in the profile and follow them to another browser', async () => {
    const account = await createAccount(suite.site, { firstName: 'Remy', lastName: 'Remembers' })
    const one = await openPage(suite.browser, suite.site, { viewport: 'desktop' })
    try {
      await signInContext(one.context, suite.site, account)
      await one.page.goto(`/play/${first()}`)
      await expect.poll(() => player(one.page).isVisible(), { timeout: 15_000 }).toBe(true)
      // the session (and with it the saving) arrives after the first paint
      await one.page.waitForFunction(() => document.querySelector('.pr-player-marks button') !== null, null, {
        timeout: 15_000,
      })
      await showTranslations(one.page, 'desktop')
      await player(one.page).getByRole('button', { name: 'French', exact: true }).click()
      await player(one.page).getByRole('tab', { name: 'Keywords' }).click()
      await player(one.page).getByLabel('Playback speed', { exact: true }).selectOption('1.25')
      await expect
        .poll(() => savedPreferences(one.page, account), { timeout: 10_000 })
        .toEqual({ translation_language: 'fr', translation_tab: 'keywords', playback_rate: 1.25 })
      one.assertNoConsoleErrors()
    } finally {
      await one.close()
    }
    // another browser: nothing remembered locally, the profile brings the settings
    const two = await openPage(suite.browser, suite.site, { viewport: 'desktop' })
    try {
      await signInContext(two.context, suite.site, account)
      await two.page.goto('/search?q=how%20are%20you')
      await hydrated(two.page)
      await two.page.locator('[data-results] .card__thumb').first().click()
      await expect.poll(() => player(two.page).isVisible(), { timeout: 10_000 }).toBe(true)
      await showTranslations(two.page, 'desktop')
      expect(await shown(two.page)).toEqual({ language: 'French', tab: 'Keywords', speed: '1.25' })
      two.assertNoConsoleErrors()
    } finally {
      await two.close()
    }
  })
})
