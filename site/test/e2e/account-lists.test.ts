/**
 * The personal lists of spec §2.9 (signed-out and empty states word for word), like/save toggles and play
 * history, at 1280 px and 375 px in both themes, with axe.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  signInContext,
  startAccountSite,
  visit,
  type TestAccount,
} from './account-fixtures.ts'
import { launchBrowser, openPage, type TestSite } from './harness.ts'

// the machine running these is shared and slow; one walk through a flow takes minutes under load
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

let site: TestSite
let browser: Browser

beforeAll(async () => {
  site = await startAccountSite()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

const SIGNED_OUT: [string, string, string][] = [
  ['/liked', MESSAGES.likedSignedOutTitle, MESSAGES.likedSignedOutText],
  ['/saved', MESSAGES.savedSignedOutTitle, MESSAGES.savedSignedOutText],
  ['/play-history', MESSAGES.historySignedOutTitle, MESSAGES.historySignedOutText],
  ['/my-collections', MESSAGES.myCollectionsSignedOutTitle, MESSAGES.myCollectionsSignedOutText],
]

async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 })
}

describe('signed out', () => {
  for (const [viewport, theme] of [
    ['desktop', 'dark'],
    ['mobile', 'light'],
  ] as const) {
    it(`shows the signed-out states (${viewport}, ${theme})`, async () => {
      const opened = await openPage(browser, site, { viewport, theme })
      const { page } = opened
      for (const [path, title, text] of SIGNED_OUT) {
        await visit(page, path)
        await expectText(page, title)
        await expectText(page, text)
        const signIn = page.getByRole('main').getByRole('link', { name: MESSAGES.signIn, exact: true })
        expect(await signIn.getAttribute('href')).toBe('/login')
        await expectNoSeriousA11yViolations(page, `${path} signed out ${viewport} ${theme}`)
      }
      await visit(page, '/collections')
      await expectText(page, MESSAGES.noCollectionsAvailable)
      await expectText(page, MESSAGES.checkBackLater)
      await expectNoSeriousA11yViolations(page, `/collections empty ${viewport} ${theme}`)
      opened.assertNoConsoleErrors()
      await opened.close()
    })
  }
})

describe('signed in', () => {
  let account: TestAccount

  beforeAll(async () => {
    account = await createAccount(site, { firstName: 'Lena', lastName: 'Lister' })
  })

  it('shows the empty states', async () => {
    for (const [viewport, theme] of [
      ['desktop', 'light'],
      ['mobile', 'dark'],
    ] as const) {
      const opened = await openPage(browser, site, { viewport, theme })
      const { page } = opened
      await signInContext(opened.context, site, account)
      await visit(page, '/liked')
      await expectText(page, MESSAGES.likedEmptyTitle)
      await expectText(page, MESSAGES.likedEmptyText)
      await expectNoSeriousA11yViolations(page, `/liked empty ${viewport} ${theme}`)
      await visit(page, '/saved')
      await expectText(page, MESSAGES.savedEmptyTitle)
      await expectText(page, MESSAGES.savedEmptyText)
      await visit(page, '/play-history')
      await expectText(page, MESSAGES.historyEmptyTitle)
      const explore = page.getByRole('link', { name: MESSAGES.exploreVideos })
      expect(await explore.getAttribute('href')).toBe('/')
      await expectNoSeriousA11yViolations(page, `/play-history empty ${viewport} ${theme}`)
      await visit(page, '/my-collections')
      await expectText(page, MESSAGES.myCollectionsEmptyTitle)
      await expectText(page, MESSAGES.myCollectionsEmptyText)
      await page.getByRole('button', { name: MESSAGES.createFirstCollection }).waitFor()
      await expectNoSeriousA11yViolations(page, `/my-collections empty ${viewport} ${theme}`)
      opened.assertNoConsoleErrors()
      await opened.close()
    }
  })

  it('lists likes and saves, toggles them only on OK answers, and records plays', async () => {
    const [first, second] = site.content
    await apiAs(site, account, 'POST', '/api/user-content/like', {
      content_metadata_id: first!.contentId,
      content_chunk_id: first!.chunkIds[0],
    })
    await apiAs(site, account, 'POST', '/api/user-content/like', { content_metadata_id: second!.contentId })
    const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'dark' })
    const { page } = opened
    await signInContext(opened.context, site, account)
    await visit(page, '/liked')
    await page.locator('[data-list="liked"]').waitFor({ timeout: 15_000 })
    const cards = page.locator('[data-list="liked"] > li')
    expect(await cards.count(), (await page.locator('main').textContent()) ?? '').toBe(2)
    await expectNoSeriousA11yViolations(page, '/liked with cards')
    const firstCard = cards.filter({ hasText: 'The Long Road' })
    const like = firstCard.getByRole('button', { name: 'Unlike this video' })
    await like.waitFor()
    expect(await like.getAttribute('aria-pressed')).toBe('true')
    // save it from the liked list
    await firstCard.getByRole('button', { name: 'Save this video' }).click()
    await firstCard.getByRole('button', { name: 'Remove from saved videos' }).waitFor()
    // a failing call leaves the toggle as it was
    await page.route('**/api/user-content/like', (route) =>
      route.fulfill({ status: 503, body: '{"detail":"down"}' }),
    )
    await page.waitForTimeout(350)
    await like.click()
    await page.waitForTimeout(600)
    expect(
      await firstCard.getByRole('button', { name: 'Unlike this video' }).getAttribute('aria-pressed'),
    ).toBe('true')
    opened.errors.splice(
      0,
      opened.errors.length,
      ...opened.errors.filter((e) => !e.includes('status of 503')),
    )
    await page.unroute('**/api/user-content/like')

    await visit(page, '/saved')
    await page.locator('[data-list="saved"]').waitFor({ timeout: 15_000 })
    const saved = page.locator('[data-list="saved"] > li')
    expect(await saved.count()).toBe(1)
    expect(await saved.first().textContent()).toContain('How are you today?')
    // unlike from the saved list, then the liked list has one left
    await saved.first().getByRole('button', { name: 'Unlike this video' }).click()
    await saved.first().getByRole('button', { name: 'Like this video' }).waitFor()
    await visit(page, '/liked')
    await page.locator('[data-list="liked"]').waitFor({ timeout: 15_000 })
    expect(await page.locator('[data-list="liked"] > li').count()).toBe(1)

    // play logging: opening a clip from a list records it in the history
    await visit(page, '/saved')
    await page.locator('[data-list="saved"] > li').first().getByRole('link').first().click()
    await expect
      .poll(
        async () => (await apiAs<unknown[]>(site, account, 'GET', '/api/user-content/play-history')).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(1)
    await visit(page, '/play-history')
    await page.locator('[data-list="history"]').waitFor({ timeout: 15_000 })
    expect(await page.locator('[data-list="history"] > li').count()).toBe(1)
    await page.getByText('Just now').waitFor()
    await expectNoSeriousA11yViolations(page, '/play-history with cards')
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('keeps no private page in the service worker cache', async () => {
    const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'dark' })
    const { page } = opened
    await signInContext(opened.context, site, account)
    // the private pages say so themselves, and so does any page rendered with the session embedded
    for (const path of ['/liked', '/saved', '/play-history', '/my-collections', '/profile', '/sponsors']) {
      const response = await page.request.get(path)
      expect(response.status(), path).toBe(200)
      const cacheControl = response.headers()['cache-control'] ?? ''
      expect(cacheControl, path).toMatch(/\bprivate\b/)
      expect(cacheControl, path).toMatch(/\bno-store\b/)
    }
    await visit(page, '/liked')
    // wait until the worker controls the page, so the next visits go through it
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (navigator.serviceWorker.controller) return
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      )
    })
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    const visited = [
      '/liked',
      '/saved',
      '/play-history',
      '/my-collections',
      '/', // per user: no-store
      '/search?q=how%20are%20you', // per user: private
      '/collections', // per user: private
      '/sponsors', // embeds the session
      `/play/${site.content[0]!.chunkIds[0]}`,
      '/liked',
    ]
    for (const path of visited) await visit(page, path)
    await page.waitForTimeout(500) // the worker stores copies after answering
    const cached = await page.evaluate(async () => {
      const entries: { cache: string; url: string; cacheControl: string }[] = []
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          const response = await cache.match(request)
          entries.push({
            cache: name,
            url: new URL(request.url).pathname + new URL(request.url).search,
            cacheControl: response?.headers.get('cache-control') ?? '',
          })
        }
      }
      return entries
    })
    // the worker is at work (hashed assets are cached) ...
    expect(cached.some((entry) => entry.url.startsWith('/_astro/'))).toBe(true)
    // ... and keeps nothing private: no per-user page, no API answer, nothing marked private or no-store
    const urls = cached.map((entry) => entry.url)
    for (const path of [
      '/liked',
      '/saved',
      '/play-history',
      '/my-collections',
      '/profile',
      '/collections',
      '/sponsors',
    ])
      expect(urls, path).not.toContain(path)
    expect(urls).not.toContain('/')
    expect(urls.filter((url) => url.startsWith('/search'))).toEqual([])
    expect(urls.filter((url) => /^\/(api|auth|admin-api|media)\//.test(url))).toEqual([])
    expect(cached.filter((entry) => /private|no-store/i.test(entry.cacheControl))).toEqual([])
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})
