/**
 * The admin session (spec §2.1, §2.12, §4, §5, §8): the server redirect without a session (no admin data sent),
 * a learner session refused, the login form and its errors (wrong password, 429, network), login → dashboard,
 * logout, and the 401 path ('Admin authentication expired', back to /admin/login).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { describe, expect, it } from 'vitest'
import { createAccount } from './account-fixtures.ts'
import {
  ADMIN_PASSWORD,
  adminToken,
  createAdmin,
  deleteAdminSessions,
  ready,
  rows,
  signInAdmin,
} from './admin-helpers.ts'
import { expectNoSeriousA11yViolations, gate, learnerSuite, MATRIX, withPage } from './learner-helpers.ts'

const suite = learnerSuite()

const ADMIN_PATHS = () => [
  '/admin',
  '/admin/dashboard',
  `/admin/content-metadata/${suite.site.content[0]!.contentId}/chunks`,
]

describe('without an admin session', () => {
  it('redirects the dashboard and chunks routes to /admin/login on the server, with no body', async () => {
    const learner = await createAccount(suite.site)
    for (const path of ADMIN_PATHS()) {
      const bare = await fetch(`${suite.site.url}${path}`, { redirect: 'manual' })
      expect(bare.status, path).toBe(302)
      expect(bare.headers.get('location')).toBe('/admin/login')
      expect(await bare.text()).toBe('')
      // a learner's session is not an admin session
      const asLearner = await fetch(`${suite.site.url}${path}`, {
        redirect: 'manual',
        headers: { cookie: `auth_token=${learner.token}` },
      })
      expect(asLearner.status, path).toBe(302)
      expect(await asLearner.text()).toBe('')
      // nor is a learner's token in the admin cookie (wrong token type): cleared, and the login page says so
      const wrongType = await fetch(`${suite.site.url}${path}`, {
        redirect: 'manual',
        headers: { cookie: `admin_token=${learner.token}` },
      })
      expect(wrongType.status, path).toBe(302)
      expect(wrongType.headers.get('location')).toBe('/admin/login?expired=1')
      expect(wrongType.headers.get('set-cookie')).toMatch(/^admin_token=;.*Max-Age=0/)
      expect(await wrongType.text()).toBe('')
    }
    // and the admin API refuses the learner's token too
    const api = await fetch(`${suite.site.url}/admin-api/content-metadata`, {
      headers: { authorization: `Bearer ${learner.token}` },
    })
    expect(api.status).toBe(401)
  })

  it('sends a browser with a learner session to the login page', async () => {
    const learner = await createAccount(suite.site)
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page, opened) => {
      await opened.context.addCookies([
        { name: 'auth_token', value: learner.token, url: suite.site.url, httpOnly: true, sameSite: 'Lax' },
      ])
      await page.goto('/admin/dashboard')
      expect(new URL(page.url()).pathname).toBe('/admin/login')
      await page.getByRole('button', { name: MESSAGES.accessAdminPanel }).waitFor()
      expect(await page.getByText('The Long Road').count()).toBe(0)
    })
  })

  it('answers admin pages private and uncached, the login page too', async () => {
    const admin = await createAdmin(suite.site)
    const token = await adminToken(suite.site, admin.id)
    for (const path of [...ADMIN_PATHS(), '/admin/login']) {
      const response = await fetch(`${suite.site.url}${path}`, {
        redirect: 'manual',
        headers: { cookie: `admin_token=${token}` },
      })
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    }
    // signed in, the login page goes to the dashboard
    const login = await fetch(`${suite.site.url}/admin/login`, {
      redirect: 'manual',
      headers: { cookie: `admin_token=${token}` },
    })
    expect(login.status).toBe(302)
    expect(login.headers.get('location')).toBe('/admin/dashboard')
    // any page rendered for a request with the admin cookie stays private
    const home = await fetch(`${suite.site.url}/copyright-owners`, {
      headers: { cookie: `admin_token=${token}` },
    })
    expect(home.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('the login form', () => {
  it('shows the server detail for a wrong password, then signs in to the dashboard', async () => {
    const admin = await createAdmin(suite.site)
    await withPage(suite, { viewport: 'desktop', theme: 'dark', expectStatus: [401] }, async (page) => {
      await page.goto('/admin/login')
      await ready(page)
      expect(await page.getByText(MESSAGES.adminSecurityNotice).count()).toBe(1)
      expect(
        await page.getByRole('link', { name: new RegExp(MESSAGES.backToMainSite) }).getAttribute('href'),
      ).toBe('/')
      await page.getByLabel('Username').fill(admin.username)
      await page.getByLabel('Password', { exact: true }).fill('not the password')
      // show/hide
      await page.getByRole('button', { name: 'Show password' }).click()
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text')
      await page.getByRole('button', { name: 'Hide password' }).click()
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password')

      // busy while the call runs
      const hold = gate()
      await page.route('**/admin-api/login', async (route) => {
        await hold.opened
        await route.continue()
      })
      await page.getByRole('button', { name: MESSAGES.accessAdminPanel }).click()
      const busy = page.getByRole('button', { name: MESSAGES.authenticating })
      await busy.waitFor()
      expect(await busy.isDisabled()).toBe(true)
      hold.open()
      await page.getByRole('alert').getByText(MESSAGES.adminInvalidCredentials).waitFor()
      await page.unroute('**/admin-api/login')

      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD)
      await page.getByRole('button', { name: MESSAGES.accessAdminPanel }).click()
      await page.waitForURL('**/admin/dashboard')
      await ready(page)
      await page.getByRole('heading', { name: 'Content', exact: true }).waitFor()
      expect(await rows(page).count()).toBe(3)
    })
  })

  it("shows a 429's detail, 'Login failed' without one, and 'Network error' when no answer comes", async () => {
    const admin = await createAdmin(suite.site, 'limited')
    await withPage(
      suite,
      { viewport: 'mobile', theme: 'light', expectStatus: [401, 429, 500] },
      async (page, opened) => {
        await page.goto('/admin/login')
        await ready(page)
        await page.getByLabel('Username').fill(admin.username)
        await page.getByLabel('Password', { exact: true }).fill('wrong wrong')
        const submit = page.getByRole('button', { name: MESSAGES.accessAdminPanel })
        // the per-account limit (5 in 15 minutes) answers 429 with its detail
        for (let i = 0; i < 5; i++) {
          const [answer] = await Promise.all([page.waitForResponse('**/admin-api/login'), submit.click()])
          expect(answer.status()).toBe(401)
          await page.getByRole('alert').getByText(MESSAGES.adminInvalidCredentials).waitFor()
        }
        const [limited] = await Promise.all([page.waitForResponse('**/admin-api/login'), submit.click()])
        expect(limited.status()).toBe(429)
        await page.getByRole('alert').getByText(MESSAGES.tooManyAttempts).waitFor()

        await page.route('**/admin-api/login', (route) => route.fulfill({ status: 500, body: 'oops' }))
        await submit.click()
        await page.getByRole('alert').getByText(MESSAGES.adminLoginFailed, { exact: true }).waitFor()
        await page.unroute('**/admin-api/login')
        await page.route('**/admin-api/login', (route) => route.abort('internetdisconnected'))
        await submit.click()
        await page.getByRole('alert').getByText(MESSAGES.adminNetworkError, { exact: true }).waitFor()
        // chromium's own line for the aborted request
        opened.errors.splice(
          0,
          opened.errors.length,
          ...opened.errors.filter((e) => !e.includes('net::ERR_')),
        )
      },
    )
  })

  it('asks for both fields before calling the server', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      let calls = 0
      await page.route('**/admin-api/login', (route) => {
        calls += 1
        return route.continue()
      })
      await page.goto('/admin/login')
      await ready(page)
      await page.getByRole('button', { name: MESSAGES.accessAdminPanel }).click()
      await page.getByRole('alert').getByText(MESSAGES.adminCredentialsRequired).waitFor()
      expect(calls).toBe(0)
    })
  })
})

describe('the admin session in the browser', () => {
  it('logs out from the dashboard and the chunks page', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page, opened) => {
      for (const path of ADMIN_PATHS().slice(1)) {
        await signInAdmin(opened.context, suite.site)
        await page.goto(path)
        await ready(page)
        await page.getByRole('button', { name: MESSAGES.adminLogout }).click()
        await page.waitForURL('**/admin/login')
        expect((await opened.context.cookies()).some((c) => c.name === 'admin_token' && c.value)).toBe(false)
        await page.goto(path)
        expect(new URL(page.url()).pathname).toBe('/admin/login')
      }
    })
  })

  it("ends on a 401: 'Admin authentication expired', then /admin/login", async () => {
    await withPage(
      suite,
      { viewport: 'desktop', theme: 'dark', expectStatus: [401] },
      async (page, opened) => {
        const admin = await signInAdmin(opened.context, suite.site)
        await page.goto(ADMIN_PATHS()[2]!)
        await ready(page)
        await deleteAdminSessions(suite.site, admin.id)
        await rows(page)
          .first()
          .getByRole('button', { name: /^Disable/ })
          .click()
        await page.waitForURL('**/admin/login?expired=1')
        await page.getByRole('alert').getByText(MESSAGES.adminAuthExpired).waitFor()
        expect((await opened.context.cookies()).some((c) => c.name === 'admin_token' && c.value)).toBe(false)
        // nothing changed on the server
        const { rows: left } = await suite.site.ctx.db.query<{ n: number }>(
          'select count(*)::int as n from content_chunks where enabled = false',
        )
        expect(left[0]!.n).toBe(0)
      },
    )
  })

  it("checks the session when the page comes back, with 'Checking admin authentication...'", async () => {
    await withPage(
      suite,
      { viewport: 'desktop', theme: 'light', expectStatus: [401] },
      async (page, opened) => {
        const admin = await signInAdmin(opened.context, suite.site)
        await page.goto('/admin')
        await ready(page)
        const hold = gate()
        await page.route('**/admin-api/me', async (route) => {
          await hold.opened
          await route.continue()
        })
        await deleteAdminSessions(suite.site, admin.id)
        // what a back/forward-cache restore fires
        await page.evaluate(() =>
          window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })),
        )
        await page.getByRole('status').getByText(MESSAGES.checkingAdminAuth).waitFor()
        hold.open()
        await page.waitForURL('**/admin/login?expired=1')
        await page.getByRole('alert').getByText(MESSAGES.adminAuthExpired).waitFor()
      },
    )
  })
})

describe('accessibility of the login page', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`has no serious axe violations and no sideways scroll (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page) => {
        await page.goto('/admin/login')
        await ready(page)
        await expectNoSeriousA11yViolations(page)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
        // keyboard: the fields and the button are reachable in order
        await page.keyboard.press('Tab')
        const order: string[] = []
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab')
          order.push(
            await page.evaluate(
              () => document.activeElement?.id || document.activeElement?.textContent || '',
            ),
          )
        }
        expect(order).toContain('admin-username')
        expect(order).toContain('admin-password')
        expect(order).toContain(MESSAGES.accessAdminPanel)
      })
    })
  }
})
