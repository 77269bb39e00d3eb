/**
 * Shared pieces of the learner-site browser tests: the site and browser every file starts (`learnerSuite`), a
 * page that fails its test on console errors and is always closed (`withPage`), both widths and both themes, the
 * axe check, and small waits and gates the flows share.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { onChunksWritten } from '../../../api/src/search/index-sync.ts'
import { type FixtureContent, seedContent } from '../../../api/test/fixtures.ts'
import { startAccountSite } from './account-fixtures.ts'
import { segmentFor } from './fixture-content.ts'
import { launchBrowser, type OpenedPage, openPage, type TestSite, type VIEWPORTS } from './harness.ts'

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures')

/** The running site and browser of a test file (valid inside tests and hooks). */
export interface LearnerSuite {
  readonly site: TestSite
  readonly browser: Browser
}

/**
 * Starts the site (a private copy of the build over a fresh seeded database) and chromium before the file's
 * tests, runs `setup` (e.g. `seedMore`), and closes both afterwards.
 */
export function learnerSuite(setup?: (site: TestSite) => Promise<void>): LearnerSuite {
  let site: TestSite | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    site = await startAccountSite()
    await setup?.(site)
    browser = await launchBrowser()
  }, 600_000)
  afterAll(async () => {
    await browser?.close()
    await site?.close()
  })
  return {
    get site() {
      if (!site) throw new Error('the test site is not running')
      return site
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running')
      return browser
    },
  }
}

export interface PageOptions {
  viewport?: keyof typeof VIEWPORTS
  theme?: 'dark' | 'light'
  /** Document or fetch answers with these statuses are expected: chromium logs them as console errors. */
  expectStatus?: number[]
}

/**
 * Opens a fresh context and page, runs `flow`, then fails on any console error or uncaught page error the flow
 * caused (except the failed-resource lines of `expectStatus`); the context is closed whatever happens.
 */
export async function withPage(
  suite: LearnerSuite,
  options: PageOptions,
  flow: (page: Page, opened: OpenedPage) => Promise<void>,
): Promise<void> {
  const opened = await openPage(suite.browser, suite.site, options)
  try {
    await flow(opened.page, opened)
    dropStatusErrors(opened, options.expectStatus ?? [])
    opened.assertNoConsoleErrors()
  } finally {
    await opened.close()
  }
}

/** Removes chromium's "Failed to load resource: … status of N" lines for the given statuses. */
export function dropStatusErrors(opened: OpenedPage, statuses: number[]): void {
  const expected = (error: string) => statuses.some((status) => error.includes(`status of ${status}`))
  opened.errors.splice(0, opened.errors.length, ...opened.errors.filter((error) => !expected(error)))
}

/** The word-level player (modal or /play). */
export const player = (page: Page): Locator => page.locator('[data-testid="phrasereel-player"]')

/** Waits until every React island of the page has hydrated. */
export const hydrated = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => !document.querySelector('astro-island[ssr]'))

/** A promise to hold a routed request until the test says so. */
export function gate(): { opened: Promise<void>; open(): void } {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

export const MATRIX = [
  { viewport: 'desktop', theme: 'dark' },
  { viewport: 'desktop', theme: 'light' },
  { viewport: 'mobile', theme: 'dark' },
  { viewport: 'mobile', theme: 'light' },
] as const

/** Fails on serious or critical axe violations (WCAG 2.1 A/AA rules). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n  ')}`,
  )
  expect(report).toEqual([])
}

/** Presses Tab until the focused element matches `selector` (at most `max` presses); returns whether it did. */
export async function tabTo(page: Page, selector: string, max = 40): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return true
  }
  return false
}

/** Adds content (with media files, search data and totals) to a running test site. */
export async function seedMore(
  site: TestSite,
  contents: FixtureContent[],
): Promise<{ contentId: number; chunkIds: number[] }[]> {
  const seeded = await seedContent(site.ctx.db, contents)
  for (const [i, content] of contents.entries()) {
    const { contentId, chunkIds } = seeded[i]!
    const dir = path.join(site.ctx.config.MEDIA_DIR, String(contentId))
    await mkdir(dir, { recursive: true })
    for (const [order, chunk] of content.chunks.entries()) {
      const n = order + 1
      const audio = chunk.chunkType && chunk.chunkType !== 'video'
      await copyFile(
        path.join(FIXTURES, audio ? 'clip.m4a' : 'clip.mp4'),
        path.join(dir, audio ? `${n}.m4a` : `${n}.mp4`),
      )
      await copyFile(path.join(FIXTURES, 'thumb.jpg'), path.join(dir, `${n}_thumbnail.jpg`))
      await writeFile(path.join(dir, `segment_${n}.json`), JSON.stringify(segmentFor(chunk.text, 2)))
    }
    await onChunksWritten(site.ctx, chunkIds)
  }
  return seeded
}

/** `count` clips of one content item whose transcripts all contain `phrase`. */
export function manyClips(name: string, genre: string, count: number, phrase: string): FixtureContent {
  return {
    name,
    category: 'series',
    genre,
    year: 2020,
    chunks: Array.from({ length: count }, (_, i) => ({ text: `Line ${i + 1}: ${phrase} number ${i + 1}.` })),
  }
}
