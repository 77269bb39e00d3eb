/**
 * The admin dashboard (spec §2.12, §8, §9): totals, search, category filter, sorts, 'Showing X of Y items', the
 * empty text, a row opening its chunks page, the external link, Refresh and its failure with 'Try again', the
 * export's file name and contents, and accessibility in both themes and at 375 px.
 */
import { readFile } from 'node:fs/promises'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  adminToken,
  countLine,
  poll,
  createAdmin,
  ready,
  rows,
  scrollsSideways,
  signInAdmin,
} from './admin-helpers.ts'
import { expectNoSeriousA11yViolations, learnerSuite, MATRIX, tabTo, withPage } from './learner-helpers.ts'

const suite = learnerSuite()

const names = async (page: Page) =>
  (await rows(page).locator('.admin-row__title').allTextContents()).map((name) => name.trim())

async function openDashboard(page: Page, path = '/admin/dashboard'): Promise<void> {
  await page.goto(path)
  await ready(page)
}

describe('the dashboard', () => {
  it('shows the totals and every item, and /admin is the same dashboard', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'dark' }, async (page, opened) => {
      await signInAdmin(opened.context, suite.site)
      for (const path of ['/admin', '/admin/dashboard']) {
        await openDashboard(page, path)
        const stats = await page.locator('.admin-stats dd').allTextContents()
        expect(stats).toEqual(['3', '6', '3'])
        expect(await countLine(page)).toBe('Showing 3 of 3 items')
        expect(await names(page)).toEqual(['Kitchen Stories', 'Morning Podcast', 'The Long Road'])
      }
      const road = rows(page).filter({ hasText: 'The Long Road' })
      for (const text of ['movie', 'Drama', '2019', 'Part 1', '3 chunks']) {
        expect(await road.getByText(text, { exact: true }).count(), text).toBe(1)
      }
      const external = road.getByRole('link', { name: /External link/ })
      expect(await external.getAttribute('href')).toBe('https://example.org/long-road')
      expect(await external.getAttribute('target')).toBe('_blank')
      expect(await external.getAttribute('rel')).toBe('noopener')
    })
  })

  it('searches, filters by category and sorts both ways, with the counts', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page, opened) => {
      await signInAdmin(opened.context, suite.site)
      await openDashboard(page)
      const search = page.getByLabel('Search')
      await search.pressSequentially('KITCHEN')
      await poll(() => countLine(page)).toBe('Showing 1 of 3 items')
      expect(await names(page)).toEqual(['Kitchen Stories'])
      await search.fill('talk')
      await poll(() => names(page)).toEqual(['Morning Podcast'])
      await search.fill('nothing like this')
      await poll(() => countLine(page)).toBe('Showing 0 of 3 items')
      expect(await page.getByText(MESSAGES.noContentFound).count()).toBe(1)
      await search.fill('')

      await page.getByLabel('Category').selectOption('podcast')
      await poll(() => names(page)).toEqual(['Morning Podcast'])
      expect(await countLine(page)).toBe('Showing 1 of 3 items')
      await page.getByLabel('Category').selectOption('')

      const sortBy = page.getByLabel('Sort by')
      await sortBy.selectOption('chunks')
      await poll(() => names(page)).toEqual(['Morning Podcast', 'Kitchen Stories', 'The Long Road'])
      await page.getByRole('button', { name: /^Ascending/ }).click()
      await poll(() => names(page)).toEqual(['The Long Road', 'Kitchen Stories', 'Morning Podcast'])
      await sortBy.selectOption('year')
      await poll(() => names(page)).toEqual(['Morning Podcast', 'Kitchen Stories', 'The Long Road'])
      await page.getByRole('button', { name: /^Descending/ }).click()
      await poll(() => names(page)).toEqual(['The Long Road', 'Kitchen Stories', 'Morning Podcast'])
      await sortBy.selectOption('category')
      await poll(() => names(page)).toEqual(['The Long Road', 'Morning Podcast', 'Kitchen Stories'])
      await sortBy.selectOption('name')
      await poll(() => names(page)).toEqual(['Kitchen Stories', 'Morning Podcast', 'The Long Road'])
    })
  })

  it("opens an item's chunks page from the row and from its name", async () => {
    await withPage(suite, { viewport: 'mobile', theme: 'dark' }, async (page, opened) => {
      await signInAdmin(opened.context, suite.site)
      await openDashboard(page)
      const road = suite.site.content[0]!.contentId
      await rows(page).filter({ hasText: 'The Long Road' }).locator('.admin-row__facts').click()
      await page.waitForURL(`**/admin/content-metadata/${road}/chunks`)
      await ready(page)
      await page.getByRole('heading', { name: 'The Long Road' }).waitFor()
      await page.goBack()
      await ready(page)
      await page.getByRole('link', { name: 'Kitchen Stories' }).click()
      await page.waitForURL(`**/admin/content-metadata/${suite.site.content[1]!.contentId}/chunks`)
    })
  })

  it("refreshes, and shows 'Failed to fetch content metadata' with 'Try again' when the call fails", async () => {
    await withPage(
      suite,
      { viewport: 'desktop', theme: 'dark', expectStatus: [500] },
      async (page, opened) => {
        await signInAdmin(opened.context, suite.site)
        await openDashboard(page)
        const extra = await suite.site.ctx.db.query<{ id: number }>(
          "insert into content_metadata (name, content_category) values ('Fresh Item', 'talk') returning id",
        )
        try {
          await page.route('**/admin-api/content-metadata', (route) =>
            route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
          )
          await page.getByRole('button', { name: MESSAGES.refresh }).click()
          const alert = page.getByRole('alert')
          await alert.getByText(MESSAGES.fetchContentMetadataFailed).waitFor()
          await page.unroute('**/admin-api/content-metadata')
          await alert.getByRole('link', { name: MESSAGES.adminTryAgain }).click()
          await poll(() => countLine(page)).toBe('Showing 4 of 4 items')
          expect(await names(page)).toContain('Fresh Item')
          expect(await page.getByText('No content found').count()).toBe(0)
        } finally {
          await suite.site.ctx.db.query('delete from content_metadata where id = $1', [extra.rows[0]!.id])
        }
      },
    )
  })

  it('exports the whole list as the API answers it to content_metadata_{date}.json', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page, opened) => {
      const admin = await signInAdmin(opened.context, suite.site)
      await openDashboard(page)
      // a narrowed view still exports the whole list
      await page.getByLabel('Search').fill('kitchen')
      await poll(() => countLine(page)).toBe('Showing 1 of 3 items')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: MESSAGES.exportJson }).click(),
      ])
      const today = await page.evaluate(() => {
        const d = new Date()
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
      })
      expect(download.suggestedFilename()).toBe(`content_metadata_${today}.json`)
      const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as unknown
      const token = await adminToken(suite.site, admin.id)
      const api = await fetch(`${suite.site.url}/admin-api/content-metadata`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(exported).toEqual(await api.json())
    })
  })
})

describe('accessibility of the dashboard', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`has no serious axe violations and no sideways scroll (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page, opened) => {
        await signInAdmin(opened.context, suite.site)
        await openDashboard(page)
        await expectNoSeriousA11yViolations(page)
        expect(await scrollsSideways(page)).toBe(false)
        expect(await tabTo(page, '#admin-content-search')).toBe(true)
        expect(await tabTo(page, 'a.admin-row__title')).toBe(true)
        // a visible focus ring
        const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
        expect(outline).toBe('solid')
        expect(await page.getByRole('button', { name: MESSAGES.adminLogout }).isVisible()).toBe(true)
      })
    })
  }
})

describe('server rendering', () => {
  it('renders the items into the HTML of an admin session, with the whole list embedded once', async () => {
    const admin = await createAdmin(suite.site)
    const token = await adminToken(suite.site, admin.id)
    const ok = await fetch(`${suite.site.url}/admin/dashboard`, {
      redirect: 'manual',
      headers: { cookie: `admin_token=${token}` },
    })
    expect(ok.status).toBe(200)
    const html = await ok.text()
    expect(html).toContain('>The Long Road</a>')
    expect(html.match(/id="admin-content-data"/g)).toHaveLength(1)
  })
})
