/**
 * Issue 17, the player: no 'No subtitles available for this moment' in the lead-in before the first word or after
 * the last one (the nearest line shows; the gap between lines keeps the spec's text); a focused subtitle word keeps
 * focus when the line changes or the clip loops; '?' and a button list the shortcuts; audio clips look like clips
 * (a card with a big play button) and moving between audio and video does not resize the player.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  expectNoSeriousA11yViolations,
  hydrated,
  learnerSuite,
  MATRIX,
  player,
  seedMore,
  withPage,
} from './learner-helpers.ts'

// a 2 s clip: a lead-in (0–0.4), two lines with a gap between them (0.9–1.1), a tail (1.7–2)
const TWO_LINES = {
  segments: [
    {
      index: 0,
      start: 0.4,
      end: 0.9,
      words: [
        { word: 'Lead', start: 0.4, end: 0.6 },
        { word: 'in', start: 0.6, end: 0.75 },
        { word: 'here', start: 0.75, end: 0.9 },
      ],
    },
    {
      index: 1,
      start: 1.1,
      end: 1.7,
      words: [
        { word: 'Tail', start: 1.1, end: 1.3 },
        { word: 'out', start: 1.3, end: 1.5 },
        { word: 'there', start: 1.5, end: 1.7 },
      ],
    },
  ],
}

let twoLines = 0
const suite = learnerSuite(async (site) => {
  const [seeded] = await seedMore(site, [
    {
      name: 'Gap Study',
      category: 'series',
      genre: 'Drama',
      year: 2022,
      chunks: [{ text: 'Lead in here tail out there' }],
    },
  ])
  twoLines = seeded!.chunkIds[0]!
  await writeFile(
    path.join(site.ctx.config.MEDIA_DIR, String(seeded!.contentId), 'segment_1.json'),
    JSON.stringify(TWO_LINES),
  )
})

const media = (page: Page) => player(page).locator('[data-testid="pr-media"]')
const subtitles = (page: Page) => player(page).getByTestId('pr-subtitles')
const words = (page: Page) =>
  subtitles(page).evaluate((el) => [...el.querySelectorAll('.pr-word')].map((w) => w.textContent))

async function openPlay(page: Page, chunkId: number): Promise<void> {
  await page.goto(`/play/${chunkId}`)
  await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
  await expect
    .poll(() => media(page).evaluate((el: HTMLMediaElement) => el.readyState), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1)
}

/** Pause, then put the playing position at `time` and wait for the seek to land. */
async function seekTo(page: Page, time: number): Promise<void> {
  await media(page).evaluate(async (el: HTMLMediaElement, t) => {
    el.pause()
    const seeked = new Promise((resolve) => el.addEventListener('seeked', resolve, { once: true }))
    el.currentTime = t
    await seeked
  }, time)
}

describe('the lead-in and the tail show the nearest line', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`never says there are no subtitles before the first word or after the last (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await openPlay(page, twoLines)
        await expect.poll(() => words(page), { timeout: 10_000 }).not.toEqual([])
        await seekTo(page, 0.1)
        await expect.poll(() => words(page)).toEqual(['Lead', 'in', 'here'])
        await seekTo(page, 1.9)
        await expect.poll(() => words(page)).toEqual(['Tail', 'out', 'there'])
        // between the lines, the spec's text stays
        await seekTo(page, 1)
        await expect.poll(() => subtitles(page).textContent()).toBe('No subtitles available for this moment')
        // a whole play from the start: the text shows only while between the two lines
        const seen = await media(page).evaluate(async (el: HTMLMediaElement) => {
          const bar = el
            .closest('[data-testid="phrasereel-player"]')!
            .querySelector('[data-testid="pr-subtitles"]')!
          const times: number[] = []
          const observer = new MutationObserver(() => {
            if (bar.textContent?.includes('No subtitles available')) times.push(el.currentTime)
          })
          observer.observe(bar, { childList: true, subtree: true, characterData: true })
          el.currentTime = 0
          await el.play()
          await new Promise<void>((resolve) => {
            const check = () => (el.currentTime >= 1.85 ? resolve() : requestAnimationFrame(check))
            check()
          })
          el.pause()
          observer.disconnect()
          return times
        })
        for (const time of seen) expect(time).toBeGreaterThan(0.8)
        for (const time of seen) expect(time).toBeLessThan(1.2)
      })
    })
  }
})

describe('a focused subtitle word keeps focus', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`moves to its successor when the line changes and when the clip loops (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await openPlay(page, twoLines)
        await seekTo(page, 0.5)
        await expect.poll(() => words(page)).toEqual(['Lead', 'in', 'here'])
        await subtitles(page).locator('.pr-word').nth(1).focus()
        const focused = () =>
          page.evaluate(() => {
            const el = document.activeElement
            const inPlayer = !!el?.closest('[data-testid="phrasereel-player"]')
            return inPlayer && el?.classList.contains('pr-word') ? el.textContent : (el?.tagName ?? null)
          })
        expect(await focused()).toBe('in')
        await seekTo(page, 1.35)
        await expect.poll(() => words(page)).toEqual(['Tail', 'out', 'there'])
        expect(await focused()).toBe('out')
        // the clip plays to its end and loops: focus follows into the first line
        await media(page).evaluate((el: HTMLMediaElement) => {
          el.currentTime = 1.75
          void el.play()
        })
        await expect.poll(() => words(page), { timeout: 10_000 }).toEqual(['Lead', 'in', 'here'])
        expect(await focused()).toBe('in')
        // the focus ring is visible
        const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
        expect(outline).not.toBe('none')
        await media(page).evaluate((el: HTMLMediaElement) => el.pause())
      })
    })
  }
})

describe("'?' lists the shortcuts", () => {
  for (const { viewport, theme } of MATRIX) {
    it(`a labelled button and the key open an accessible list; Esc and ? close it (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await openPlay(page, twoLines)
        const toggle = player(page).getByRole('button', { name: 'Keyboard shortcuts (?)' })
        const list = player(page).getByRole('dialog', { name: 'Keyboard shortcuts' })
        expect(await list.isVisible()).toBe(false)
        await toggle.click()
        await expect.poll(() => list.isVisible()).toBe(true)
        expect(await toggle.getAttribute('aria-expanded')).toBe('true')
        const text = await list.textContent()
        for (const line of [
          'Play or pause',
          'Previous clip',
          'Next clip',
          'Replay the phrase',
          'Listening mode',
        ]) {
          expect(text).toContain(line)
        }
        // F is desktop only (spec §2.5)
        expect(text?.includes('Enter or exit fullscreen')).toBe(viewport === 'desktop')
        // the list fits the viewport
        const box = (await list.boundingBox())!
        const size = page.viewportSize()!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(size.width)
        await expectNoSeriousA11yViolations(page)
        await page.keyboard.press('Escape')
        await expect.poll(() => list.isVisible()).toBe(false)
        // Esc closed the list, not the player page, and focus is back on the button
        expect(await player(page).isVisible()).toBe(true)
        expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
        await page.keyboard.press('?')
        await expect.poll(() => list.isVisible()).toBe(true)
        await page.keyboard.press('?')
        await expect.poll(() => list.isVisible()).toBe(false)
        expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true)
        // not while typing in a text field
        await page.evaluate(() => {
          const input = document.createElement('input')
          input.setAttribute('aria-label', 'Notes')
          input.id = 'typing-field'
          document.body.append(input)
          input.focus()
        })
        await page.keyboard.type('why?')
        expect(await page.locator('#typing-field').inputValue()).toBe('why?')
        expect(await list.isVisible()).toBe(false)
      })
    })
  }
})

describe('audio clips look like clips', () => {
  const stageBox = async (page: Page) => {
    const box = (await player(page).locator('.pr-stage').boundingBox())!
    return { width: Math.round(box.width), height: Math.round(box.height) }
  }

  for (const { viewport, theme } of MATRIX) {
    it(`a card with the title, a big play button and the duration; the stage keeps its size (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto('/search?q=how%20are%20you')
        await hydrated(page)
        await page.locator('[data-results] .card__thumb').first().click()
        await expect.poll(() => player(page).isVisible(), { timeout: 10_000 }).toBe(true)
        const kind = () => media(page).evaluate((el) => el.tagName)
        const sizes = new Map<string, { width: number; height: number }>()
        // walk the results until both kinds were on stage
        for (let step = 0; step < 4 && sizes.size < 2; step++) {
          if (step > 0) {
            const before = await media(page).getAttribute('src')
            await page.waitForTimeout(600) // the 500 ms navigation lock
            await player(page).getByRole('button', { name: 'Next clip' }).click()
            await expect.poll(() => media(page).getAttribute('src'), { timeout: 10_000 }).not.toBe(before)
          }
          const tag = await kind()
          const card = player(page).getByTestId('pr-audio-card')
          if (tag === 'AUDIO') {
            await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true)
            expect(await card.getByTestId('pr-audio-title').textContent()).toBe('Morning Podcast')
            await expect
              .poll(() => card.getByTestId('pr-audio-duration').textContent(), { timeout: 10_000 })
              .toBe('Duration 0:02')
            const play = card.getByRole('button', { name: /^(Play|Pause) clip$/ })
            const button = (await play.boundingBox())!
            expect(button.width).toBeGreaterThanOrEqual(48)
            // no bare audio element on stage
            expect(await media(page).evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(
              1,
            )
            await media(page).evaluate((el: HTMLMediaElement) => el.pause())
            await expect.poll(() => play.getAttribute('aria-label')).toBe('Play clip')
            await play.click()
            await expect.poll(() => media(page).evaluate((el: HTMLMediaElement) => !el.paused)).toBe(true)
            await expectNoSeriousA11yViolations(page)
          } else {
            expect(await card.isVisible()).toBe(false)
          }
          sizes.set(tag, await stageBox(page))
        }
        expect([...sizes.keys()].sort()).toEqual(['AUDIO', 'VIDEO'])
        expect(sizes.get('AUDIO')).toEqual(sizes.get('VIDEO'))
      })
    })
  }
})
