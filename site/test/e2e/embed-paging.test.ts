/**
 * Issue 16, `/embed?q=`: the embed plays through all results of its phrase, not only the first page it was served
 * with: Next past result 20 (EMBED_PAGE_SIZE) fetches the next page and puts result 21 on stage, in the API's order.
 */
import { describe, expect, it } from 'vitest'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { EMBED_PAGE_SIZE } from '../../src/components/embed/embed-params.ts'
import { learnerSuite, manyClips, player, seedMore, withPage } from './learner-helpers.ts'

const PHRASE = 'walk along the river'
const CLIPS = EMBED_PAGE_SIZE + 3

const suite = learnerSuite(async (s) => {
  await seedMore(s, [manyClips('River Walks', 'Nature', CLIPS, PHRASE)])
})

describe('/embed?q= paging', () => {
  it(`goes past the first ${EMBED_PAGE_SIZE} results to the next page, in the API's order`, async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto(`/embed?q=${encodeURIComponent(PHRASE)}`)
      const order = await page.evaluate(
        async ({ q, size }) => {
          const urls: string[] = []
          for (const offset of [0, size]) {
            const response = await fetch(
              `/api/search?q=${encodeURIComponent(q)}&limit=${size}&offset=${offset}`,
            )
            const body = (await response.json()) as
              | { play_s3_url: string }[]
              | { items: { play_s3_url: string }[] }
            urls.push(...(Array.isArray(body) ? body : body.items).map((item) => item.play_s3_url))
          }
          return urls
        },
        { q: PHRASE, size: EMBED_PAGE_SIZE },
      )
      expect(order).toHaveLength(CLIPS)
      const media = player(page).locator('[data-testid="pr-media"]')
      const shown = async () => new URL((await media.getAttribute('src')) ?? '', page.url()).pathname
      const path = (url: string) => new URL(url, page.url()).pathname
      await expect.poll(shown, { timeout: 15_000 }).toBe(path(order[0]!))
      for (let i = 1; i <= EMBED_PAGE_SIZE + 1; i++) {
        await player(page).getByRole('button', { name: 'Next clip' }).click()
        await expect.poll(shown, { timeout: 10_000 }).toBe(path(order[i]!))
        // a move locks navigation for a moment (spec §4): the next click waits it out
        await page.waitForTimeout(LIMITS.navigationLockMs + 50)
      }
    })
  })
})
