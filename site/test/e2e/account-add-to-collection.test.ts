/**
 * Issue 18: 'Add to collection' from a search result, a list card and the player: pick one of my collections or
 * create one; the searched phrase (else the transcript) goes in as a member and the clip is remembered with it.
 * Signed out, the 'Sign in Required' prompt. A collection page's 'Play all' plays its phrases in order, each
 * with its remembered clip or else its phrase's first search result, on to the next when a clip ends. At 1280
 * and 375 px, the dialog in both themes (axe).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { CollectionMemberClips, CollectionWithMembers } from '@phrasereel/api/shared/wire'
import type { Page } from 'playwright-core'
import { describe, expect, it, vi } from 'vitest'
import { apiAs, createAccount, signInContext, type TestAccount } from './account-fixtures.ts'
import {
  expectNoSeriousA11yViolations,
  hydrated,
  learnerSuite,
  MATRIX,
  player,
  withPage,
} from './learner-helpers.ts'

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const suite = learnerSuite()
const dialog = (page: Page) => page.getByRole('dialog', { name: MESSAGES.addToCollectionTitle })
const media = (page: Page) => player(page).locator('[data-testid="pr-media"]')

async function membersOf(account: TestAccount, id: number) {
  return apiAs<CollectionWithMembers & CollectionMemberClips>(
    suite.site,
    account,
    'GET',
    `/api/collections/${id}/members`,
  )
}

/** Picks the collection `name` in the dialog and waits for the dialog's answer. */
async function pick(page: Page, name: string, answer: string): Promise<void> {
  await dialog(page).waitFor({ timeout: 15_000 })
  await dialog(page)
    .getByRole('button', { name: new RegExp(name) })
    .click()
  await expect.poll(() => dialog(page).getByRole('status').textContent(), { timeout: 15_000 }).toBe(answer)
}

async function myCollections(account: TestAccount): Promise<{ id: number; name: string }[]> {
  return apiAs(suite.site, account, 'GET', '/api/collections/my')
}

/** The pathname of a clip's media, to tell which clip the player shows. */
async function mediaPathOf(page: Page, id: number): Promise<string> {
  const answer = await page.request.get(`/api/content/chunk/${id}`)
  return new URL(((await answer.json()) as { play_s3_url: string }).play_s3_url, page.url()).pathname
}

const shownMedia = async (page: Page) => {
  const src = await media(page)
    .getAttribute('src')
    .catch(() => null)
  return src ? new URL(src, page.url()).pathname : null
}

describe('add to collection', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`from a result, the player and a list card; the dialog in ${theme} (${viewport})`, async () => {
      const account = await createAccount(suite.site, { firstName: 'Cora' })
      const name = `Phrases ${viewport} ${theme}`
      await withPage(suite, { viewport, theme }, async (page, opened) => {
        await signInContext(opened.context, suite.site, account)
        await page.goto('/search?q=how%20are%20you')
        await hydrated(page)
        const result = page.locator('[data-results] article.result').first()
        const resultId = Number(await result.getAttribute('data-chunk-id'))
        // a result: no collections yet, make one in the dialog
        await result.getByRole('button', { name: MESSAGES.addToCollection }).click()
        await dialog(page).waitFor({ timeout: 15_000 })
        await expect.poll(() => dialog(page).textContent()).toContain(MESSAGES.addToCollectionNoCollections)
        expect(await dialog(page).textContent()).toContain('how are you')
        await expectNoSeriousA11yViolations(page)
        // a blank name is refused in the dialog
        await dialog(page).getByRole('button', { name: MESSAGES.addToCollectionCreate }).click()
        await expect.poll(() => dialog(page).textContent()).toContain(MESSAGES.collectionNameRequired)
        await dialog(page).getByLabel(MESSAGES.addToCollectionNewLabel).fill(name)
        await dialog(page).getByRole('button', { name: MESSAGES.addToCollectionCreate }).click()
        await expect
          .poll(() => dialog(page).getByRole('status').textContent(), { timeout: 15_000 })
          .toBe(MESSAGES.addedToCollection.replace('{name}', name))
        await expectNoSeriousA11yViolations(page)
        const made = (await myCollections(account)).find((c) => c.name === name)!
        let read = await membersOf(account, made.id)
        expect(read.members).toEqual({ '1': 'how are you' })
        expect(read.member_clips).toEqual({ '1': resultId })
        await dialog(page).getByRole('button', { name: 'Done' }).click()
        await expect.poll(() => dialog(page).count()).toBe(0)

        // the player: its 'Add to collection' button, for the clip shown after Next
        await result.locator('[data-open]').first().click()
        await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
        await page.waitForTimeout(600)
        await player(page).getByRole('button', { name: 'Next clip' }).click()
        await expect.poll(() => new URL(page.url()).searchParams.get('clip')).not.toBe(String(resultId))
        const nextId = Number(new URL(page.url()).searchParams.get('clip'))
        await player(page).getByRole('button', { name: MESSAGES.addToCollection }).click()
        // the same phrase: no second member, the member now remembers this clip
        await pick(page, name, MESSAGES.alreadyInCollection.replace('{name}', name))
        read = await membersOf(account, made.id)
        expect(read.members).toEqual({ '1': 'how are you' })
        expect(read.member_clips).toEqual({ '1': nextId })
        // Esc closes the dialog first, the player stays
        await page.keyboard.press('Escape')
        await expect.poll(() => dialog(page).count()).toBe(0)
        expect(await player(page).isVisible()).toBe(true)
        await page.keyboard.press('Escape')
        await expect.poll(() => player(page).count()).toBe(0)

        // a list card: the clip's transcript is the phrase
        const [content] = suite.site.content
        const cardClip = content!.chunkIds[2]!
        await apiAs(suite.site, account, 'POST', '/api/user-content/like', {
          content_metadata_id: content!.contentId,
          content_chunk_id: cardClip,
        })
        await page.goto('/liked')
        await hydrated(page)
        await page
          .getByRole('button', { name: new RegExp(`^${MESSAGES.addToCollection}`) })
          .first()
          .click()
        await pick(page, name, MESSAGES.addedToCollection.replace('{name}', name))
        read = await membersOf(account, made.id)
        expect(read.members).toEqual({ '1': 'how are you', '2': 'Break a leg tonight!' })
        expect(read.member_clips).toEqual({ '1': nextId, '2': cardClip })
        expect(read.members_count).toBe(2)
      })
    })
  }

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`signed out: signing in from the prompt goes on to the picker, and the clip goes in (${viewport})`, async () => {
      const account = await createAccount(suite.site, { firstName: 'Sina', lastName: 'Signs' })
      const name = `After sign-in ${viewport}`
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/search?q=how%20are%20you')
        await hydrated(page)
        const result = page.locator('[data-results] article.result').first()
        const resultId = Number(await result.getAttribute('data-chunk-id'))
        await result.getByRole('button', { name: MESSAGES.addToCollection }).click()
        const prompt = page.getByRole('alertdialog', { name: MESSAGES.signInRequired })
        await prompt.getByRole('button', { name: MESSAGES.signIn }).click()
        const signIn = page.locator('#pr-auth-dialog-host dialog')
        await signIn.getByLabel('Email', { exact: true }).fill(account.email)
        await signIn.getByRole('button', { name: 'Continue', exact: true }).click()
        await signIn.getByLabel('Password', { exact: true }).fill(account.password)
        await signIn.getByRole('button', { name: 'Sign In', exact: true }).click()
        await signIn.waitFor({ state: 'hidden' })
        // the picker follows at once, for the clip asked about
        await dialog(page).waitFor({ timeout: 15_000 })
        await expect.poll(() => dialog(page).textContent()).toContain('how are you')
        await dialog(page).getByLabel(MESSAGES.addToCollectionNewLabel).fill(name)
        await dialog(page).getByRole('button', { name: MESSAGES.addToCollectionCreate }).click()
        await expect
          .poll(() => dialog(page).getByRole('status').textContent(), { timeout: 15_000 })
          .toBe(MESSAGES.addedToCollection.replace('{name}', name))
        const made = (await myCollections(account)).find((c) => c.name === name)!
        const read = await membersOf(account, made.id)
        expect(read.members).toEqual({ '1': 'how are you' })
        expect(read.member_clips).toEqual({ '1': resultId })
      })
    })

    it(`signed out: the 'Sign in Required' prompt (${viewport})`, async () => {
      await withPage(suite, { viewport }, async (page) => {
        await page.goto('/search?q=how%20are%20you')
        await hydrated(page)
        await page
          .locator('[data-results] article.result')
          .first()
          .getByRole('button', { name: MESSAGES.addToCollection })
          .click()
        const prompt = page.getByRole('alertdialog', { name: MESSAGES.signInRequired })
        await prompt.waitFor({ timeout: 15_000 })
        expect(await prompt.textContent()).toContain(MESSAGES.addToCollectionSignIn)
        await expectNoSeriousA11yViolations(page)
        await prompt.getByRole('button', { name: 'Cancel' }).click()
        await expect.poll(() => prompt.count()).toBe(0)
        // the player's button too
        await page.locator('[data-results] [data-open]').first().click()
        await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
        await player(page).getByRole('button', { name: MESSAGES.addToCollection }).click()
        await prompt.waitFor({ timeout: 15_000 })
        // and /play's
        await page.goto(`/play/${suite.site.content[0]!.chunkIds[0]}`)
        await player(page).getByRole('button', { name: MESSAGES.addToCollection }).click()
        await prompt.waitFor({ timeout: 15_000 })
        await expectNoSeriousA11yViolations(page)
      })
    })

    it(`from a home card: the clip's transcript goes in (${viewport})`, async () => {
      const account = await createAccount(suite.site, { firstName: 'Hana' })
      const made = await apiAs<{ id: number }>(suite.site, account, 'POST', '/api/collections/', {
        name: `Home ${viewport}`,
      })
      await withPage(suite, { viewport }, async (page, opened) => {
        await signInContext(opened.context, suite.site, account)
        await page.goto('/')
        await hydrated(page)
        const card = page.locator('[data-feed] li').first()
        const id = Number(await card.getAttribute('data-id'))
        const transcript = ((await card.locator('.card__text').textContent()) ?? '').trim()
        await card.getByRole('button', { name: new RegExp(`^${MESSAGES.addToCollection}`) }).click()
        await dialog(page).waitFor({ timeout: 15_000 })
        await dialog(page)
          .getByRole('button', { name: new RegExp(`Home ${viewport}`) })
          .click()
        await expect
          .poll(() => dialog(page).getByRole('status').textContent(), { timeout: 15_000 })
          .toBe(MESSAGES.addedToCollection.replace('{name}', `Home ${viewport}`))
        const read = await membersOf(account, made.id)
        expect(read.members).toEqual({ '1': transcript })
        expect(read.member_clips).toEqual({ '1': id })
        // the card's button did not open the player
        expect(await player(page).count()).toBe(0)
      })
    })

    it(`Play all: each phrase with its remembered clip, else its first result, on to the next (${viewport})`, async () => {
      const owner = await createAccount(suite.site, { firstName: 'Paula' })
      const made = await apiAs<{ id: number }>(suite.site, owner, 'POST', '/api/collections/', {
        name: `Run ${viewport}`,
        public: true,
      })
      const search = await apiAs<{ id: number }[] | { items: { id: number }[] }>(
        suite.site,
        owner,
        'GET',
        '/api/search?q=how%20are%20you&limit=10&offset=0',
      )
      const results = Array.isArray(search) ? search : search.items
      expect(results.length).toBeGreaterThan(1)
      // remember a clip that is not the phrase's first result
      const remembered = results[results.length - 1]!.id
      await apiAs(suite.site, owner, 'POST', `/api/collections/${made.id}/members`, {
        '1': 'break a leg',
        '2': 'no clip says this zzyzx',
      })
      await apiAs(suite.site, owner, 'POST', `/api/collections/${made.id}/clips`, {
        chunk_id: remembered,
        phrase: 'how are you',
      })
      const breakALeg = await apiAs<{ id: number }[] | { items: { id: number }[] }>(
        suite.site,
        owner,
        'GET',
        '/api/search?q=break%20a%20leg&limit=1&offset=0',
      )
      const firstOfBreak = (Array.isArray(breakALeg) ? breakALeg : breakALeg.items)[0]!.id
      await withPage(suite, { viewport }, async (page) => {
        // anyone may play a public collection
        await page.goto(`/collections/${made.id}`)
        await hydrated(page)
        await page.getByRole('button', { name: MESSAGES.playAll }).click()
        await expect.poll(() => player(page).isVisible(), { timeout: 15_000 }).toBe(true)
        const first = await mediaPathOf(page, firstOfBreak)
        const second = await mediaPathOf(page, remembered)
        await expect.poll(() => shownMedia(page), { timeout: 15_000 }).toBe(first)
        // the phrase is highlighted as the query of that clip
        await expect
          .poll(() => player(page).locator('.pr-match').count(), { timeout: 10_000 })
          .toBeGreaterThan(0)
        await page.waitForTimeout(600)
        await player(page).getByRole('button', { name: 'Next clip' }).click()
        await expect.poll(() => shownMedia(page), { timeout: 15_000 }).toBe(second)
        // the phrase without any clip is left out: Next wraps to the first
        await page.waitForTimeout(600)
        await player(page).getByRole('button', { name: 'Next clip' }).click()
        await expect.poll(() => shownMedia(page), { timeout: 15_000 }).toBe(first)
        // a clip that ends moves on to the next phrase by itself
        await media(page).evaluate((m: HTMLMediaElement) => {
          m.muted = true
          m.currentTime = Math.max(0, (m.duration || 2) - 0.2)
          void m.play()
        })
        await expect.poll(() => shownMedia(page), { timeout: 20_000 }).toBe(second)
        // the last clip's end is the end of the run: it stays there, paused, and does not wrap to the first
        await media(page).evaluate((m: HTMLMediaElement) => {
          m.muted = true
          m.currentTime = Math.max(0, (m.duration || 2) - 0.2)
          void m.play()
        })
        await expect
          .poll(() => media(page).evaluate((m: HTMLMediaElement) => m.ended), { timeout: 20_000 })
          .toBe(true)
        await page.waitForTimeout(1000)
        expect(await shownMedia(page)).toBe(second)
        expect(await media(page).evaluate((m: HTMLMediaElement) => m.paused)).toBe(true)
      })
    })
  }
})
