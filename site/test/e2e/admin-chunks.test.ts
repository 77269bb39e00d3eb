/**
 * The chunks page (spec §2.12, §4, §8, §9): stats, search, filter, sorts, the Enable/Disable toggle ('Updating...',
 * the row changing only after the server accepts, failures), a disable leaving public search at once and an
 * enable bringing the clip back, the last change (audit trail), selection with shift-click, Clear Selection and
 * the bulk call, rows rendered in windows, the export, the player's admin list variant, and accessibility.
 */
import { readFile } from 'node:fs/promises'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { adminToken, countLine, poll, ready, rows, scrollsSideways, signInAdmin } from './admin-helpers.ts'
import {
  expectNoSeriousA11yViolations,
  gate,
  learnerSuite,
  MATRIX,
  manyClips,
  player,
  seedMore,
  withPage,
} from './learner-helpers.ts'

const BIG_PHRASE = 'scene by scene'
const BIG_COUNT = 150
let big: { contentId: number; chunkIds: number[] }
const suite = learnerSuite(async (site) => {
  const [seeded] = await seedMore(site, [manyClips('Big Scene', 'Drama', BIG_COUNT, BIG_PHRASE)])
  big = seeded!
})

const roadId = () => suite.site.content[0]!.contentId
const chunksPath = (id: number) => `/admin/content-metadata/${id}/chunks`
const files = async (page: Page) =>
  (await rows(page).locator('.admin-chunk__file').allTextContents()).map((name) => name.trim())
const row = (page: Page, file: string): Locator =>
  rows(page).filter({ has: page.locator('.admin-chunk__file', { hasText: new RegExp(`^${file}$`) }) })
const stats = async (page: Page) => page.locator('.admin-stats dd').allTextContents()

async function open(page: Page, id: number): Promise<void> {
  await page.goto(chunksPath(id))
  await ready(page)
}

/** Public search results for a phrase (what learners get). */
async function publicSearch(phrase: string): Promise<{ ids: number[]; total: number }> {
  const response = await fetch(`${suite.site.url}/api/search?q=${encodeURIComponent(phrase)}&limit=100`)
  const body = (await response.json()) as { id: number }[]
  return { ids: body.map((chunk) => chunk.id), total: Number(response.headers.get('x-total-count')) }
}

async function setAll(contentId: number, enabled: boolean): Promise<void> {
  await suite.site.ctx.db.query('update content_chunks set enabled = $2 where content_metadata_id = $1', [
    contentId,
    enabled,
  ])
}

describe('the chunks page', () => {
  it('shows the stats, searches, filters and sorts, with the counts', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page, opened) => {
      await signInAdmin(opened.context, suite.site)
      await open(page, roadId())
      await page.getByRole('heading', { name: 'The Long Road' }).waitFor()
      expect(await stats(page)).toEqual(['3', '3', '0', '0:08'])
      expect(await countLine(page)).toBe('Showing 3 of 3 items')
      expect(await files(page)).toEqual(['1.mp4', '2.mp4', '3.mp4'])
      const first = row(page, '1.mp4')
      for (const text of ['Enabled', 'video', '0:03', 'How are you today?']) {
        expect(await first.getByText(text, { exact: true }).count(), text).toBe(1)
      }
      expect(await first.getByText('Segment file: segment_1.json').count()).toBe(1)
      expect(await first.getByText('Thumbnail file: 1_thumbnail.jpg').count()).toBe(1)
      expect(await first.getByRole('link', { name: /^Thumbnail/ }).getAttribute('href')).toMatch(
        /\/1_thumbnail\.jpg$/,
      )
      expect(await first.getByRole('link', { name: /^Segment/ }).getAttribute('href')).toMatch(
        /\/segment_1\.json$/,
      )

      const search = page.getByLabel('Search')
      await search.pressSequentially('LEG')
      await poll(() => files(page)).toEqual(['3.mp4'])
      expect(await countLine(page)).toBe('Showing 1 of 3 items')
      await search.fill('2.mp4')
      await poll(() => files(page)).toEqual(['2.mp4'])
      await search.fill('video')
      await poll(() => countLine(page)).toBe('Showing 3 of 3 items')
      await search.fill('')

      await page.getByLabel('Status').selectOption('disabled')
      await poll(() => countLine(page)).toBe('Showing 0 of 3 items')
      expect(await page.getByText(MESSAGES.noChunksFound).count()).toBe(1)
      await page.getByLabel('Status').selectOption('enabled')
      await poll(() => countLine(page)).toBe('Showing 3 of 3 items')
      await page.getByLabel('Status').selectOption('all')

      await page.getByRole('button', { name: /^Ascending/ }).click()
      await poll(() => files(page)).toEqual(['3.mp4', '2.mp4', '1.mp4'])
      await page.getByLabel('Sort by').selectOption('type')
      await page.getByLabel('Sort by').selectOption('duration')
      await poll(() => files(page)).toEqual(['3.mp4', '2.mp4', '1.mp4'])
    })
  })

  it("toggles with 'Updating...', changes the row only after the server accepts, and search follows at once", async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page, opened) => {
      const admin = await signInAdmin(opened.context, suite.site)
      await open(page, roadId())
      const phrase = "don't know what you mean"
      const chunkId = suite.site.content[0]!.chunkIds[1]!
      expect((await publicSearch(phrase)).ids).toContain(chunkId)

      const hold = gate()
      await page.route('**/admin-api/content-chunks/*/enabled', async (route) => {
        await hold.opened
        await route.continue()
      })
      const target = row(page, '2.mp4')
      await target.getByRole('button', { name: /^Disable/ }).click()
      const busy = target.getByRole('button', { name: MESSAGES.updating })
      await busy.waitFor()
      expect(await busy.isDisabled()).toBe(true)
      // not accepted yet: the row still says Enabled
      expect(await target.locator('.admin-badge').textContent()).toBe('Enabled')
      hold.open()
      await target.getByRole('button', { name: /^Enable/ }).waitFor()
      expect(await target.locator('.admin-badge').textContent()).toBe('Disabled')
      expect(await target.locator('.admin-chunk__change').textContent()).toBe(
        `Disabled by ${admin.username}, just now`,
      )
      expect(await stats(page)).toEqual(['3', '2', '1', '0:08'])
      // learners no longer find it
      expect((await publicSearch(phrase)).ids).not.toContain(chunkId)

      await target.getByRole('button', { name: /^Enable/ }).click()
      await target.getByRole('button', { name: /^Disable/ }).waitFor()
      expect(await target.locator('.admin-chunk__change').textContent()).toBe(
        `Enabled by ${admin.username}, just now`,
      )
      expect((await publicSearch(phrase)).ids).toContain(chunkId)

      // sort by status: the disabled one first
      await target.getByRole('button', { name: /^Disable/ }).click()
      await target.getByRole('button', { name: /^Enable/ }).waitFor()
      await page.getByLabel('Sort by').selectOption('status')
      await poll(async () => (await files(page))[0]).toBe('2.mp4')
      await target.getByRole('button', { name: /^Enable/ }).click()
      await target.getByRole('button', { name: /^Disable/ }).waitFor()
    })
  })

  it('says why a toggle failed and leaves the row as it was', async () => {
    await withPage(
      suite,
      { viewport: 'mobile', theme: 'dark', expectStatus: [500] },
      async (page, opened) => {
        await signInAdmin(opened.context, suite.site)
        await open(page, roadId())
        const target = row(page, '1.mp4')
        await page.route('**/admin-api/content-chunks/*/enabled', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"refused"}' }),
        )
        await target.getByRole('button', { name: /^Disable/ }).click()
        await page.getByRole('alert').getByText(MESSAGES.updateChunkStatusFailed).waitFor()
        expect(await target.locator('.admin-badge').textContent()).toBe('Enabled')
        await page.unroute('**/admin-api/content-chunks/*/enabled')
        await page.route('**/admin-api/content-chunks/*/enabled', (route) =>
          route.abort('internetdisconnected'),
        )
        await target.getByRole('button', { name: /^Disable/ }).click()
        await page.getByRole('alert').getByText(MESSAGES.updateChunkNetworkError).waitFor()
        expect(await target.locator('.admin-badge').textContent()).toBe('Enabled')
        opened.errors.splice(
          0,
          opened.errors.length,
          ...opened.errors.filter((e) => !e.includes('net::ERR_')),
        )
        const { rows: disabled } = await suite.site.ctx.db.query<{ n: number }>(
          'select count(*)::int as n from content_chunks where content_metadata_id = $1 and not enabled',
          [roadId()],
        )
        expect(disabled[0]!.n).toBe(0)
      },
    )
  })

  it("shows 'Failed to fetch content chunks' with 'Try again' when a refresh fails", async () => {
    await withPage(
      suite,
      { viewport: 'desktop', theme: 'dark', expectStatus: [500] },
      async (page, opened) => {
        await signInAdmin(opened.context, suite.site)
        await open(page, roadId())
        await page.route('**/admin-api/content-metadata/*/chunks', (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
        )
        await page.getByRole('button', { name: MESSAGES.refresh }).click()
        const alert = page.getByRole('alert')
        await alert.getByText(MESSAGES.fetchContentChunksFailed).waitFor()
        await page.unroute('**/admin-api/content-metadata/*/chunks')
        await alert.getByRole('link', { name: MESSAGES.adminTryAgain }).click()
        await poll(() => countLine(page)).toBe('Showing 3 of 3 items')
      },
    )
  })

  it('answers 404 for an unknown content item', async () => {
    await withPage(
      suite,
      { viewport: 'desktop', theme: 'dark', expectStatus: [404] },
      async (page, opened) => {
        await signInAdmin(opened.context, suite.site)
        const answer = await page.goto(chunksPath(999_999))
        expect(answer?.status()).toBe(404)
        await page.getByRole('heading', { name: 'Content not found' }).waitFor()
        expect((await page.goto('/admin/content-metadata/abc/chunks'))?.status()).toBe(404)
      },
    )
  })
})

describe('selection and bulk changes', () => {
  it('selects with shift-click, clears, and disables and enables the selection in one call each', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page, opened) => {
      const admin = await signInAdmin(opened.context, suite.site)
      await open(page, big.contentId)
      // rows render in windows: 50 first, 50 more each time the end scrolls into view
      expect(await rows(page).count()).toBe(50)
      expect(await countLine(page)).toBe(`Showing ${BIG_COUNT} of ${BIG_COUNT} items`)
      expect(await page.getByRole('button', { name: /^Show more/ }).textContent()).toBe(
        'Show more (100 more)',
      )
      await poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return rows(page).count()
      }).toBe(BIG_COUNT)
      await page.evaluate(() => window.scrollTo(0, 0))

      const before = (await publicSearch(BIG_PHRASE)).total
      expect(before).toBe(BIG_COUNT)
      await row(page, '3.mp4').getByRole('checkbox').click()
      await row(page, '7.mp4')
        .getByRole('checkbox')
        .click({ modifiers: ['Shift'] })
      await page.getByText('5 selected').waitFor()
      for (const file of ['3.mp4', '4.mp4', '5.mp4', '6.mp4', '7.mp4']) {
        expect(await row(page, file).getByRole('checkbox').isChecked(), file).toBe(true)
      }
      expect(await row(page, '8.mp4').getByRole('checkbox').isChecked()).toBe(false)
      await page.getByRole('button', { name: MESSAGES.clearSelection }).click()
      await page.getByText('0 selected').waitFor()
      expect(await row(page, '5.mp4').getByRole('checkbox').isChecked()).toBe(false)

      // a range backwards, then one bulk call
      await row(page, '12.mp4').getByRole('checkbox').click()
      await row(page, '8.mp4')
        .getByRole('checkbox')
        .click({ modifiers: ['Shift'] })
      await page.getByText('5 selected').waitFor()
      const calls: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/admin-api/content-chunks/')) calls.push(request.url())
      })
      await page.getByRole('button', { name: MESSAGES.disableSelected }).click()
      await page.getByText('5 of 5 chunks changed').waitFor()
      expect(calls).toEqual([`${suite.site.url}/admin-api/content-chunks/enabled`])
      for (const file of ['8.mp4', '9.mp4', '10.mp4', '11.mp4', '12.mp4']) {
        expect(await row(page, file).locator('.admin-badge').textContent(), file).toBe('Disabled')
        expect(await row(page, file).locator('.admin-chunk__change').textContent()).toBe(
          `Disabled by ${admin.username}, just now`,
        )
      }
      expect(await stats(page)).toEqual([String(BIG_COUNT), String(BIG_COUNT - 5), '5', '6:15'])
      expect((await publicSearch(BIG_PHRASE)).total).toBe(BIG_COUNT - 5)

      // the disabled ones, all selected through the filter, enabled again
      await page.getByRole('button', { name: MESSAGES.clearSelection }).click()
      await page.getByLabel('Status').selectOption('disabled')
      await poll(() => countLine(page)).toBe(`Showing 5 of ${BIG_COUNT} items`)
      await page.getByLabel('Select all shown').check()
      await page.getByText('5 selected').waitFor()
      await page.getByRole('button', { name: MESSAGES.enableSelected }).click()
      await page.getByText('5 of 5 chunks changed').waitFor()
      await poll(() => countLine(page)).toBe(`Showing 0 of ${BIG_COUNT} items`)
      expect((await publicSearch(BIG_PHRASE)).total).toBe(BIG_COUNT)
      expect(calls).toHaveLength(2)
    })
  })
})

describe('export and player', () => {
  it('exports the whole list as the API answers it to content_chunks_{id}_{date}.json', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page, opened) => {
      const admin = await signInAdmin(opened.context, suite.site)
      await open(page, roadId())
      await page.getByLabel('Status').selectOption('disabled')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: MESSAGES.exportJson }).click(),
      ])
      const today = await page.evaluate(() => {
        const d = new Date()
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
      })
      expect(download.suggestedFilename()).toBe(`content_chunks_${roadId()}_${today}.json`)
      const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { id: number }[]
      const token = await adminToken(suite.site, admin.id)
      const api = await fetch(`${suite.site.url}/admin-api/content-metadata/${roadId()}/chunks`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(exported).toEqual(await api.json())
      expect(exported).toHaveLength(3)
    })
  })

  it('plays a clip in the shared player and goes on to the next one when it ends', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page, opened) => {
      await signInAdmin(opened.context, suite.site)
      await open(page, roadId())
      await row(page, '1.mp4').getByRole('button', { name: 'Play 1.mp4' }).click()
      await poll(() => player(page).isVisible(), 15_000).toBe(true)
      const media = player(page).locator('[data-testid="pr-media"]')
      await poll(() => media.getAttribute('src'), 15_000).toMatch(/\/1\.mp4$/)
      // the clip is 2 s long: at its end the admin list variant moves on instead of looping
      await poll(() => media.getAttribute('src'), 20_000).toMatch(/\/2\.mp4$/)
      await page.keyboard.press('Escape')
      await poll(() => player(page).isVisible(), 10_000).toBe(false)
    })
  })
})

describe('accessibility of the chunks page', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`has no serious axe violations and no sideways scroll (${viewport}, ${theme})`, async () => {
      await setAll(roadId(), true)
      await withPage(suite, { viewport, theme }, async (page, opened) => {
        await signInAdmin(opened.context, suite.site)
        await open(page, roadId())
        await expectNoSeriousA11yViolations(page)
        expect(await scrollsSideways(page)).toBe(false)
        // keyboard: a row's controls are reachable, and space toggles the checkbox
        await row(page, '1.mp4').getByRole('checkbox').focus()
        await page.keyboard.press('Space')
        await page.getByText('1 selected').waitFor()
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
          'Play 1.mp4',
        )
        const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
        expect(outline).toBe('solid')
      })
    })
  }
})
