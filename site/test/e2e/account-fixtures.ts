/**
 * Shared steps of the account browser tests: accounts made through the real API (register, the code read from
 * the outbox, verify), signing a browser context in with the session cookie, and the axe check.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApiHandler, createContext, loadConfig } from '@phrasereel/api'
import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { createTestDatabase } from '../../../api/test/harness.ts'
import { buildIfNeeded } from '../../../scripts/src/build-if-needed.ts'
import { SITE_DIST, startFront } from '../../server/front.ts'
import { seedE2EContent } from './fixture-content.ts'
import type { OpenedPage, TestSite } from './harness.ts'

const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BUILD_LOCK = path.join(SITE_DIR, '.build.lock')

/**
 * Like `startTestSite`, but serving a private copy of the build: other engineers' builds replace site/dist
 * while a long browser test runs, and a lazily imported route chunk then vanishes under the running server.
 * The copy lives under site/node_modules so the server bundle still resolves its packages.
 */
export async function startAccountSite(): Promise<TestSite> {
  await buildIfNeeded()
  const distDir = path.join(
    SITE_DIR,
    'node_modules',
    '.e2e-dist',
    `${process.pid}-${Date.now().toString(36)}`,
  )
  await mkdir(path.dirname(distDir), { recursive: true })
  for (;;) {
    try {
      await writeFile(BUILD_LOCK, String(process.pid), { flag: 'wx' })
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
  }
  try {
    await cp(SITE_DIST, distDir, { recursive: true })
  } finally {
    await unlink(BUILD_LOCK).catch(() => {})
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-account-e2e-'))
  const database = await createTestDatabase('pglite')
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir })
  const ctx = createContext(config, database)
  const content = await seedE2EContent(ctx.db, config.MEDIA_DIR)
  const front = await startFront({ api: createApiHandler(ctx), ctx, host: '127.0.0.1', port: 0, distDir })
  return {
    url: front.url,
    ctx,
    content,
    async close() {
      await front.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
      await rm(distDir, { recursive: true, force: true })
    },
  }
}

export interface TestAccount {
  email: string
  password: string
  firstName: string
  lastName: string
  token: string
}

let counter = 0

/** A fresh unique email address. */
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.org`
}

/** The newest 8-digit verification code mailed to `email` (from `$DATA_DIR/outbox/*.eml`). */
export function readVerificationCode(site: TestSite, email: string): Promise<string> {
  return readMailedCode(site, email, /verification code is:\s*(\d{8})/i)
}

/** The newest 8-digit password reset code mailed to `email`. */
export function readPasswordResetCode(site: TestSite, email: string): Promise<string> {
  return readMailedCode(site, email, /password reset code is:\s*(\d{8})/i)
}

/** The code `pattern` finds in the newest mail to `email` that has one (waits up to 5 s for it). */
async function readMailedCode(site: TestSite, email: string, pattern: RegExp): Promise<string> {
  const dir = site.ctx.config.OUTBOX_DIR
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()
    for (const name of names) {
      const text = await readFile(path.join(dir, name), 'utf8')
      if (!text.toLowerCase().includes(email.toLowerCase())) continue
      const match = pattern.exec(text)
      if (match) return match[1]!
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail matching ${pattern} for ${email} in ${dir}`)
}

async function post(site: TestSite, pathname: string, body: unknown, token?: string): Promise<Response> {
  return fetch(new URL(pathname, site.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
}

/** Registers an account through the API without verifying it. */
export async function registerAccount(
  site: TestSite,
  fields: Partial<Omit<TestAccount, 'token'>> = {},
): Promise<Omit<TestAccount, 'token'>> {
  const account = {
    email: fields.email ?? uniqueEmail(),
    password: fields.password ?? 'correct horse battery',
    firstName: fields.firstName ?? 'Ada',
    lastName: fields.lastName ?? 'Lovelace',
  }
  const response = await post(site, '/api/auth/register', {
    email: account.email,
    password: account.password,
    first_name: account.firstName,
    last_name: account.lastName,
    recaptcha_token: 'test',
  })
  expect(response.status, await response.clone().text()).toBe(200)
  return account
}

/** Registers and verifies an account through the API; returns it with a session token. */
export async function createAccount(
  site: TestSite,
  fields: Partial<Omit<TestAccount, 'token'>> = {},
): Promise<TestAccount> {
  const account = await registerAccount(site, fields)
  const code = await readVerificationCode(site, account.email)
  const response = await post(site, '/auth/verify-email', { email: account.email, verification_code: code })
  expect(response.status).toBe(200)
  const { access_token } = (await response.json()) as { access_token: string }
  return { ...account, token: access_token }
}

/** Calls the API as `account` (bearer token). */
export async function apiAs<T>(
  site: TestSite,
  account: TestAccount,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(new URL(pathname, site.url), {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

/** Puts `account`'s session cookie into a browser context (as a sign-in would). */
export async function signInContext(
  context: BrowserContext,
  site: TestSite,
  account: TestAccount,
): Promise<void> {
  await context.addCookies([
    { name: 'auth_token', value: account.token, url: site.url, httpOnly: true, sameSite: 'Lax' },
  ])
}

/** Fails on axe violations of serious or critical impact. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label: string,
  options: { disableRules?: string[] } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page })
  if (options.disableRules?.length) builder.disableRules(options.disableRules)
  const results = await builder.analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const summary = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  )
  expect(summary, `axe on ${label}`).toEqual([])
}

/** Drops console errors the browser logs for answers the test provoked on purpose (e.g. a 401 on a wrong password). */
export function forgiveStatus(opened: OpenedPage, status: number): void {
  const marker = `status of ${status}`
  for (let i = opened.errors.length - 1; i >= 0; i--) {
    if (opened.errors[i]!.includes(marker)) opened.errors.splice(i, 1)
  }
}

/** Waits until every `client:load` island of the page has hydrated (clicks before that would do nothing). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr][client="load"]'), null, {
    timeout: 30_000,
  })
}

/** `page.goto` and wait for hydration. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await waitForHydration(page)
}

/** The account's saved player settings (`preferences`), as `GET /api/auth/me` answers them. */
export async function savedPreferences(page: Page, account: TestAccount): Promise<unknown> {
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${account.token}` } })
  return ((await me.json()) as { preferences?: unknown }).preferences
}
