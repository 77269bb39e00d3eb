/**
 * Likes and saves mark the clip the learner chose (issue 17, docs/decisions/088): every Like/Save button (search
 * results, list cards, the player's control row, /play) sends `content_chunk_id`; a clip shows Liked/Saved only
 * when that clip is (aria-pressed and a filled icon, not only the label); /liked and /saved list exactly the
 * clips marked, newest first. At 1280 and 375 px, axe clean in both themes.
 */
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  signInContext,
  type TestAccount,
  visit,
} from './account-fixtures.ts'
import { openPage } from './harness.ts'
import { learnerSuite, player, seedMore } from './learner-helpers.ts'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

let okay: { contentId: number; chunkIds: number[] }

const suite = learnerSuite(async (site) => {
  const seeded = await seedMore(site, [
    {
      name: 'Are You Okay',
      category: 'series',
      genre: 'Drama',
      year: 2022,
      chunks: [{ text: 'Are you okay?' }, { text: 'Are you okay now?' }, { text: 'Tell me, are you okay?' }],
    },
  ])
  okay = seeded[0]!
})

interface MarkCall {
  method: string
  path: string
  body: Record<string, number> | null
}

/** Records the like/save calls and status lookups the page makes. */
function recordMarkCalls(page: Page): MarkCall[] {
  const calls: MarkCall[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!/^\/api\/user-content\/(like|save|status\/)/.test(url.pathname)) return
    calls.push({
      method: request.method(),
      path: url.pathname + url.search,
      body: request.postData() ? (JSON.parse(request.postData()!) as Record<string, number>) : null,
    })
  })
  return calls
}

const resultButton = (page: Page, kind: 'like' | 'save', chunkId: number): Locator =>
  page.locator(`.results button[data-${kind}][data-chunk="${chunkId}"]`)

/** The state a result's mark button shows: pressed, its word and whether its icon is filled. */
async function shown(button: Locator): Promise<[string | null, string, string | null]> {
  return [
    await button.getAttribute('aria-pressed'),
    (await button.textContent())?.trim() ?? '',
    await button.locator('svg').getAttribute('data-filled'),
  ]
}

async function listIds(account: TestAccount, list: 'liked' | 'saved'): Promise<number[]> {
  const chunks = await apiAs<{ id: number }[]>(suite.site, account, 'GET', `/api/user-content/${list}-chunks`)
  return chunks.map((chunk) => chunk.id)
}

beforeAll(() => {
  expect(okay.chunkIds).toHaveLength(3)
})

describe('per-clip likes and saves', () => {
  for (const [viewport, theme] of [
    ['desktop', 'dark'],
    ['mobile', 'light'],
  ] as const) {
    it(`saving one result saves that clip only, and /saved lists exactly it (${viewport}, ${theme})`, async () => {
      const [a, b, c] = okay.chunkIds as [number, number, number]
      const account = await createAccount(suite.site, { firstName: 'Pia', lastName: 'Phrase' })
      const opened = await openPage(suite.browser, suite.site, { viewport, theme })
      const { page } = opened
      try {
        await signInContext(opened.context, suite.site, account)
        const calls = recordMarkCalls(page)
        await visit(page, '/search?q=are%20you%20okay')
        await expect.poll(() => page.locator('.results > li').count(), { timeout: 15_000 }).toBe(3)
        // the statuses are asked per clip
        await expect
          .poll(() => calls.filter((call) => call.path.startsWith('/api/user-content/status/')).length, {
            timeout: 15_000,
          })
          .toBe(3)
        for (const id of [a, b, c])
          expect(calls.map((call) => call.path)).toContain(
            `/api/user-content/status/${okay.contentId}?content_chunk_id=${id}`,
          )
        await expect.poll(() => resultButton(page, 'save', b).getAttribute('title')).toBeNull()

        await resultButton(page, 'save', b).click()
        await expect
          .poll(() => shown(resultButton(page, 'save', b)), { timeout: 15_000 })
          .toEqual(['true', 'Saved', 'true'])
        // the other clips of the same title stay unsaved
        for (const other of [a, c])
          expect(await shown(resultButton(page, 'save', other))).toEqual(['false', 'Save', 'false'])
        expect(calls.find((call) => call.method === 'POST')).toEqual({
          method: 'POST',
          path: '/api/user-content/save',
          body: { content_metadata_id: okay.contentId, content_chunk_id: b },
        })
        expect(await listIds(account, 'saved')).toEqual([b])
        await expectNoSeriousA11yViolations(page, `/search with a saved clip ${viewport} ${theme}`)

        // after a reload the server still says so, per clip
        await visit(page, '/search?q=are%20you%20okay')
        await expect
          .poll(() => shown(resultButton(page, 'save', b)), { timeout: 15_000 })
          .toEqual(['true', 'Saved', 'true'])
        expect(await shown(resultButton(page, 'save', a))).toEqual(['false', 'Save', 'false'])

        // /saved shows exactly that clip, its Save button pressed with a filled icon; unsaving sends the clip
        await visit(page, '/saved')
        const cards = page.locator('[data-list="saved"] > li')
        await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1)
        expect(await cards.first().locator('.card__thumb').getAttribute('href')).toBe(`/play/${b}`)
        const remove = cards.first().getByRole('button', { name: 'Remove from saved videos', exact: true })
        await remove.waitFor({ timeout: 15_000 })
        expect(await remove.getAttribute('aria-pressed')).toBe('true')
        expect(await remove.locator('svg').getAttribute('fill')).toBe('currentColor')
        const like = cards.first().getByRole('button', { name: 'Like this video', exact: true })
        expect(await like.locator('svg').getAttribute('fill')).toBe('none')
        await expectNoSeriousA11yViolations(page, `/saved ${viewport} ${theme}`)
        await remove.click()
        await cards
          .first()
          .getByRole('button', { name: 'Save this video', exact: true })
          .waitFor({ timeout: 15_000 })
        expect(calls.filter((call) => call.method === 'DELETE').at(-1)).toEqual({
          method: 'DELETE',
          path: '/api/user-content/save',
          body: { content_metadata_id: okay.contentId, content_chunk_id: b },
        })
        expect(await listIds(account, 'saved')).toEqual([])
        opened.assertNoConsoleErrors()
      } finally {
        await opened.close()
      }
    })
  }

  it('a like in the player marks the clip shown; /play likes its own clip; /liked lists them newest first', async () => {
    const [a, , c] = okay.chunkIds as [number, number, number]
    const account = await createAccount(suite.site, { firstName: 'Lou', lastName: 'Liker' })
    const opened = await openPage(suite.browser, suite.site, { viewport: 'desktop', theme: 'light' })
    const { page } = opened
    try {
      await signInContext(opened.context, suite.site, account)
      const calls = recordMarkCalls(page)
      await visit(page, '/search?q=are%20you%20okay')
      await expect.poll(() => page.locator('.results > li').count(), { timeout: 15_000 }).toBe(3)
      // open the third result in the video modal and like it there
      await page.locator(`.results article[data-chunk-id="${c}"] [data-open]`).first().click()
      await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
      const marks = player(page).locator('.pr-player-marks')
      await marks.getByRole('button', { name: 'Like this video', exact: true }).click({ timeout: 15_000 })
      const unlike = marks.getByRole('button', { name: 'Unlike this video', exact: true })
      await unlike.waitFor({ timeout: 15_000 })
      expect(await unlike.getAttribute('aria-pressed')).toBe('true')
      expect(await unlike.locator('svg').getAttribute('fill')).toBe('currentColor')
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        content_metadata_id: okay.contentId,
        content_chunk_id: c,
      })
      await page.keyboard.press('Escape')
      await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(false)
      expect(await shown(resultButton(page, 'like', c))).toEqual(['true', 'Liked', 'true'])
      for (const other of okay.chunkIds.slice(0, 2))
        expect(await shown(resultButton(page, 'like', other))).toEqual(['false', 'Like', 'false'])

      // /play/{a}: its like asks about and marks clip a
      await page.goto(`/play/${a}`)
      const playMarks = player(page).locator('.pr-player-marks')
      const playLike = playMarks.getByRole('button', { name: 'Like this video', exact: true })
      await playLike.waitFor({ timeout: 20_000 })
      expect(await playLike.getAttribute('aria-pressed')).toBe('false')
      expect(calls.map((call) => call.path)).toContain(
        `/api/user-content/status/${okay.contentId}?content_chunk_id=${a}`,
      )
      await playLike.click()
      await playMarks
        .getByRole('button', { name: 'Unlike this video', exact: true })
        .waitFor({ timeout: 15_000 })
      expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
        content_metadata_id: okay.contentId,
        content_chunk_id: a,
      })
      expect(await listIds(account, 'liked')).toEqual([a, c])

      await visit(page, '/liked')
      const hrefs = await page
        .locator('[data-list="liked"] .card__thumb')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      expect(hrefs).toEqual([`/play/${a}`, `/play/${c}`])
      opened.assertNoConsoleErrors()
    } finally {
      await opened.close()
    }
  })
})
