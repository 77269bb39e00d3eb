/**
 * Sign up, verify with the mailed code, sign out, sign in, edit the profile (spec §2.8, §4, §5, §8), against
 * the real server and database.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createAccount,
  expectNoSeriousA11yViolations,
  forgiveStatus,
  readVerificationCode,
  registerAccount,
  apiAs,
  signInContext,
  startAccountSite,
  visit,
  waitForHydration,
  uniqueEmail,
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

describe('sign up, verify, sign out, sign in', () => {
  it('walks the whole account flow on the /login page', async () => {
    const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'dark' })
    const { page } = opened
    const email = uniqueEmail('walk')
    await visit(page, '/login')
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
    await expectNoSeriousA11yViolations(page, '/login dark desktop')

    // sign-in steps: email, then password with 'Go back'
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true })
    expect(await continueButton.isDisabled()).toBe(true)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await continueButton.click()
    await page.getByLabel('Password', { exact: true }).waitFor()
    expect(await page.getByText(email).count()).toBe(1)
    await page.getByLabel('Password', { exact: true }).fill('something')
    await page.getByRole('button', { name: MESSAGES.goBack }).click()
    await page.getByLabel('Email', { exact: true }).waitFor()
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)

    // switching mode clears the form
    await page.getByRole('button', { name: 'Sign up', exact: true }).click()
    await page.getByLabel('First name', { exact: true }).waitFor()
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('')
    await page.getByLabel('First name', { exact: true }).fill('Grace')
    await page.getByLabel('Last name', { exact: true }).fill('Hopper')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByLabel('Confirm password', { exact: true }).waitFor()

    // password rules, and the separate visibility toggles
    await page.getByLabel('Password', { exact: true }).fill('longenough1')
    await page.getByLabel('Confirm password', { exact: true }).fill('different11')
    await page.getByRole('button', { name: 'Show password' }).click()
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text')
    expect(await page.getByLabel('Confirm password', { exact: true }).getAttribute('type')).toBe('password')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('alert').getByText(MESSAGES.passwordsDoNotMatch).waitFor()
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByLabel('Confirm password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('alert').getByText(MESSAGES.passwordTooShort).waitFor()
    await page.getByLabel('Password', { exact: true }).fill('longenough1')
    await page.getByLabel('Confirm password', { exact: true }).fill('longenough1')
    await page.getByRole('button', { name: 'Create Account' }).click()

    // verification
    await page.waitForURL(/\/email-verification\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('email')).toBe(email)
    expect(url.searchParams.get('registered')).toBe('true')
    await page.getByText(/Resend available in 1\d\d seconds/).waitFor()
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true)
    await expectNoSeriousA11yViolations(page, '/email-verification')
    const codeInput = page.getByLabel('Verification code', { exact: true })
    await codeInput.pressSequentially('12ab-3')
    expect(await codeInput.inputValue()).toBe('123')
    await page.getByRole('button', { name: 'Verify Email' }).click()
    await page.getByRole('alert').getByText(MESSAGES.verificationCodeInvalid).waitFor()
    await codeInput.fill('')
    await codeInput.pressSequentially(await readVerificationCode(site, email))
    await page.getByRole('button', { name: 'Verify Email' }).click()
    await page.getByText(MESSAGES.emailVerifiedRedirecting).waitFor()
    await page.waitForURL(`${site.url}/`)

    // signed in: the profile shows the account
    await visit(page, '/profile')
    await page.getByText('Grace Hopper').waitFor()
    expect(await page.getByText(email).count()).toBe(1)
    expect(await page.getByText(MESSAGES.verified, { exact: true }).count()).toBe(1)
    expect(await page.getByText(/^Member since \w+ \d+, \d{4}$/).count()).toBe(1)

    // sign out from the profile, back home, signed out
    await page.getByRole('button', { name: MESSAGES.signOut, exact: true }).click()
    await page.waitForURL(`${site.url}/`)
    expect((await opened.context.cookies()).some((c) => c.name === 'auth_token' && c.value)).toBe(false)
    await visit(page, '/profile')
    await page.waitForURL(/\/login$/)

    // sign in again: a wrong password shows the server's detail, the right one goes home
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByLabel('Password', { exact: true }).fill('wrong-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.getByRole('alert').getByText(MESSAGES.invalidCredentials).waitFor()
    forgiveStatus(opened, 401)
    await page.getByLabel('Password', { exact: true }).fill('longenough1')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL(`${site.url}/`)
    await visit(page, '/profile')
    await page.getByText('Grace Hopper').waitFor()
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('offers Verify now for an unverified account, and sends /email-verification without email to /register', async () => {
    const account = await registerAccount(site, { firstName: 'Una', lastName: 'Verified' })
    const opened = await openPage(browser, site, { viewport: 'mobile', theme: 'light' })
    const { page } = opened
    await visit(page, '/login')
    await page.getByLabel('Email', { exact: true }).fill(account.email)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    const link = page.getByRole('link', { name: MESSAGES.verifyNow })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(
      `/email-verification?email=${encodeURIComponent(account.email)}`,
    )
    expect(await page.getByRole('alert').textContent()).toContain(MESSAGES.emailNotVerified)
    forgiveStatus(opened, 403)
    forgiveStatus(opened, 401)
    await expectNoSeriousA11yViolations(page, '/login error light mobile')

    await visit(page, '/email-verification')
    await page.waitForURL(/\/register$/)
    await page.getByRole('heading', { name: 'Create an account' }).waitFor()
    await expectNoSeriousA11yViolations(page, '/register light mobile')
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('shows the Google and Apple not-available messages without client ids', async () => {
    const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'light' })
    const { page } = opened
    await visit(page, '/login')
    await page.getByRole('button', { name: MESSAGES.continueWithGoogle }).click()
    await page.getByRole('alert').getByText(MESSAGES.googleUnavailable).waitFor()
    await page.getByRole('button', { name: MESSAGES.continueWithApple }).click()
    await page.getByRole('alert').getByText(MESSAGES.appleUnavailable).waitFor()
    await visit(page, '/register')
    await page.getByRole('button', { name: MESSAGES.continueWithGoogle }).click()
    await page.getByRole('alert').getByText(MESSAGES.googleUnavailable).waitFor()
    opened.assertNoConsoleErrors()
    await opened.close()
  })

  it('registers on /register with its single form', async () => {
    const opened = await openPage(browser, site, { viewport: 'mobile', theme: 'dark' })
    const { page } = opened
    const email = uniqueEmail('single')
    await visit(page, '/register')
    await page.getByLabel('First name', { exact: true }).fill('Alan')
    await page.getByLabel('Last name', { exact: true }).fill('Turing')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('enigma-machine')
    await page.getByLabel('Confirm password', { exact: true }).fill('enigma-machin')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.getByRole('alert').getByText(MESSAGES.passwordsDoNotMatch).waitFor()
    await page.getByLabel('Confirm password', { exact: true }).fill('enigma-machine')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL(/\/email-verification\?email=.*&registered=true/)
    expect(await readVerificationCode(site, email)).toMatch(/^\d{8}$/)
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})

describe('profile', () => {
  it('edits the names, clears the success text after 3 s, and Cancel restores', async () => {
    const account = await createAccount(site, { firstName: 'Mary', lastName: 'Shelley' })
    for (const viewport of ['desktop', 'mobile'] as const) {
      for (const theme of ['dark', 'light'] as const) {
        const opened = await openPage(browser, site, { viewport, theme })
        await signInContext(opened.context, site, account)
        await visit(opened.page, '/profile')
        await opened.page.getByRole('heading', { name: MESSAGES.profile }).waitFor()
        await expectNoSeriousA11yViolations(opened.page, `/profile ${theme} ${viewport}`)
        opened.assertNoConsoleErrors()
        await opened.close()
      }
    }
    const opened = await openPage(browser, site)
    const { page } = opened
    await signInContext(opened.context, site, account)
    await visit(page, '/profile')
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByLabel('First name', { exact: true }).fill('Mary W.')
    await page.getByLabel('Last name', { exact: true }).fill('Godwin')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText(MESSAGES.profileUpdated).waitFor()
    await page.getByText('Mary W. Godwin').waitFor()
    await page.getByText(MESSAGES.profileUpdated).waitFor({ state: 'detached', timeout: 4500 })
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    await page.getByLabel('First name', { exact: true }).fill('Changed')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByText('Mary W. Godwin').waitFor()
    await page.getByRole('button', { name: 'Edit Profile' }).click()
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe('Mary W.')
    await page.reload()
    await waitForHydration(page)
    await page.getByText('Mary W. Godwin').waitFor()
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})

describe('sign-in dialog', () => {
  it('opens from a signed-out like, resets on open, signs in in place and refetches the state', async () => {
    const author = await createAccount(site, { firstName: 'Carla', lastName: 'Curator' })
    const reader = await createAccount(site, { firstName: 'Dora', lastName: 'Dialog' })
    const created = await apiAs<{ id: number }>(site, author, 'POST', '/api/collections/', {
      name: 'Dialog test',
      description: '',
      public: true,
    })
    await apiAs(site, author, 'POST', `/api/collections/${created.id}/members`, { '1': 'break a leg' })
    const opened = await openPage(browser, site, { viewport: 'mobile', theme: 'dark' })
    const { page } = opened
    await visit(page, `/collections/${created.id}`)
    await page.getByRole('button', { name: '0 likes' }).click()
    const prompt = page.getByRole('alertdialog', { name: MESSAGES.signInRequired })
    await prompt.getByRole('button', { name: MESSAGES.signIn, exact: true }).click()
    const dialog = page.locator('#pr-auth-dialog-host dialog')
    await dialog.waitFor()
    await dialog.getByText(/Signed-in users can like and save videos/).waitFor()
    await expectNoSeriousA11yViolations(page, 'sign-in dialog (mobile dark)')
    // switch to sign up, close, reopen: back to sign in with empty fields
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click()
    await dialog.getByLabel('First name', { exact: true }).fill('Someone')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('button', { name: '0 likes' }).click()
    await prompt.getByRole('button', { name: MESSAGES.signIn, exact: true }).click()
    await dialog.getByRole('heading', { name: 'Sign in', exact: true }).waitFor()
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('')
    await dialog.getByLabel('Email', { exact: true }).fill(reader.email)
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await dialog.getByLabel('Password', { exact: true }).fill(reader.password)
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.locator('.pr-account-name', { hasText: 'Dora' }).waitFor({ state: 'attached' })
    await page.getByRole('button', { name: '0 likes' }).click()
    await page.getByRole('button', { name: '1 like' }).waitFor()
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})
