/**
 * Like, save and play logging in the player (spec §2.5, §2.6, §4 Like/save, §7.2): in the video modal and on
 * /play/{chunkId}, signed out (tooltips, the sign-in dialog, status refetched after signing in, nothing logged)
 * and signed in (toggles, the buttons following previous/next, one play logged per clip shown, in /play-history).
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  signInContext,
  type TestAccount,
  visit,
} from './account-fixtures.ts'
import { openPage } from './harness.ts'
import { learnerSuite, player } from './learner-helpers.ts'

// the machine running these is shared and slow; one walk through a flow takes minutes under load
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const suite = learnerSuite()

const marks = (page: Page): Locator => player(page).locator('.pr-player-marks')

interface HistoryItem {
  chunk: { id: number }
}

async function historyIds(account: TestAccount): Promise<number[]> {
  const items = await apiAs<HistoryItem[]>(suite.site, account, 'GET', '/api/user-content/play-history')
  return items.map((item) => item.chunk.id)
}

async function status(
  account: TestAccount,
  contentId: number,
): Promise<{ is_liked: boolean; is_saved: boolean }> {
  return apiAs(suite.site, account, 'GET', `/api/user-content/status/${contentId}`)
}

/** Resolves once the player's media element is really playing. */
async function waitPlaying(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        player(page)
          .locator('[data-testid="pr-media"]')
          .evaluate((media: HTMLMediaElement) => !media.paused && media.currentTime > 0),
      { timeout: 15_000 },
    )
    .toBe(true)
}

/** Records the play-log calls the page makes. */
function recordPlayLogs(page: Page): { chunkId: number; contentId: number }[] {
  const calls: { chunkId: number; contentId: number }[] = []
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/user-content/play')) return
    const body = JSON.parse(request.postData() ?? '{}') as {
      content_chunk_id: number
      content_metadata_id: number
    }
    calls.push({ chunkId: body.content_chunk_id, contentId: body.content_metadata_id })
  })
  return calls
}

describe('video modal', () => {
  it('signed out: the buttons open the sign-in dialog; signed in: the status is refetched, toggles and plays follow previous/next', async () => {
    const [longRoad, kitchen] = suite.site.content
    const account = await createAccount(suite.site, { firstName: 'Pia', lastName: 'Player' })
    // liked before: after signing in the modal must show it
    await apiAs(suite.site, account, 'POST', '/api/user-content/like', {
      content_metadata_id: kitchen!.contentId,
    })
    const opened = await openPage(suite.browser, suite.site, { viewport: 'desktop', theme: 'dark' })
    const { page } = opened
    // the search modal plays the results in order (issue 18): here each clip stays at its end, as a showing
    await opened.context.addInitScript(() =>
      localStorage.setItem('phrasereel:player-settings', JSON.stringify({ stop_after_each: true })),
    )
    const logs = recordPlayLogs(page)
    await visit(page, '/search?q=mean')
    const results = page.locator('.results > li')
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(2)
    await results.first().locator('.card__thumb').click()
    await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)

    // signed out: the tooltips of spec §6, nothing pressed, nothing logged while it plays
    const signInToLike = marks(page).getByRole('button', { name: 'Sign in to like this video', exact: true })
    const signInToSave = marks(page).getByRole('button', { name: 'Sign in to save this video', exact: true })
    await signInToLike.waitFor({ timeout: 15_000 })
    expect(await signInToLike.getAttribute('title')).toBe('Sign in to like this video')
    expect(await signInToSave.getAttribute('title')).toBe('Sign in to save this video')
    expect(await signInToLike.getAttribute('aria-pressed')).toBeNull()
    await waitPlaying(page)
    await page.waitForTimeout(500)
    expect(logs).toEqual([])
    await expectNoSeriousA11yViolations(page, 'modal player signed out')

    // the sign-in dialog opens over the player; Esc closes the dialog only
    const dialog = page.locator('#pr-auth-dialog-host dialog')
    await signInToSave.click()
    await dialog.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await player(page).isVisible()).toBe(true)
    await page.waitForTimeout(350) // the 300 ms rest after a click
    await signInToLike.click()
    await dialog.getByLabel('Email', { exact: true }).fill(account.email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByLabel('Password', { exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await player(page).isVisible()).toBe(true)

    // refetched after sign-in: the pre-liked item shows as liked, the other one not
    const title = async () => (await player(page).locator('.pr-title').textContent())?.trim()
    const contentOf = async () => ((await title()) === 'Kitchen Stories' ? kitchen! : longRoad!)
    const likeFor = (liked: boolean) =>
      marks(page).getByRole('button', { name: liked ? 'Unlike this video' : 'Like this video', exact: true })
    const firstContent = await contentOf()
    const firstLiked = firstContent === kitchen
    await likeFor(firstLiked).waitFor({ timeout: 15_000 })
    expect(await likeFor(firstLiked).getAttribute('aria-pressed')).toBe(String(firstLiked))

    // save it: flips on the OK answer, and the server agrees
    await marks(page).getByRole('button', { name: 'Save this video', exact: true }).click()
    const remove = marks(page).getByRole('button', { name: 'Remove from saved videos', exact: true })
    await remove.waitFor()
    expect(await remove.getAttribute('aria-pressed')).toBe('true')
    expect((await status(account, firstContent.contentId)).is_saved).toBe(true)

    // next: the other content item, its own state; the clip plays and is logged once
    await player(page).getByRole('button', { name: 'Next clip' }).click()
    await expect.poll(() => contentOf(), { timeout: 15_000 }).not.toBe(firstContent)
    const secondContent = await contentOf()
    await likeFor(!firstLiked).waitFor({ timeout: 15_000 })
    await marks(page).getByRole('button', { name: 'Save this video', exact: true }).waitFor()
    await waitPlaying(page)
    await expect.poll(() => logs.length, { timeout: 10_000 }).toBe(1)
    expect(logs[0]!.contentId).toBe(secondContent.contentId)
    expect(secondContent.chunkIds).toContain(logs[0]!.chunkId)
    // the clip stops at its end ('Stop after each clip'): still one play for this showing
    await page.waitForTimeout(2_500)
    expect(logs.length).toBe(1)

    // toggle its like from the player by keyboard
    const secondLiked = !firstLiked
    await likeFor(secondLiked).focus()
    await page.keyboard.press('Enter')
    await likeFor(!secondLiked).waitFor()
    expect((await status(account, secondContent.contentId)).is_liked).toBe(!secondLiked)

    // back to the first clip (wrap-around): its state again, and a second play logged
    await page.waitForTimeout(600) // navigation lock
    await player(page).getByRole('button', { name: 'Previous clip' }).click()
    await expect.poll(() => contentOf(), { timeout: 15_000 }).toBe(firstContent)
    await marks(page).getByRole('button', { name: 'Remove from saved videos', exact: true }).waitFor()
    await waitPlaying(page)
    await expect.poll(() => logs.length, { timeout: 10_000 }).toBe(2)
    expect(logs[1]!.contentId).toBe(firstContent.contentId)
    await expectNoSeriousA11yViolations(page, 'modal player signed in')

    // the plays are in the history
    await expect.poll(() => historyIds(account), { timeout: 10_000 }).toHaveLength(2)
    await visit(page, '/play-history')
    await page.locator('[data-list="history"]').waitFor({ timeout: 15_000 })
    expect(await page.locator('[data-list="history"] > li').count()).toBe(2)
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('a one-clip list moves chunk by chunk: the buttons and the play log follow the clip the server gave', async () => {
    const { contentId, chunkIds } = suite.site.content[0]!
    const [, second, third] = chunkIds
    const account = await createAccount(suite.site, { firstName: 'Rae', lastName: 'Single' })
    const opened = await openPage(suite.browser, suite.site, { viewport: 'mobile', theme: 'dark' })
    const { page } = opened
    await signInContext(opened.context, suite.site, account)
    const logs = recordPlayLogs(page)
    // one result ('Break a leg tonight!', the third clip of The Long Road): previous asks the server
    await visit(page, '/search?q=tonight')
    const results = page.locator('.results > li')
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(1)
    await results.first().locator('.card__thumb').click()
    await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
    await marks(page)
      .getByRole('button', { name: 'Like this video', exact: true })
      .waitFor({ timeout: 15_000 })
    await waitPlaying(page)
    await expect.poll(() => logs, { timeout: 10_000 }).toEqual([{ chunkId: third, contentId }])
    await page.waitForTimeout(600) // navigation lock
    await player(page).getByRole('button', { name: 'Previous clip' }).click()
    await expect
      .poll(() => player(page).locator('[data-testid="pr-media"]').getAttribute('src'), { timeout: 15_000 })
      .toMatch(/\/2\.mp4$/)
    await waitPlaying(page)
    await expect.poll(() => logs.length, { timeout: 10_000 }).toBe(2)
    expect(logs[1]).toEqual({ chunkId: second, contentId })
    // a save now records the clip shown, not the one the list opened with
    await marks(page).getByRole('button', { name: 'Save this video', exact: true }).click()
    await marks(page).getByRole('button', { name: 'Remove from saved videos', exact: true }).waitFor()
    const saved = await apiAs<{ id: number }[]>(suite.site, account, 'GET', '/api/user-content/saved-chunks')
    expect(saved.map((chunk) => chunk.id)).toEqual([second])
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})

describe('search results and the video modal', () => {
  it('share one like/save state: a like in the modal shows on the result after closing it, and the reverse', async () => {
    const account = await createAccount(suite.site, { firstName: 'Sam', lastName: 'Sync' })
    const opened = await openPage(suite.browser, suite.site, { viewport: 'desktop', theme: 'light' })
    const { page } = opened
    await signInContext(opened.context, suite.site, account)
    await visit(page, '/search?q=tonight')
    const results = page.locator('.results > li')
    await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(1)
    const { contentId } = suite.site.content[0]!
    const resultLike = results.first().locator(`button[data-like="${contentId}"]`)
    const resultSave = results.first().locator(`button[data-save="${contentId}"]`)
    await expect.poll(() => resultLike.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false')

    // like in the modal: the result's button shows it once the modal is closed (no reload)
    await results.first().locator('.card__thumb').click()
    await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
    await marks(page).getByRole('button', { name: 'Like this video', exact: true }).click({ timeout: 15_000 })
    await marks(page).getByRole('button', { name: 'Unlike this video', exact: true }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(false)
    expect(await resultLike.getAttribute('aria-pressed')).toBe('true')
    expect(await resultLike.textContent()).toBe('Liked')
    expect(await resultSave.getAttribute('aria-pressed')).toBe('false')
    expect((await status(account, contentId)).is_liked).toBe(true)

    // the reverse: unlike and save on the result, the modal shows both when opened again
    await resultLike.click()
    await expect.poll(() => resultLike.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false')
    await page.waitForTimeout(350) // the 300 ms rest after a click
    await resultSave.click()
    await expect.poll(() => resultSave.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true')
    expect(await status(account, contentId)).toEqual({ is_liked: false, is_saved: true })
    await results.first().locator('.card__thumb').click()
    await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
    await marks(page)
      .getByRole('button', { name: 'Like this video', exact: true })
      .waitFor({ timeout: 15_000 })
    await marks(page).getByRole('button', { name: 'Remove from saved videos', exact: true }).waitFor()
    // and a save undone in the modal shows on the result again
    await marks(page).getByRole('button', { name: 'Remove from saved videos', exact: true }).click()
    await marks(page).getByRole('button', { name: 'Save this video', exact: true }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(false)
    expect(await resultSave.getAttribute('aria-pressed')).toBe('false')
    expect(await resultSave.textContent()).toBe('Save')
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})

describe('/play/{chunkId}', () => {
  it('signed out: tooltips and the sign-in dialog, no play logged', async () => {
    const [first] = suite.site.content[0]!.chunkIds
    const opened = await openPage(suite.browser, suite.site, { viewport: 'mobile', theme: 'light' })
    const { page } = opened
    const logs = recordPlayLogs(page)
    await page.goto(`/play/${first}`)
    const signInToLike = marks(page).getByRole('button', { name: 'Sign in to like this video', exact: true })
    await signInToLike.waitFor({ timeout: 15_000 })
    expect(await signInToLike.getAttribute('title')).toBe('Sign in to like this video')
    // the shared clip starts at once (issue 17); signed out, nothing is logged
    await waitPlaying(page)
    await page.waitForTimeout(500)
    expect(logs).toEqual([])
    await marks(page).getByRole('button', { name: 'Sign in to save this video', exact: true }).click()
    const dialog = page.locator('#pr-auth-dialog-host dialog')
    await dialog.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
    await expectNoSeriousA11yViolations(page, '/play sign-in dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe(`/play/${first}`)
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('signed in: like/save follow previous/next, each clip shown logs one play, in /play-history', async () => {
    const { contentId, chunkIds } = suite.site.content[0]!
    const [first, second] = chunkIds
    const account = await createAccount(suite.site, { firstName: 'Quinn', lastName: 'Quiet' })
    const opened = await openPage(suite.browser, suite.site, { viewport: 'desktop', theme: 'light' })
    const { page } = opened
    await signInContext(opened.context, suite.site, account)
    const logs = recordPlayLogs(page)
    // the buttons are plain DOM (decision 079): no script the page runs carries React
    const reactScripts: string[] = []
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return
      const body = await response.text().catch(() => '')
      if (body.includes('react.transitional.element')) reactScripts.push(response.url())
    })
    await page.goto(`/play/${first}`)
    const like = marks(page).getByRole('button', { name: 'Like this video', exact: true })
    await like.waitFor({ timeout: 15_000 })
    expect(await like.getAttribute('aria-pressed')).toBe('false')
    await expectNoSeriousA11yViolations(page, '/play signed in')
    // the shared clip starts at once (issue 17): its play is logged once
    await waitPlaying(page)
    await expect.poll(() => logs, { timeout: 10_000 }).toEqual([{ chunkId: first, contentId }])

    // a failing like leaves it as it was; the next one works
    await page.route('**/api/user-content/like', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' }),
    )
    await like.click()
    await page.waitForTimeout(600)
    expect(await like.getAttribute('aria-pressed')).toBe('false')
    opened.errors.splice(
      0,
      opened.errors.length,
      ...opened.errors.filter((e) => !e.includes('status of 503')),
    )
    await page.unroute('**/api/user-content/like')
    await like.click()
    const unlike = marks(page).getByRole('button', { name: 'Unlike this video', exact: true })
    await unlike.waitFor()
    expect((await status(account, contentId)).is_liked).toBe(true)
    expect(reactScripts).toEqual([])

    // next: another clip of the same content item; likes are per clip (decision 088), so this one is not liked;
    // the new clip plays on and is logged once
    await player(page).getByRole('button', { name: 'Next clip' }).click()
    await page.waitForURL((url) => url.pathname === `/play/${second}`, { timeout: 15_000 })
    await like.waitFor({ timeout: 15_000 })
    expect(await like.getAttribute('aria-pressed')).toBe('false')
    await waitPlaying(page)
    await expect.poll(() => logs.length, { timeout: 10_000 }).toBe(2)
    expect(logs[1]).toEqual({ chunkId: second, contentId })
    // save from the second clip: the like/save records carry the clip shown
    await marks(page).getByRole('button', { name: 'Save this video', exact: true }).click()
    await marks(page).getByRole('button', { name: 'Remove from saved videos', exact: true }).waitFor()
    const saved = await apiAs<{ id: number }[]>(suite.site, account, 'GET', '/api/user-content/saved-chunks')
    expect(saved.map((chunk) => chunk.id)).toEqual([second])

    // back (the browser's history): the first clip again, one more play when it plays
    await page.waitForTimeout(600)
    await player(page).getByRole('button', { name: 'Previous clip' }).click()
    await page.waitForURL((url) => url.pathname === `/play/${first}`, { timeout: 15_000 })
    // the first clip is still liked
    await unlike.waitFor({ timeout: 15_000 })
    await waitPlaying(page)
    await expect.poll(() => logs.length, { timeout: 10_000 }).toBe(3)
    expect(logs[2]).toEqual({ chunkId: first, contentId })

    // the history keeps one row per clip, the latest play first
    await expect.poll(() => historyIds(account), { timeout: 10_000 }).toEqual([first, second])
    await visit(page, '/play-history')
    await page.locator('[data-list="history"]').waitFor({ timeout: 15_000 })
    expect(await page.locator('[data-list="history"] > li').count()).toBe(2)
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})
