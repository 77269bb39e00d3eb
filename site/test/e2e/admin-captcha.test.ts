/**
 * The admin login's bot check with reCAPTCHA v3 configured (spec §2.12, §5): the page loads Google's script with
 * the site key, asks it for a token with the admin login's action, and the server verifies that token. Google is
 * stood in for by a routed script in the browser and a local siteverify server.
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/shared/captcha-actions'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSiteverify } from '../../../api/test/auth-support.ts'
import { ADMIN_PASSWORD, createAdmin, ready } from './admin-helpers.ts'
import { launchBrowser, openPage, startTestSite, type TestSite } from './harness.ts'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const SITE_KEY = 'admin-e2e-site-key'
let site: TestSite
let browser: Browser
let siteverify: Awaited<ReturnType<typeof startSiteverify>>

beforeAll(async () => {
  siteverify = await startSiteverify({
    'token-for-login': { success: true, action: 'login', score: 0.9 },
  })
  site = await startTestSite({
    env: {
      PUBLIC_RECAPTCHA_SITE_KEY: SITE_KEY,
      RECAPTCHA_SECRET: 'admin-e2e-secret',
      RECAPTCHA_VERIFY_URL: siteverify.url,
    },
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
  await siteverify?.close()
})

/** Google's reCAPTCHA v3 script, as far as the page uses it: a token named after the action, or none. */
function fakeRecaptcha(tokenless: boolean): string {
  return `window.grecaptcha = {
    ready(callback) { callback() },
    execute(key, options) {
      window.__recaptchaCalls = (window.__recaptchaCalls || []).concat([{ key, action: options.action }])
      return Promise.resolve(${tokenless ? "''" : "'token-for-' + options.action"})
    },
  }`
}

describe('the admin login with reCAPTCHA v3', () => {
  it("sends the script's token for the admin login action, and says so when no token comes", async () => {
    expect(CAPTCHA_ACTIONS.adminLogin).toBe('login')
    const admin = await createAdmin(site)
    for (const tokenless of [true, false]) {
      const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'dark' })
      const { page } = opened
      try {
        const scripts: string[] = []
        await page.route('https://www.google.com/recaptcha/api.js**', (route) => {
          scripts.push(route.request().url())
          return route.fulfill({ contentType: 'text/javascript', body: fakeRecaptcha(tokenless) })
        })
        const bodies: unknown[] = []
        page.on('request', (request) => {
          if (request.url().endsWith('/admin-api/login')) bodies.push(request.postDataJSON())
        })
        await page.goto('/admin/login')
        await ready(page)
        await page.getByLabel('Username').fill(admin.username)
        await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD)
        await page.getByRole('button', { name: MESSAGES.accessAdminPanel }).click()
        if (tokenless) {
          await page.getByRole('alert').getByText(MESSAGES.captchaFailed).waitFor()
          expect(bodies).toEqual([])
        } else {
          await page.waitForURL('**/admin/dashboard')
          expect(bodies).toEqual([
            { username: admin.username, password: ADMIN_PASSWORD, recaptcha_token: 'token-for-login' },
          ])
          // the server asked siteverify about that very token
          expect(siteverify.requests.map((params) => params.get('response'))).toContain('token-for-login')
        }
        expect(scripts).toHaveLength(1)
        expect(new URL(scripts[0]!).searchParams.get('render')).toBe(SITE_KEY)
        opened.assertNoConsoleErrors()
      } finally {
        await opened.close()
      }
    }
  })
})
