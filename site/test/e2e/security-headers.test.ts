/**
 * The Content-Security-Policy in a real browser (docs/decisions/080): every page type renders, runs its scripts and
 * hydrates its islands with no violation reported (no 'Refused to …' console line, no `securitypolicyviolation`
 * event), while a script injected into a page does not run. Also 'Sign out everywhere' on the profile page, and a
 * sign-in over plain http on a LAN host name that keeps its cookie.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { expectConsoleError } from '../../../api/test/console-errors.ts'
import {
  apiAs,
  createAccount,
  type TestAccount,
  signInContext,
  startAccountSite,
  waitForHydration,
} from './account-fixtures.ts'
import { launchBrowser, type OpenedPage, openPage, type TestSite } from './harness.ts'
import { player } from './learner-helpers.ts'

// the machine running these is shared and slow
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 })

/** A host name that is not localhost, resolved to the test server (as a LAN address would be). */
const LAN_HOST = 'phrasereel.lan'

let site: TestSite
let browser: Browser

beforeAll(async () => {
  site = await startAccountSite()
  browser = await launchBrowser([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`])
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

interface Watched extends OpenedPage {
  /** CSP violations seen so far: console lines and `securitypolicyviolation` events. */
  violations(): Promise<string[]>
}

/** A page that records every CSP violation, in the console and as events (from before any script of the page). */
async function openWatched(
  options: { theme?: 'dark' | 'light'; viewport?: 'desktop' | 'mobile'; account?: TestAccount } = {},
): Promise<Watched> {
  const opened = await openPage(browser, site, {
    theme: options.theme ?? 'light',
    viewport: options.viewport,
  })
  if (options.account) await signInContext(opened.context, site, options.account)
  const consoleLines: string[] = []
  opened.page.on('console', (message) => {
    const text = message.text()
    if (/Refused to|Content.Security.Policy/i.test(text)) consoleLines.push(`${message.type()}: ${text}`)
  })
  await opened.context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`)
    })
  })
  return {
    ...opened,
    async violations() {
      const events = await opened.page
        .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
        .catch(() => [] as string[])
      return [...consoleLines, ...events]
    },
  }
}

/** Fails on violations and on console errors other than the document statuses the test provoked. */
async function expectClean(watched: Watched, label: string, statuses: number[] = []): Promise<void> {
  expect({ label, violations: await watched.violations() }).toEqual({ label, violations: [] })
  const errors = watched.errors.filter(
    (line) => !statuses.some((status) => line.includes(`status of ${status}`)),
  )
  expect({ label, errors }).toEqual({ label, errors: [] })
}

/** Visits `path`: the answer carries a strict policy, every island hydrates. */
async function visit(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(path)
  expect({ path, status: response?.status() }).toEqual({ path, status })
  const policy = (await response?.headerValue('content-security-policy')) ?? ''
  const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? ''
  expect({ path, scripts: /'self'/.test(scripts), unsafe: /unsafe/.test(scripts) }).toEqual({
    path,
    scripts: true,
    unsafe: false,
  })
  await waitForHydration(page)
  expect({ path, pending: await page.locator('astro-island[ssr]').count() }).toEqual({ path, pending: 0 })
}

/** The main layout's own script ran: the theme toggle works (the inline theme script set the stored 'light'). */
async function expectLayoutScripts(page: Page, path: string): Promise<void> {
  const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
  expect({ path, darkAtFirst: await dark() }).toEqual({ path, darkAtFirst: false })
  await page.locator('[data-theme-toggle]').first().click()
  await expect.poll(dark).toBe(true)
}

describe('every page type under the Content-Security-Policy', () => {
  it('home, search, play, policy pages: scripts run, islands hydrate, the player plays, no violation', async () => {
    const watched = await openWatched()
    const { page } = watched
    try {
      const chunkId = site.content[0]!.chunkIds[0]!
      await visit(page, '/')
      await expect.poll(() => page.locator('[data-feed] .card__thumb').count()).toBeGreaterThan(0)
      await expectLayoutScripts(page, '/')
      // the video modal: a lazily loaded chunk that injects its stylesheet
      await page.locator('[data-feed] .card__thumb').first().click()
      await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
      await page.keyboard.press('Escape')
      await expect.poll(() => player(page).count()).toBe(0)

      await visit(page, '/search?q=how')
      await expect.poll(() => page.locator('.results > li').count(), { timeout: 15_000 }).toBeGreaterThan(0)
      await expectLayoutScripts(page, '/search')

      await visit(page, `/play/${chunkId}`)
      await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
      await expect
        .poll(() => page.evaluate(() => document.querySelector('video')?.readyState ?? 0), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0)
      // signed out, the like button opens the sign-in dialog (another lazy chunk with its own stylesheet)
      await player(page).getByRole('button', { name: MESSAGES.signInToLike, exact: true }).click()
      await page
        .locator('#pr-auth-dialog-host dialog')
        .getByRole('heading', { name: 'Sign in', exact: true })
        .waitFor()

      for (const path of ['/sponsors', '/copyright-owners', '/collections']) {
        await visit(page, path)
        await expectLayoutScripts(page, path)
      }
      await expectClean(watched, 'learner pages')
    } finally {
      await watched.close()
    }
  })

  it('sign-in, registration and verification pages: the islands work', async () => {
    const watched = await openWatched({ viewport: 'mobile' })
    const { page } = watched
    try {
      await visit(page, '/login')
      const continueButton = page.getByRole('button', { name: 'Continue', exact: true })
      await page.getByLabel('Email', { exact: true }).fill('someone@example.org')
      await expect.poll(() => continueButton.isDisabled()).toBe(false)
      await continueButton.click()
      await page.getByLabel('Password', { exact: true }).waitFor()

      await visit(page, '/register')
      await page.getByLabel('First name', { exact: true }).fill('Ada')
      await page.getByLabel('Last name', { exact: true }).fill('Lovelace')
      await page.getByLabel('Email', { exact: true }).fill('someone@example.org')
      await page.getByLabel('Password', { exact: true }).fill('long enough one')
      await page.getByLabel('Confirm password', { exact: true }).fill('long enough two')
      await page.getByRole('button', { name: 'Create Account' }).click()
      await page.getByRole('alert').getByText(MESSAGES.passwordsDoNotMatch).waitFor()

      await visit(page, '/email-verification?email=someone%40example.org&registered=true')
      await page.getByText(/Resend available in \d+ seconds/).waitFor()
      await expectClean(watched, 'auth pages')
    } finally {
      await watched.close()
    }
  })

  it('account pages of a signed-in learner: profile, lists, collections, a collection of their own', async () => {
    const account = await createAccount(site)
    const collection = await apiAs<{ id: number }>(site, account, 'POST', '/api/collections/', {
      name: 'Greetings',
      description: 'Ways to say hello',
      public: true,
    })
    await apiAs(site, account, 'POST', `/api/collections/${collection.id}/members`, { '1': 'how are you' })
    const watched = await openWatched({ account })
    const { page } = watched
    try {
      await visit(page, '/profile')
      await page.getByText(account.email).waitFor()
      await page.getByRole('button', { name: 'Edit Profile' }).click()
      await page.getByLabel('First name').waitFor()
      const lists: [string, string][] = [
        ['/liked', MESSAGES.likedEmptyTitle],
        ['/saved', MESSAGES.savedEmptyTitle],
        ['/play-history', MESSAGES.historyEmptyTitle],
      ]
      for (const [path, empty] of lists) {
        await visit(page, path)
        await page.getByText(empty).waitFor()
        await expectLayoutScripts(page, path)
      }
      await visit(page, '/my-collections')
      await page.getByText('Greetings').first().waitFor()
      await visit(page, `/collections/${collection.id}`)
      await page.getByText('how are you').first().waitFor()
      await expectClean(watched, 'account pages')
    } finally {
      await watched.close()
    }
  })

  it('the 404 and 500 pages', async () => {
    const account = await createAccount(site)
    const watched = await openWatched()
    const { page } = watched
    try {
      await visit(page, '/no-such-page', 404)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      await expectLayoutScripts(page, '/no-such-page')
      await signInContext(watched.context, site, account)
      // Astro logs the failed page on the server: expected here
      expectConsoleError('relation "sessions" does not exist')
      await site.ctx.db.query('alter table sessions rename to sessions_offline')
      try {
        await visit(page, '/sponsors', 500)
        await page.getByRole('heading', { name: MESSAGES.unexpectedError }).waitFor()
        // the inline theme script ran on the bare error page too
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
      } finally {
        await site.ctx.db.query('alter table sessions_offline rename to sessions')
      }
      await expectClean(watched, 'error pages', [404, 500])
    } finally {
      await watched.close()
    }
  })

  it('a script injected into a page does not run, and the browser reports it', async () => {
    const watched = await openWatched()
    const { page } = watched
    try {
      await visit(page, '/')
      const ran = await page.evaluate(async () => {
        const flags = window as unknown as { __injected?: boolean; __handler?: boolean }
        const script = document.createElement('script')
        script.textContent = 'window.__injected = true'
        document.body.append(script)
        const button = document.createElement('button')
        button.setAttribute('onclick', 'window.__handler = true')
        document.body.append(button)
        button.click()
        await new Promise((resolve) => setTimeout(resolve, 100))
        return { injected: flags.__injected ?? false, handler: flags.__handler ?? false }
      })
      expect(ran).toEqual({ injected: false, handler: false })
      const violations = await watched.violations()
      expect(violations.some((line) => /script-src/.test(line))).toBe(true)
    } finally {
      await watched.close()
    }
  })
})

describe("'Sign out everywhere'", () => {
  it('on the profile page ends this session and the one on another device', async () => {
    const account = await createAccount(site)
    const other = await fetch(new URL('/api/auth/login', site.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, recaptcha_token: 't' }),
    })
    const otherDevice: TestAccount = {
      ...account,
      token: ((await other.json()) as { access_token: string }).access_token,
    }
    const here = await openWatched({ account })
    const there = await openWatched({ account: otherDevice })
    try {
      await visit(there.page, '/profile')
      await visit(here.page, '/profile')
      await here.page.getByRole('button', { name: MESSAGES.signOutEverywhere }).click()
      await here.page.waitForURL((url) => url.pathname === '/')
      await here.page.getByRole('link', { name: MESSAGES.signIn }).first().waitFor()
      expect(await here.context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'auth_token' }))
      // the other device is signed out too: its profile page sends it to /login
      await there.page.reload()
      await there.page.waitForURL((url) => url.pathname === '/login')
      for (const token of [account.token, otherDevice.token]) {
        const me = await fetch(new URL('/api/auth/me', site.url), {
          headers: { authorization: `Bearer ${token}` },
        })
        expect(me.status).toBe(401)
      }
      await expectClean(here, 'sign out everywhere')
      await expectClean(there, 'the other device')
    } finally {
      await here.close()
      await there.close()
    }
  })
})

describe('plain http on a LAN host name', () => {
  let context: BrowserContext | undefined
  afterAll(() => context?.close())

  it('signs in through the form and stays signed in: the cookie is not Secure, so the browser keeps it', async () => {
    const account = await createAccount(site)
    const origin = `http://${LAN_HOST}:${new URL(site.url).port}`
    context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/login')
    await waitForHydration(page)
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/')
    const cookie = (await context.cookies()).find((entry) => entry.name === 'auth_token')
    expect(cookie).toMatchObject({ domain: LAN_HOST, secure: false, httpOnly: true })
    // a fresh page load is rendered for the signed-in learner
    await page.goto('/profile')
    expect(new URL(page.url()).pathname).toBe('/profile')
    await page.getByText(account.email).waitFor()
    // browsers ignore Cross-Origin-Opener-Policy on plain http origins other than localhost, and say so
    expect(errors.filter((line) => !/Cross-Origin-Opener-Policy/.test(line))).toEqual([])
  })
})
