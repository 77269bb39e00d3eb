/**
 * 'Forgot your password?' (issue 17): from the password step of the sign-in dialog and of /login, an email step, a
 * code mailed to the account, the code (pasted with a space) and a new password; then the learner is signed in,
 * every earlier session is revoked, the new password signs in and the old one does not. At 1280 and 375 px, axe
 * clean in both themes. On main before issue 17 the link did nothing.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  forgiveStatus,
  readPasswordResetCode,
  startAccountSite,
  type TestAccount,
  visit,
} from './account-fixtures.ts'
import { launchBrowser, openPage, type TestSite } from './harness.ts'

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

async function login(email: string, password: string): Promise<number> {
  const response = await fetch(new URL('/api/auth/login', site.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, recaptcha_token: 'test' }),
  })
  return response.status
}

async function meStatus(token: string): Promise<number> {
  const response = await fetch(new URL('/api/auth/me', site.url), {
    headers: { authorization: `Bearer ${token}` },
  })
  return response.status
}

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  )
}

/** Pastes `text` into `field` through the clipboard, as a learner copying the code from the mail would. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text)
  await field.focus()
  await page.keyboard.press('ControlOrMeta+V')
}

/** From the password step: the link, the email step (prefilled), the code step, a new password; signed in. */
async function resetThrough(
  page: Page,
  scope: Locator,
  account: TestAccount,
  newPassword: string,
  check: (label: string) => Promise<void>,
): Promise<void> {
  await scope.getByRole('button', { name: MESSAGES.forgotPassword }).click()
  await scope.getByRole('heading', { name: MESSAGES.resetPasswordTitle }).waitFor()
  const email = scope.getByLabel('Email', { exact: true })
  expect(await email.inputValue()).toBe(account.email)
  await check('reset: email step')
  await scope.getByRole('button', { name: 'Send code' }).click()
  const code = scope.getByLabel('Reset code', { exact: true })
  await code.waitFor()
  await scope.getByText(MESSAGES.passwordResetSent).waitFor()
  // the rule is stated before anything fails
  await scope.getByText(MESSAGES.passwordRule).waitFor()
  await check('reset: code step')

  // every problem at once: no code, a short password, a different confirmation
  await scope.getByLabel('New password', { exact: true }).fill('short')
  await scope.getByLabel('Confirm password', { exact: true }).fill('shorter')
  await scope.getByRole('button', { name: 'Set new password' }).click()
  const alert = scope.getByRole('alert')
  await alert.getByText(MESSAGES.passwordResetCodeInvalid).waitFor()
  await alert.getByText(MESSAGES.passwordTooShort).waitFor()
  await alert.getByText(MESSAGES.passwordsDoNotMatch).waitFor()
  for (const label of ['Reset code', 'New password', 'Confirm password']) {
    expect(await scope.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).toBe('true')
  }
  await check('reset: problems shown')

  // a wrong code is the server's detail
  const mailed = await readPasswordResetCode(site, account.email)
  const wrong = mailed === '99999999' ? '88888888' : '99999999'
  await code.fill(wrong)
  await scope.getByLabel('New password', { exact: true }).fill(newPassword)
  await scope.getByLabel('Confirm password', { exact: true }).fill(newPassword)
  await scope.getByRole('button', { name: 'Set new password' }).click()
  await scope.getByRole('alert').getByText(MESSAGES.passwordResetCodeWrong).waitFor()

  // the right one, pasted as '1234 5678'
  await code.fill('')
  await paste(page, code, `${mailed.slice(0, 4)} ${mailed.slice(4)}`)
  expect(await code.inputValue()).toBe(mailed)
  await scope.getByRole('button', { name: 'Set new password' }).click()
}

describe('forgot your password', () => {
  it('resets on /login: the code by mail, a new password, every other session revoked, signed in (1280 px, dark)', async () => {
    const account = await createAccount(site, { firstName: 'Rosa', lastName: 'Reset' })
    const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'dark' })
    const { page } = opened
    await visit(page, '/login')
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByLabel('Password', { exact: true }).waitFor()
    await resetThrough(page, page.locator('main'), account, 'a brand new secret', async (label) => {
      await expectNoSeriousA11yViolations(page, `/login ${label} (desktop dark)`)
    })
    await page.waitForURL(`${site.url}/`)
    forgiveStatus(opened, 400)
    // signed in with a session cookie; the session made before the reset is gone
    const cookie = (await opened.context.cookies()).find((c) => c.name === 'auth_token')
    expect(cookie?.httpOnly).toBe(true)
    expect(await meStatus(cookie!.value)).toBe(200)
    expect(await meStatus(account.token)).toBe(401)
    await visit(page, '/profile')
    await page.getByText('Rosa Reset').waitFor()
    expect(await login(account.email, account.password)).toBe(401)
    expect(await login(account.email, 'a brand new secret')).toBe(200)
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('resets in the sign-in dialog at 375 px (light), with no horizontal scroll', async () => {
    const account = await createAccount(site, { firstName: 'Dina', lastName: 'Dialog' })
    const created = await apiAs<{ id: number }>(site, account, 'POST', '/api/collections/', {
      name: 'Reset dialog',
      description: '',
      public: true,
    })
    await apiAs(site, account, 'POST', `/api/collections/${created.id}/members`, { '1': 'break a leg' })
    const opened = await openPage(browser, site, { viewport: 'mobile', theme: 'light' })
    const { page } = opened
    await visit(page, `/collections/${created.id}`)
    await page.getByRole('button', { name: '0 likes' }).click()
    await page
      .getByRole('alertdialog', { name: MESSAGES.signInRequired })
      .getByRole('button', { name: MESSAGES.signIn, exact: true })
      .click()
    const dialog = page.locator('#pr-auth-dialog-host dialog')
    await dialog.getByLabel('Email', { exact: true }).fill(account.email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByLabel('Password', { exact: true }).waitFor()
    await resetThrough(page, dialog, account, 'dialog new secret', async (label) => {
      await noHorizontalScroll(page)
      await expectNoSeriousA11yViolations(page, `dialog ${label} (mobile light)`)
    })
    // signed in in place: the dialog closes, the page shows the account, the like now counts
    await dialog.waitFor({ state: 'hidden' })
    forgiveStatus(opened, 400)
    await page.locator('.pr-account-name', { hasText: 'Dina' }).waitFor({ state: 'attached' })
    expect(await meStatus(account.token)).toBe(401)
    expect(await login(account.email, 'dialog new secret')).toBe(200)
    expect(await login(account.email, account.password)).toBe(401)
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('answers an unknown address as a known one, and has no serious axe violation in the other themes', async () => {
    for (const [viewport, theme] of [
      ['desktop', 'light'],
      ['mobile', 'dark'],
    ] as const) {
      const opened = await openPage(browser, site, { viewport, theme })
      const { page } = opened
      await visit(page, '/login')
      await page.getByLabel('Email', { exact: true }).fill(`nobody-${viewport}@example.org`)
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('button', { name: MESSAGES.forgotPassword }).click()
      await page.getByRole('button', { name: 'Send code' }).click()
      await page.getByText(MESSAGES.passwordResetSent).waitFor()
      await page.getByLabel('Reset code', { exact: true }).waitFor()
      await noHorizontalScroll(page)
      await expectNoSeriousA11yViolations(page, `/login reset code step (${viewport} ${theme})`)
      // back to sign in
      await page.getByRole('button', { name: 'Back to sign in' }).click()
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
      opened.assertNoConsoleErrors()
      await opened.close()
    }
  })
})
