/**
 * Issue 18, listening mode: the line hidden (blurred) until revealed with a button or S, a video clip played without
 * its picture in the same stage box, L to turn it on and off, remembered like the speed (in this browser, and in a
 * signed-in learner's profile); speeds from 0.5x to 2x.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, signInContext, savedPreferences } from './account-fixtures.ts'
import { openPage } from './harness.ts'
import { expectNoSeriousA11yViolations, learnerSuite, MATRIX, player, withPage } from './learner-helpers.ts'

const suite = learnerSuite()
const first = () => suite.site.content[0]!.chunkIds[0]!

const media = (page: Page) => player(page).locator('[data-testid="pr-media"]')
const wordCount = (page: Page) => player(page).locator('[data-testid="pr-subtitles"] .pr-word').count()
const concealed = (page: Page) => player(page).getByTestId('pr-concealed')
const toggle = (page: Page) => player(page).getByRole('button', { name: 'Listening mode (L)' })
const stageBox = async (page: Page) => {
  const box = (await player(page).locator('.pr-stage').boundingBox())!
  return { width: Math.round(box.width), height: Math.round(box.height) }
}

async function openPlay(page: Page): Promise<void> {
  await page.goto(`/play/${first()}`)
  await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
  await expect.poll(() => wordCount(page), { timeout: 10_000 }).toBeGreaterThan(0)
}

describe('listening mode', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`hides the line until revealed and the picture, in the same stage box; remembered (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await openPlay(page)
        const before = await stageBox(page)
        expect(await toggle(page).getAttribute('aria-pressed')).toBe('false')
        await toggle(page).click()
        expect(await toggle(page).getAttribute('aria-pressed')).toBe('true')
        // the line: blurred, its words out of reach, a note for screen readers
        await expect.poll(() => concealed(page).isVisible()).toBe(true)
        expect(await wordCount(page)).toBe(0)
        expect(
          await concealed(page)
            .locator('[aria-hidden="true"]')
            .evaluate((el) => getComputedStyle(el).filter),
        ).toMatch(/blur/)
        expect(await concealed(page).textContent()).toContain('Line hidden in listening mode')
        // the picture: hidden, the audio card in its place, the same box
        expect(await media(page).evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden')
        const card = player(page).getByTestId('pr-audio-card')
        expect(await card.isVisible()).toBe(true)
        expect(await card.textContent()).toContain('Listening mode: picture hidden')
        expect(await stageBox(page)).toEqual(before)
        // the transcript below does not give the line away
        expect(await player(page).locator('.pr-transcript').isVisible()).toBe(false)
        await expectNoSeriousA11yViolations(page)
        // the sound still plays
        await card.getByRole('button', { name: /^(Play|Pause) clip$/ }).click()
        await expect.poll(() => media(page).evaluate((el: HTMLMediaElement) => el.currentTime > 0)).toBe(true)
        await media(page).evaluate((el: HTMLMediaElement) => el.pause())
        // Reveal shows the line and focus goes to its first word
        await player(page).getByRole('button', { name: 'Reveal line (S)' }).click()
        await expect.poll(() => wordCount(page)).toBeGreaterThan(0)
        expect(await concealed(page).count()).toBe(0)
        expect(
          await page.evaluate(() => document.activeElement?.classList.contains('pr-word') ?? false),
        ).toBe(true)
        await expectNoSeriousA11yViolations(page)
        // a reload: still in listening mode, the line hidden again; S reveals it, L turns the mode off
        await page.reload()
        await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
        await expect.poll(() => concealed(page).isVisible(), { timeout: 10_000 }).toBe(true)
        expect(await toggle(page).getAttribute('aria-pressed')).toBe('true')
        await page.keyboard.press('s')
        await expect.poll(() => wordCount(page)).toBeGreaterThan(0)
        await page.keyboard.press('l')
        await expect.poll(() => toggle(page).getAttribute('aria-pressed')).toBe('false')
        expect(await media(page).evaluate((el) => getComputedStyle(el).visibility)).toBe('visible')
        expect(await card.isVisible()).toBe(false)
        expect(await stageBox(page)).toEqual(before)
      })
    })
  }

  it("a signed-in learner's listening mode and speed are saved in the profile", async () => {
    const account = await createAccount(suite.site, { firstName: 'Lena', lastName: 'Listens' })
    const opened = await openPage(suite.browser, suite.site, { viewport: 'desktop' })
    try {
      await signInContext(opened.context, suite.site, account)
      await openPlay(opened.page)
      // the session (and with it the saving) arrives after the first paint
      await opened.page.waitForFunction(
        () => document.querySelector('.pr-player-marks button') !== null,
        null,
        {
          timeout: 15_000,
        },
      )
      await toggle(opened.page).click()
      await player(opened.page).getByLabel('Playback speed', { exact: true }).selectOption('1.75')
      await expect
        .poll(() => savedPreferences(opened.page, account), { timeout: 10_000 })
        .toEqual({ listening_mode: true, playback_rate: 1.75 })
      opened.assertNoConsoleErrors()
    } finally {
      await opened.close()
    }
  })
})

describe('speeds from 0.5x to 2x', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`offers 0.5x to 2x and plays at 2x (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await openPlay(page)
        const speed = player(page).getByLabel('Playback speed', { exact: true })
        expect(await speed.locator('option').allTextContents()).toEqual([
          '0.5x',
          '0.75x',
          '1x',
          '1.25x',
          '1.5x',
          '1.75x',
          '2x',
        ])
        await speed.selectOption('2')
        await expect.poll(() => media(page).evaluate((el: HTMLMediaElement) => el.playbackRate)).toBe(2)
        await page.reload()
        await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
        await expect
          .poll(() => media(page).evaluate((el: HTMLMediaElement) => el.playbackRate), { timeout: 10_000 })
          .toBe(2)
        expect(await speed.inputValue()).toBe('2')
      })
    })
  }
})
