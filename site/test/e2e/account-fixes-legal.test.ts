/**
 * Terms of Service and Privacy Policy (issue 17): real pages at /terms and /privacy, written for this product, linked
 * where the sign-in and sign-up forms say "By continuing you agree to…" (the dialog, /login, /register). At 1280
 * and 375 px, axe clean in both themes. On main before issue 17 the links were buttons that went nowhere and the
 * pages were 404s.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  startAccountSite,
  visit,
} from './account-fixtures.ts'
import { launchBrowser, openPage, type TestSite } from './harness.ts'

const MATRIX_ALL = [
  { viewport: 'desktop', theme: 'dark' },
  { viewport: 'desktop', theme: 'light' },
  { viewport: 'mobile', theme: 'dark' },
  { viewport: 'mobile', theme: 'light' },
] as const

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

/** What each page must say about this product (issue 17), as patterns over its text. */
const MUST_SAY: Record<string, RegExp[]> = {
  '/privacy': [
    /Email address/,
    /First and last name/,
    /Password hash/,
    /Likes and saves/,
    /History/,
    /Collections/,
    /auth_token/,
    /admin_token/,
    /theme.*local storage/,
    /privacy@phrasereel\.app/,
    new RegExp(`within ${LIMITS.contentRemovalTargetHours} hours`),
    /delete/i,
  ],
  '/terms': [
    /PhraseReel/,
    /at least 8 characters/,
    /Public/,
    /personal, educational or social purposes/,
    new RegExp(`within ${LIMITS.contentRemovalTargetHours} hours`),
    /Contact/,
  ],
}

async function expectPolicyPage(page: Page, path: string, heading: string, label: string): Promise<void> {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
  const text = ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ')
  for (const pattern of MUST_SAY[path]!) expect(text, `${path} says ${pattern}`).toMatch(pattern)
  expect(await page.getByRole('link', { name: /@phrasereel\.app/ }).count()).toBeGreaterThan(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  )
  await expectNoSeriousA11yViolations(page, label)
}

/** The two links of "By continuing you agree to…" in `scope`; following one opens the page in a new tab. */
async function expectLegalLinks(page: Page, scope: Locator, label: string): Promise<void> {
  const note = scope.locator('.pr-auth-legal')
  await note.waitFor()
  expect(await note.textContent()).toMatch(/^By continuing you agree to our/)
  const terms = note.getByRole('link', { name: /Terms of Service/ })
  const privacy = note.getByRole('link', { name: /Privacy Policy/ })
  expect(await terms.getAttribute('href'), label).toBe('/terms')
  expect(await privacy.getAttribute('href'), label).toBe('/privacy')
  const [opened] = await Promise.all([page.context().waitForEvent('page'), privacy.click()])
  await opened.waitForLoadState()
  expect(new URL(opened.url()).pathname).toBe('/privacy')
  await opened.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor()
  await opened.close()
}

describe('terms and privacy', () => {
  for (const { viewport, theme } of MATRIX_ALL) {
    it(`are real pages with this product's terms, axe clean (${viewport}, ${theme})`, async () => {
      const opened = await openPage(browser, site, { viewport, theme })
      await expectPolicyPage(opened.page, '/terms', 'Terms of Service', `/terms ${viewport} ${theme}`)
      await expectPolicyPage(opened.page, '/privacy', 'Privacy Policy', `/privacy ${viewport} ${theme}`)
      opened.assertNoConsoleErrors()
      await opened.close()
    })
  }

  it('are linked from /login (sign in and sign up), /register and the sign-in dialog', async () => {
    const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'dark' })
    const { page } = opened
    await visit(page, '/login')
    await expectLegalLinks(page, page.locator('main'), '/login sign in')
    await page.getByRole('button', { name: 'Sign up', exact: true }).click()
    await page.getByLabel('First name', { exact: true }).waitFor()
    await expectLegalLinks(page, page.locator('main'), '/login sign up')
    await visit(page, '/register')
    await expectLegalLinks(page, page.locator('main'), '/register')

    const account = await createAccount(site, { firstName: 'Lea', lastName: 'Legal' })
    const created = await apiAs<{ id: number }>(site, account, 'POST', '/api/collections/', {
      name: 'Legal links',
      description: '',
      public: true,
    })
    await apiAs(site, account, 'POST', `/api/collections/${created.id}/members`, { '1': 'break a leg' })
    await visit(page, `/collections/${created.id}`)
    await page.getByRole('button', { name: '0 likes' }).click()
    await page
      .getByRole('alertdialog', { name: MESSAGES.signInRequired })
      .getByRole('button', { name: MESSAGES.signIn, exact: true })
      .click()
    const dialog = page.locator('#pr-auth-dialog-host dialog')
    await dialog.getByLabel('Email', { exact: true }).waitFor()
    await expectLegalLinks(page, dialog, 'dialog')
    // the dialog stays open with what was typed: the page opened in its own tab
    expect(await dialog.isVisible()).toBe(true)
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})
