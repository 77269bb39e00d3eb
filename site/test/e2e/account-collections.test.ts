/**
 * Collections (spec §2.10, §4, §5): create from /my-collections, add phrases (Enter, duplicates refused),
 * reorder with the mouse and the keyboard, remove, search a phrase, like from another account, the signed-out
 * 'Sign in Required' prompt, make it private (the other account loses it), delete with the typed name.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import {
  apiAs,
  createAccount,
  expectNoSeriousA11yViolations,
  signInContext,
  startAccountSite,
  visit,
  waitForHydration,
  type TestAccount,
} from './account-fixtures.ts'
import { launchBrowser, type OpenedPage, openPage, type TestSite } from './harness.ts'

// the machine running these is shared and slow; one walk through a flow takes minutes under load
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

let site: TestSite
let browser: Browser
let owner: TestAccount
let other: TestAccount

beforeAll(async () => {
  site = await startAccountSite()
  browser = await launchBrowser()
  owner = await createAccount(site, { firstName: 'Olive', lastName: 'Owner' })
  other = await createAccount(site, { firstName: 'Otto', lastName: 'Other' })
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

async function phrasesOf(page: Page): Promise<string[]> {
  return page
    .locator('.pr-phrase-table tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-phrase') ?? ''))
}

async function membersOf(id: number): Promise<string[]> {
  const answer = await apiAs<{ members: Record<string, string> }>(
    site,
    owner,
    'GET',
    `/api/collections/${id}/members`,
  )
  return Object.keys(answer.members)
    .sort((a, b) => Number(a) - Number(b))
    .map((k) => answer.members[k]!)
}

async function dragHandle(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  const steps = 12
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + ((b.y - a.y + 6) * i) / steps)
    await page.waitForTimeout(16)
  }
  await page.mouse.up()
}

let collectionId = 0
let ownerPage: OpenedPage

it('creates a collection and edits its phrases', async () => {
  ownerPage = await openPage(browser, site, { viewport: 'desktop', theme: 'dark' })
  const { page } = ownerPage
  await signInContext(ownerPage.context, site, owner)
  await visit(page, '/my-collections')
  await page.getByRole('button', { name: MESSAGES.createFirstCollection }).click()
  const dialog = page.getByRole('dialog', { name: MESSAGES.createNewCollection })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: 'Create Collection' }).click()
  await dialog.getByText(MESSAGES.collectionNameRequired).waitFor()
  await dialog.getByLabel('Name').fill('Everyday idioms')
  await dialog.getByText('15/100').waitFor()
  await dialog.getByLabel('Description').fill('Phrases I hear all the time')
  await dialog.getByRole('switch', { name: MESSAGES.public }).check()
  await expectNoSeriousA11yViolations(page, 'create collection dialog')
  await dialog.getByRole('button', { name: 'Create Collection' }).click()
  const card = page.locator('[data-my-collections] article').first()
  await card.getByText('Everyday idioms').waitFor()
  expect(await card.textContent()).toContain('0 phrases')
  expect(await card.textContent()).toContain('0 likes')
  expect(await card.textContent()).toContain(MESSAGES.public)
  collectionId = Number(await card.getAttribute('data-collection-id'))
  await expectNoSeriousA11yViolations(page, '/my-collections with a card')

  await card.getByRole('link', { name: 'Everyday idioms' }).click()
  await page.waitForURL(`**/collections/${collectionId}`)
  await page.getByText(MESSAGES.noPhrasesInCollection).waitFor()
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const input = page.getByLabel('Add a phrase')
  for (const phrase of ['break a leg', 'how are you', 'make up your mind', 'what do you mean']) {
    await input.fill(phrase)
    await input.press('Enter')
    await page.locator(`tr[data-phrase="${phrase}"]`).waitFor()
  }
  await input.fill('How are you?')
  await input.press('Enter')
  await page.getByText(MESSAGES.phraseAlreadyExists).waitFor()
  expect(await input.getAttribute('maxlength')).toBe('200')
  expect(await phrasesOf(page)).toEqual([
    'break a leg',
    'how are you',
    'make up your mind',
    'what do you mean',
  ])
  await expectNoSeriousA11yViolations(page, 'collection edit mode')

  // keyboard reorder: pick up the third row, move it up twice, drop
  await page.getByRole('button', { name: 'Reorder make up your mind' }).focus()
  await page.keyboard.press('Space')
  await page.waitForTimeout(150)
  await page.keyboard.press('ArrowUp')
  await page.waitForTimeout(150)
  await page.keyboard.press('ArrowUp')
  await page.waitForTimeout(150)
  await page.keyboard.press('Space')
  await expect
    .poll(() => membersOf(collectionId))
    .toEqual(['make up your mind', 'break a leg', 'how are you', 'what do you mean'])

  // mouse reorder: drag the first row below the second
  await dragHandle(
    page,
    page.getByRole('button', { name: 'Reorder make up your mind' }),
    page.getByRole('button', { name: 'Reorder break a leg' }),
  )
  await expect
    .poll(() => membersOf(collectionId))
    .toEqual(['break a leg', 'make up your mind', 'how are you', 'what do you mean'])

  // remove
  await page.getByRole('button', { name: 'Remove what do you mean' }).click()
  await expect
    .poll(() => membersOf(collectionId))
    .toEqual(['break a leg', 'make up your mind', 'how are you'])
  await page.reload()
  await waitForHydration(page)
  expect(await phrasesOf(page)).toEqual(['break a leg', 'make up your mind', 'how are you'])
  ownerPage.assertNoConsoleErrors()
})

it('serves the public page static-first: ETag, 304 while unchanged, a new ETag after a change', async () => {
  const url = `${site.url}/collections/${collectionId}`
  const first = await fetch(url)
  expect(first.status).toBe(200)
  const etag = first.headers.get('etag')
  expect(etag).toBeTruthy()
  expect(first.headers.get('cache-control')).toBe('public, no-cache')
  expect(await first.text()).toContain('make up your mind')
  const again = await fetch(url, { headers: { 'if-none-match': etag! } })
  expect(again.status).toBe(304)
  await apiAs(site, owner, 'POST', `/api/collections/${collectionId}/members`, {
    '1': 'break a leg',
    '2': 'make up your mind',
    '3': 'how are you',
    '4': 'see you later',
  })
  await new Promise((resolve) => setTimeout(resolve, 5_200))
  const changed = await fetch(url, { headers: { 'if-none-match': etag! } })
  expect(changed.status).toBe(200)
  expect(changed.headers.get('etag')).not.toBe(etag)
  expect(await changed.text()).toContain('see you later')
})

it('searches a phrase from a row in view mode', async () => {
  const { page } = ownerPage
  await visit(page, `/collections/${collectionId}`)
  let alerted: string | null = null
  page.once('dialog', async (d) => {
    alerted = d.message()
    await d.dismiss()
  })
  await page.route('**/api/search?q=*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  )
  await page.locator('tr[data-phrase="break a leg"]').click()
  await expect.poll(() => alerted).toBe(MESSAGES.noVideosForPhrase)
  await page.unroute('**/api/search?q=*')
  await page.getByRole('button', { name: 'how are you' }).click()
  await page.locator('.modal-host, [role="dialog"]').first().waitFor()
  await page.keyboard.press('Escape')
  ownerPage.assertNoConsoleErrors()
})

it('is liked by another account, prompts signed-out visitors, and goes away when made private', async () => {
  const visitor = await openPage(browser, site, { viewport: 'mobile', theme: 'light' })
  await visit(visitor.page, '/collections')
  await visitor.page.getByRole('link', { name: 'Everyday idioms' }).waitFor()
  await expectNoSeriousA11yViolations(visitor.page, '/collections with a card (mobile light)')
  await visit(visitor.page, `/collections/${collectionId}`)
  await visitor.page.getByRole('button', { name: '0 likes' }).click()
  await visitor.page.getByRole('alertdialog', { name: MESSAGES.signInRequired }).waitFor()
  await expectNoSeriousA11yViolations(visitor.page, 'sign in required prompt')
  visitor.assertNoConsoleErrors()
  await visitor.close()

  const second = await openPage(browser, site, { viewport: 'mobile', theme: 'dark' })
  await signInContext(second.context, site, other)
  await visit(second.page, `/collections/${collectionId}`)
  expect(await second.page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0)
  await second.page.getByRole('button', { name: '0 likes' }).click()
  await second.page.getByRole('button', { name: '1 like' }).waitFor()
  await expectNoSeriousA11yViolations(second.page, 'collection detail (mobile dark)')

  // the owner makes it private
  const { page } = ownerPage
  await visit(page, `/collections/${collectionId}`)
  await page.getByRole('button', { name: '1 like' }).waitFor()
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await page.getByRole('button', { name: MESSAGES.editCollection }).click()
  const dialog = page.getByRole('dialog', { name: MESSAGES.editCollection })
  await dialog.getByRole('switch', { name: MESSAGES.public }).uncheck()
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await page.locator('.pr-collection-meta').getByText(MESSAGES.private).waitFor()

  await second.page.reload()
  await waitForHydration(second.page)
  await second.page.getByText(MESSAGES.errorLoadingCollection).waitFor()
  await second.page.getByText(MESSAGES.collectionNotFound).waitFor()
  second.errors.splice(0, second.errors.length, ...second.errors.filter((e) => !e.includes('status of 404')))
  await visit(second.page, '/collections')
  await second.page.getByText(MESSAGES.noCollectionsAvailable).waitFor()
  second.assertNoConsoleErrors()
  await second.close()
})

it('deletes the collection only with its exact name', async () => {
  const { page } = ownerPage
  await visit(page, `/collections/${collectionId}`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: MESSAGES.deleteCollection })
  await dialog.getByLabel('Collection name').fill('everyday idioms')
  await dialog.getByRole('button', { name: MESSAGES.deleteCollection }).click()
  await dialog.getByText(MESSAGES.collectionNameMismatch).waitFor()
  await expectNoSeriousA11yViolations(page, 'delete dialog')
  await dialog.getByLabel('Collection name').fill('Everyday idioms')
  await dialog.getByRole('button', { name: MESSAGES.deleteCollection }).click()
  await page.waitForURL('**/my-collections')
  await page.getByText(MESSAGES.myCollectionsEmptyTitle).waitFor()
  ownerPage.assertNoConsoleErrors()
  await ownerPage.close()
})

it("shows 'Error loading collections' with 'Try Again' when the list fails, and reloads once it works", async () => {
  const created = await apiAs<{ id: number }>(site, owner, 'POST', '/api/collections/', {
    name: 'Travel phrases',
    description: 'On the road',
    public: true,
  })
  await apiAs(site, owner, 'POST', `/api/collections/${created.id}/members`, { '1': 'how are you' })
  const opened = await openPage(browser, site, { viewport: 'desktop', theme: 'light' })
  const { page } = opened
  await signInContext(opened.context, site, owner)
  const db = site.ctx.db
  // the lists read the like counts: without that table every collections list call fails on the server
  const breakLists = () => db.query('alter table collection_likes rename to collection_likes_offline')
  const mendLists = () => db.query('alter table collection_likes_offline rename to collection_likes')
  const expectError = async (message: string) => {
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.errorLoadingCollections })
    await alert.waitFor({ timeout: 15_000 })
    await alert.getByText(message, { exact: true }).waitFor()
    return alert.getByRole('button', { name: MESSAGES.tryAgain, exact: true })
  }

  // /collections is rendered on the server: its error state comes with the page
  await breakLists()
  try {
    await visit(page, '/collections')
    const tryAgain = await expectError(MESSAGES.genericError)
    await expectNoSeriousA11yViolations(page, '/collections error')
    await mendLists()
    await tryAgain.click()
  } catch (error) {
    await mendLists().catch(() => undefined)
    throw error
  }
  await page.getByRole('heading', { name: 'Travel phrases' }).waitFor({ timeout: 15_000 })
  expect(await page.getByText(MESSAGES.errorLoadingCollections).count()).toBe(0)

  // /my-collections: the server's list fails, so the island asks GET /api/collections/my, which answers 500
  await page.route('**/api/collections/my*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"down"}' }),
  )
  await breakLists()
  try {
    await page.goto('/my-collections')
  } finally {
    await mendLists()
  }
  await waitForHydration(page)
  // the island shows the server's detail
  const tryAgain = await expectError('down')
  await expectNoSeriousA11yViolations(page, '/my-collections error')
  opened.errors.splice(0, opened.errors.length, ...opened.errors.filter((e) => !e.includes('status of 500')))
  await page.unroute('**/api/collections/my*')
  await tryAgain.click()
  await page.getByRole('heading', { name: 'Travel phrases' }).waitFor({ timeout: 15_000 })
  expect(await page.getByText(MESSAGES.errorLoadingCollections).count()).toBe(0)
  opened.assertNoConsoleErrors()
  await opened.close()
})
