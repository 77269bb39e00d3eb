/**
 * 'Export to Anki' (issue 18) from /saved and from a collection page, at 1280 px and 375 px in both themes: the
 * dialog (axe-clean), the progress, the download (a zip holding collection.anki2 with one note per clip).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { unzipSync } from 'fflate'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  signInContext,
  startAccountSite,
  type TestAccount,
  visit,
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

/** The notes' first fields of a downloaded .apkg (unzipped, read with node:sqlite). */
async function deckPhrases(file: string): Promise<{ entries: string[]; phrases: string[] }> {
  const files = unzipSync(new Uint8Array(await readFile(file)))
  const dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-e2e-apkg-'))
  try {
    const collection = path.join(dir, 'collection.anki2')
    expect(files['collection.anki2'], 'collection.anki2 in the zip').toBeDefined()
    await writeFile(collection, files['collection.anki2']!)
    const db = new DatabaseSync(collection, { readOnly: true })
    try {
      const rows = db.prepare('select flds from notes order by id').all() as { flds: string }[]
      return { entries: Object.keys(files), phrases: rows.map((row) => row.flds.split('\x1f')[0]!) }
    } finally {
      db.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Opens the export dialog, checks it with axe, exports a deck and downloads it; answers the downloaded file. */
async function exportDeck(page: Page, label: string, expectSummary?: string): Promise<string> {
  await page.getByRole('button', { name: MESSAGES.exportToAnki }).click()
  const dialog = page.getByRole('dialog', { name: MESSAGES.exportToAnki })
  await dialog.waitFor()
  await expectNoSeriousA11yViolations(page, `${label}: export dialog`)
  expect(await dialog.getByRole('radio', { name: MESSAGES.exportFormatApkg }).isChecked()).toBe(true)
  await dialog.getByLabel(MESSAGES.exportLanguage).selectOption('fr')
  await dialog.getByRole('button', { name: MESSAGES.exportStart, exact: true }).click()
  await dialog.getByText(MESSAGES.exportReady).waitFor({ timeout: 120_000 })
  if (expectSummary) await dialog.getByText(expectSummary, { exact: false }).waitFor()
  await expectNoSeriousA11yViolations(page, `${label}: export ready`)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: new RegExp(`^${MESSAGES.exportDownload}`) }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^phrasereel-.+\.apkg$/)
  const file = await download.path()
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
  await dialog.waitFor({ state: 'hidden' })
  return file
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

describe('Export to Anki', () => {
  let account: TestAccount
  let collectionId: number

  beforeAll(async () => {
    account = await createAccount(site, { firstName: 'Anki', lastName: 'Learner' })
    const [longRoad, , podcast] = site.content
    for (const item of [longRoad!, podcast!]) {
      await apiAs(site, account, 'POST', '/api/user-content/save', { content_metadata_id: item.contentId })
    }
    const created = await apiAs<{ id: number }>(site, account, 'POST', '/api/collections', {
      name: 'Phrases to learn',
      is_public: false,
    })
    collectionId = created.id
    await apiAs(site, account, 'POST', `/api/collections/${collectionId}/members`, {
      '1': 'how are you',
      '2': 'break a leg',
      '3': 'xylophone quartz',
    })
  })

  for (const [viewport, theme] of [
    ['desktop', 'dark'],
    ['mobile', 'light'],
    ['desktop', 'light'],
    ['mobile', 'dark'],
  ] as const) {
    it(`exports the saved clips and a collection as Anki decks (${viewport}, ${theme})`, async () => {
      const opened = await openPage(browser, site, { viewport, theme })
      const { page, context } = opened
      await signInContext(context, site, account)

      await visit(page, '/saved')
      await page.locator('[data-list="saved"]').waitFor({ timeout: 15_000 })
      await expectNoHorizontalScroll(page)
      const saved = await deckPhrases(await exportDeck(page, `/saved ${viewport} ${theme}`))
      expect(saved.entries).toContain('media')
      expect(saved.phrases.sort()).toEqual(['Good morning, how are you?', 'How are you today?'])

      await visit(page, `/collections/${collectionId}`)
      await page.getByRole('heading', { name: 'Phrases to learn' }).waitFor()
      await expectNoHorizontalScroll(page)
      const collection = await deckPhrases(
        await exportDeck(page, `collection ${viewport} ${theme}`, 'xylophone quartz'),
      )
      expect(collection.phrases).toEqual(['how are you', 'break a leg'])
      await expectNoHorizontalScroll(page)

      opened.assertNoConsoleErrors()
      await opened.close()
    })
  }

  it('shows the server detail when an export cannot start', async () => {
    const empty = await createAccount(site, { firstName: 'Empty', lastName: 'Lists' })
    const other = await apiAs<{ id: number }>(site, empty, 'POST', '/api/collections', {
      name: 'Nothing yet',
      is_public: false,
    })
    await apiAs(site, empty, 'POST', `/api/collections/${other.id}/members`, { '1': 'how are you' })
    const opened = await openPage(browser, site, { viewport: 'mobile', theme: 'dark' })
    const { page, context } = opened
    await signInContext(context, site, empty)
    await visit(page, `/collections/${other.id}`)
    // the collection empties under the open page: the server refuses with its detail
    await apiAs(site, empty, 'POST', `/api/collections/${other.id}/members`, {})
    await page.getByRole('button', { name: MESSAGES.exportToAnki }).click()
    const dialog = page.getByRole('dialog', { name: MESSAGES.exportToAnki })
    await dialog.getByRole('button', { name: MESSAGES.exportStart, exact: true }).click()
    await dialog.getByRole('alert').getByText(MESSAGES.exportNothing).waitFor()
    await expectNoSeriousA11yViolations(page, 'export dialog with an error')
    // the browser logs the refused call itself
    opened.errors.splice(
      0,
      opened.errors.length,
      ...opened.errors.filter((e) => !e.includes('status of 422')),
    )
    opened.assertNoConsoleErrors()
    await opened.close()
  })
})
