/** Shared pieces of the learner-site browser tests: both widths and both themes, and an axe check. */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

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

import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { onChunksWritten } from '@phrasereel/api/search/index-sync'
import { type FixtureContent, seedContent } from '../../../api/test/fixtures.ts'
import { segmentFor } from './fixture-content.ts'
import type { TestSite } from './harness.ts'

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures')

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
