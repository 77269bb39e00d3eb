import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage, startTestSite, type TestSite } from './harness.ts'

let site: TestSite
let browser: Browser

beforeAll(async () => {
  site = await startTestSite()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await site?.close()
})

it('serves the site and the API from one origin, and media with ranges', async () => {
  const opened = await openPage(browser, site)
  const response = await opened.page.goto('/')
  expect(response?.status()).toBe(200)
  const count = await opened.page.evaluate(async () => (await fetch('/api/content/chunks/count')).json())
  expect(count).toEqual({ count: 6 })
  const { contentId } = site.content[0]!
  const range = await opened.page.evaluate(async (id) => {
    const r = await fetch(`/media/${id}/1.mp4`, { headers: { range: 'bytes=0-99' } })
    return {
      status: r.status,
      length: (await r.arrayBuffer()).byteLength,
      type: r.headers.get('content-type'),
    }
  }, contentId)
  expect(range).toEqual({ status: 206, length: 100, type: 'video/mp4' })
  opened.assertNoConsoleErrors()
  await opened.close()
})
