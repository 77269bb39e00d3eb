/**
 * Browser-test harness: a real server (the node:http front over a fresh database and DATA_DIR, seeded with
 * fixture content and media) and Debian's chromium driven by playwright-core. A console error or an uncaught
 * page error fails the test that caused it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { createApiHandler, createContext, loadConfig, type AppContext } from '@phrasereel/api'
import { createTestDatabase, type DatabaseKind } from '../../../api/test/harness.ts'
import { buildIfNeeded } from '../../../scripts/src/build-if-needed.ts'
import { type Front, startFront } from '../../server/front.ts'
import { seedE2EContent } from './fixture-content.ts'

export interface TestSite {
  url: string
  ctx: AppContext
  content: { contentId: number; chunkIds: number[] }[]
  close(): Promise<void>
}

/** Builds the site if needed and serves it over a fresh, seeded database. */
export async function startTestSite(
  options: { kind?: DatabaseKind; env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestSite> {
  await buildIfNeeded()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-e2e-'))
  const database = await createTestDatabase(options.kind ?? 'pglite')
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env })
  const ctx = createContext(config, database)
  const content = options.seed === false ? [] : await seedE2EContent(ctx.db, config.MEDIA_DIR)
  let front: Front
  try {
    front = await startFront({ api: createApiHandler(ctx), ctx, host: '127.0.0.1', port: 0 })
  } catch (error) {
    await database.close()
    throw error
  }
  return {
    url: front.url,
    ctx,
    content,
    async close() {
      await front.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Path of Debian's chromium (or `CHROMIUM_PATH`). */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim()
  } catch {
    throw new Error('chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)')
  }
}

/** Headless chromium with the flags this sandbox needs. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      ...extraArgs,
    ],
  })
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  /** Console errors and uncaught page errors seen so far; `assertNoConsoleErrors` fails on any. */
  errors: string[]
  assertNoConsoleErrors(): void
  close(): Promise<void>
}

/** The two viewports every flow is tested at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
} as const

/** A fresh browser context and page at the given width and theme (stored as the site stores it). */
export async function openPage(
  browser: Browser,
  site: TestSite,
  options: { viewport?: keyof typeof VIEWPORTS; theme?: 'dark' | 'light' } = {},
): Promise<OpenedPage> {
  const viewport = VIEWPORTS[options.viewport ?? 'desktop']
  const context = await browser.newContext({
    baseURL: site.url,
    viewport,
    isMobile: options.viewport === 'mobile',
    hasTouch: options.viewport === 'mobile',
    permissions: ['clipboard-read', 'clipboard-write'],
  })
  if (options.theme) {
    await context.addInitScript((theme) => localStorage.setItem('theme', theme), options.theme)
  }
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return {
    context,
    page,
    errors,
    assertNoConsoleErrors() {
      if (errors.length > 0) throw new Error(`The page logged errors:\n${errors.join('\n')}`)
    },
    close: () => context.close(),
  }
}
