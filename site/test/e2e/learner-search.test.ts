/**
 * Search results (spec §2.4, §8 sharing): the texts, player card or audio player by chunk_type, highlighting,
 * copy text and share link with the toasts, pagination, the modal, at both widths and themes, by keyboard.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, signInContext } from './account-fixtures.ts'
import {
  gate,
  hydrated,
  MATRIX,
  manyClips,
  player,
  seedMore,
  tabTo,
  learnerSuite,
  withPage,
} from './learner-helpers.ts'

const suite = learnerSuite(async (s) => {
  await seedMore(s, [
    manyClips('Road Trip', 'Adventure', 25, 'let us go'),
    // more than one variety block (200) of matches: the server stops early and estimates the total
    manyClips('Long Running Show', 'Comedy', 230, 'see you later'),
  ])
})

const results = (page: Page) => page.locator('.results > li')
const summary = (page: Page) => page.locator('.results-summary')

describe('results', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`shows the count, highlighted transcripts, video card or audio player (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto(`/search?q=${encodeURIComponent('how are you')}`)
        await expect.poll(() => summary(page).textContent()).toBe('Found 2 result(s) for "how are you"')
        expect(await results(page).count()).toBe(2)
        const marks = (await page.locator('.results mark').allTextContents()).map((m) =>
          m.toLowerCase().replace(/[?,.]/g, ''),
        )
        expect(marks).toEqual(['how are you', 'how are you'])
        expect(await page.locator('.results audio').count()).toBe(1)
        expect(await page.locator('.results .card__thumb').count()).toBe(1)
        const text = await page.locator('.results').textContent()
        expect(text).toContain('The Long Road')
        expect(text).toContain('Morning Podcast')
        expect(await page.locator('#top-search, #mobile-search').first().inputValue()).toBe('how are you')
        expect(await page.locator('.pagination').count()).toBe(0)
      })
    })
  }

  it("says 'No results found.' and shows 'Searching through content...' while a page loads", async () => {
    await withPage(suite, { viewport: 'mobile', theme: 'light' }, async (page) => {
      await page.goto('/search?q=zebra%20crossing')
      expect(await summary(page).textContent()).toBe('No results found.')
      const held = gate()
      await page.route('**/api/search?*', async (route) => {
        await held.opened
        await route.continue()
      })
      await page.goto('/search?q=let%20us%20go')
      await page.getByRole('button', { name: 'Page 2' }).click()
      await expect.poll(() => page.getByText('Searching through content...').isVisible()).toBe(true)
      held.open()
      await expect.poll(() => results(page).count()).toBe(10)
      expect(await summary(page).textContent()).toBe('Found 25 result(s) for "let us go"')
    })
  })

  it('copies the text and the share link, with the toasts', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/search?q=break%20a%20leg')
      await expect.poll(() => summary(page).textContent()).toBe('Found 1 result(s) for "break a leg"')
      await hydrated(page)
      const id = await results(page).first().locator('article').getAttribute('data-chunk-id')
      await page.getByRole('button', { name: 'Copy text' }).click()
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe('Break a leg tonight!')
      expect(await results(page).first().getByRole('button', { name: 'Copied!' }).isVisible()).toBe(true)
      await page.getByRole('button', { name: 'Copy link' }).click()
      await expect
        .poll(() => page.locator('[data-toast="success"]').textContent())
        .toBe('Link copied to clipboard!')
      // the link carries the phrase, so /play starts there and names it (issue 17)
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${suite.site.url}/play/${id}?q=break%20a%20leg`,
      )
      await expect.poll(() => page.locator('[data-toast]').count(), { timeout: 4000 }).toBe(0)
      // both clipboard routes failing
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new Error('denied')) },
        })
        document.execCommand = () => false
      })
      await page.getByRole('button', { name: 'Copy link' }).click()
      await expect.poll(() => page.locator('[data-toast="error"]').textContent()).toBe('Failed to copy link')
    })
  })

  it('opens a result in the modal, previous wraps to the last result, Esc closes', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      await page.goto('/search?q=what%20you%20mean')
      await page.goto('/search?q=mean')
      await expect.poll(() => results(page).count()).toBe(2)
      await hydrated(page)
      await results(page).first().locator('.card__thumb').click()
      const modal = player(page)
      await expect.poll(() => modal.isVisible(), { timeout: 10_000 }).toBe(true)
      const first = await modal.locator('video, audio').first().getAttribute('src')
      await modal.getByRole('button', { name: 'Previous clip' }).click()
      await expect.poll(() => modal.locator('video, audio').first().getAttribute('src')).not.toBe(first)
      await page.waitForTimeout(600)
      await modal.getByRole('button', { name: 'Next clip' }).click()
      await expect.poll(() => modal.locator('video, audio').first().getAttribute('src')).toBe(first)
      await page.keyboard.press('Escape')
      await expect.poll(() => modal.count()).toBe(0)
    })
  })
})

describe('like and save', () => {
  it('asks a signed-out visitor to sign in; a signed-in one likes and saves, and it sticks', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/search?q=break%20a%20leg')
      const like = page.getByRole('button', { name: 'Like', exact: true })
      expect(await like.getAttribute('title')).toBe('Sign in to like this video')
      expect(await page.getByRole('button', { name: 'Save', exact: true }).getAttribute('title')).toBe(
        'Sign in to save this video',
      )
      await like.click()
      await expect.poll(() => page.locator('dialog[open]').count(), { timeout: 10_000 }).toBe(1)
    })

    const account = await createAccount(suite.site)
    await withPage(suite, { viewport: 'mobile', theme: 'light' }, async (page, opened) => {
      await signInContext(opened.context, suite.site, account)
      await page.goto('/search?q=break%20a%20leg')
      await page.getByRole('button', { name: 'Like', exact: true }).click()
      await expect.poll(() => page.locator('button[data-like]').getAttribute('aria-pressed')).toBe('true')
      await page.waitForTimeout(400) // the 300 ms button debounce
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect.poll(() => page.locator('button[data-save]').getAttribute('aria-pressed')).toBe('true')
      await page.reload()
      await expect.poll(() => page.locator('button[data-like]').textContent()).toBe('Liked')
      expect(await page.locator('button[data-save]').textContent()).toBe('Saved')
      await page.locator('button[data-like]').click()
      await expect.poll(() => page.locator('button[data-like]').getAttribute('aria-pressed')).toBe('false')
    })
  })
})

describe('pagination', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`pages 10 at a time with Previous, Next and page numbers (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/search?q=let%20us%20go')
        await expect.poll(() => summary(page).textContent()).toBe('Found 25 result(s) for "let us go"')
        expect(await results(page).count()).toBe(10)
        const pager = page.getByRole('navigation', { name: 'Pagination' })
        expect(await pager.getByRole('button').allInnerTexts()).toEqual(['Previous', '1', '2', '3', 'Next'])
        expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true)
        await hydrated(page)
        const firstPage = await results(page).allInnerTexts()
        await pager.getByRole('button', { name: 'Page 3' }).click()
        await expect.poll(() => results(page).count()).toBe(5)
        expect(new URL(page.url()).searchParams.get('page')).toBe('3')
        expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
        await pager.getByRole('button', { name: 'Previous' }).click()
        await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2')
        await expect.poll(() => results(page).count()).toBe(10)
        const secondPage = await results(page).allInnerTexts()
        expect(secondPage.some((r) => firstPage.includes(r))).toBe(false)
        await page.goBack()
        await expect.poll(() => results(page).count()).toBe(5)
        // a shared page link opens on that page
        await page.goto('/search?q=let%20us%20go&page=2')
        await expect.poll(() => results(page).count()).toBe(10)
        expect(await pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
      })
    })
  }

  it('says "about" for an estimated total, on the server-rendered page and on later pages', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/search?q=see%20you%20later')
      const text = await summary(page).textContent()
      expect(text).toMatch(/^Found about [1-9][0-9]{1,2}0 result\(s\) for "see you later"$/)
      expect(await results(page).count()).toBe(10)
      await hydrated(page)
      // later pages read the flags from the API's headers
      const headers: Record<string, string>[] = []
      page.on('response', (response) => {
        if (response.url().includes('/api/search?')) headers.push(response.headers())
      })
      await page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('button', { name: 'Page 2', exact: true })
        .click()
      await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2')
      await expect.poll(() => results(page).count()).toBe(10)
      expect(headers.at(-1)).toMatchObject({
        'x-total-count-estimated': 'true',
        'x-total-count-capped': 'false',
      })
      expect(await summary(page).textContent()).toBe(text)
    })
  })

  it('keyboard only: search, reach a page button and the copy link button', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page) => {
      await page.goto('/search?q=let%20us%20go')
      await expect.poll(() => results(page).count()).toBe(10)
      await hydrated(page)
      expect(await tabTo(page, '.result__actions button:nth-child(2)')).toBe(true)
      await page.keyboard.press('Enter')
      await expect
        .poll(() => page.locator('[data-toast="success"]').textContent())
        .toBe('Link copied to clipboard!')
      expect(await tabTo(page, '.pagination__page:not([aria-current])', 200)).toBe(true)
      await page.keyboard.press('Enter')
      await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.classList.contains('results-summary')))
        .toBe(true)
    })
  })
})
