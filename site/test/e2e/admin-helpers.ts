/**
 * Shared steps of the admin browser tests: admins made with the API's own `createOrUpdateAdmin`, a browser
 * context signed in as one (a session created in the database, its token in the `admin_token` cookie, so tests
 * do not spend the login rate limit), and small waits.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { createOrUpdateAdmin } from '../../../api/src/auth/admin.ts'
import { createSession } from '../../../api/src/auth/session.ts'
import type { TestSite } from './harness.ts'

export const ADMIN_PASSWORD = 'admin password 1'

let counter = 0

/** A fresh admin (unique username); returns its id and username. */
export async function createAdmin(
  site: TestSite,
  prefix = 'admin',
): Promise<{ id: number; username: string; password: string }> {
  counter += 1
  const username = `${prefix}${counter}${Date.now().toString(36)}`
  const { id } = await createOrUpdateAdmin(site.ctx.db, username, ADMIN_PASSWORD)
  return { id, username, password: ADMIN_PASSWORD }
}

/** An admin session token for `adminId`, as a login would make. */
export async function adminToken(site: TestSite, adminId: number): Promise<string> {
  const { token } = await createSession(site.ctx.db, 'admin', adminId, site.ctx.now())
  return token
}

/** Puts an admin session cookie into the browser context (a new admin unless one is given). */
export async function signInAdmin(
  context: BrowserContext,
  site: TestSite,
  admin?: { id: number; username: string },
): Promise<{ id: number; username: string }> {
  const who = admin ?? (await createAdmin(site))
  const token = await adminToken(site, who.id)
  await context.addCookies([
    { name: 'admin_token', value: token, url: site.url, httpOnly: true, sameSite: 'Lax' },
  ])
  return who
}

/** Ends every session of an admin in the database (what expiry or a revoke does behind the page's back). */
export async function deleteAdminSessions(site: TestSite, adminId: number): Promise<void> {
  await site.ctx.db.query('delete from admin_sessions where admin_id = $1', [adminId])
}

/** Waits until every island of the page has hydrated and the embedded list is in use. */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('astro-island[ssr]') &&
      !document.querySelector('.admin-screen:not([data-loaded])'),
  )
}

/** Whether the page scrolls sideways (it must not, down to 375 px). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
}

/** The rows of the list shown. */
export const rows = (page: Page) => page.locator('ul.admin-rows > li')

/** The 'Showing X of Y items' line. */
export async function countLine(page: Page): Promise<string> {
  return (await page.locator('.admin-count').textContent())?.trim() ?? ''
}

/** `expect.poll` with room for a loaded machine (the default gives up after 1 s). */
export const poll = <T>(read: () => Promise<T> | T, timeout = 20_000) => expect.poll(read, { timeout })
