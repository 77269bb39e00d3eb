/**
 * Main layout (spec §2.2), theme (§4), policy and sponsor pages (§2.11), 404 and the install prompt, at 1280 px
 * and 375 px, in both themes, with the keyboard.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, signInContext } from './account-fixtures.ts'
import { expectNoSeriousA11yViolations, learnerSuite, MATRIX, tabTo, withPage } from './learner-helpers.ts'

const suite = learnerSuite()

describe('top bar', () => {
  it('shows the logo, animated counters, links, the Sign In link and the side menu groups on desktop', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/sponsors')
      await expect
        .poll(() => page.locator('[data-counter-text="chunks"]').textContent(), { timeout: 5000 })
        .toBe('6')
      const words = await wordCount(page)
      expect(words).toBeGreaterThan(20)
      await expect.poll(() => page.locator('[data-counter-text="words"]').textContent()).toBe(String(words))
      await expect.poll(() => page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true)
      expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login')
      expect(await page.locator('.topbar').getByRole('link', { name: 'Sponsors' }).isVisible()).toBe(true)
      expect(await page.locator('.topbar').getByRole('link', { name: 'Copyright Owners' }).isVisible()).toBe(
        true,
      )
      const menu = page.locator('#side-menu')
      expect(await menu.isVisible()).toBe(true)
      const text = (await menu.textContent()) ?? ''
      for (const label of [
        'Home',
        'You',
        'History',
        'Saved Videos',
        'Liked Videos',
        'My Collections',
        'Explore',
        'Collections',
        'Trending',
        'Music',
        'Movies & TV',
        'Live',
        'Gaming',
      ])
        expect(text).toContain(label)
      expect(await menu.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/play-history')
      expect(await menu.getByRole('link', { name: 'Saved Videos' }).getAttribute('href')).toBe('/saved')
      expect(await menu.getByRole('link', { name: 'Liked Videos' }).getAttribute('href')).toBe('/liked')
      expect(await menu.getByRole('link', { name: 'My Collections' }).getAttribute('href')).toBe(
        '/my-collections',
      )
      expect(await menu.getByRole('link', { name: 'Collections', exact: true }).getAttribute('href')).toBe(
        '/collections',
      )
      // no target: a disabled link without href (issue 17)
      const trending = menu.getByRole('link', { name: 'Trending Soon', exact: true })
      expect(await trending.getAttribute('href')).toBeNull()
      expect(await trending.getAttribute('aria-disabled')).toBe('true')
      await page.getByRole('link', { name: 'PhraseReel home' }).click()
      await page.waitForURL((url) => url.pathname === '/')
    })
  })

  it('searches trimmed text, ignores blank text, on desktop and with the mobile bottom bar', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/sponsors')
      const box = page.locator('#top-search')
      await box.fill('   ')
      await box.press('Enter')
      await page.waitForTimeout(300)
      expect(new URL(page.url()).pathname).toBe('/sponsors')
      await box.fill('  how are you  ')
      await box.press('Enter')
      await page.waitForURL((url) => url.pathname === '/search')
      expect(new URL(page.url()).searchParams.get('q')).toBe('how are you')
    })

    await withPage(suite, { viewport: 'mobile' }, async (page) => {
      await page.goto('/sponsors')
      expect(await page.locator('#top-search').isVisible()).toBe(false)
      const bottom = page.getByPlaceholder('Search videos...')
      expect(await bottom.isVisible()).toBe(true)
      await bottom.fill(' break a leg ')
      await bottom.press('Enter')
      await page.waitForURL((url) => url.pathname === '/search')
      expect(new URL(page.url()).searchParams.get('q')).toBe('break a leg')
    })
  })

  it('on mobile: hamburger opens the side menu, dots menu holds the links, both close on widening', async () => {
    await withPage(suite, { viewport: 'mobile' }, async (page) => {
      await page.goto('/copyright-owners')
      expect(await page.locator('.counters').isVisible()).toBe(false)
      expect(await page.locator('#side-menu').isVisible()).toBe(false)
      const hamburger = page.getByRole('button', { name: 'Open menu' })
      await hamburger.click()
      await expect.poll(() => page.locator('#side-menu').isVisible()).toBe(true)
      expect(await page.locator('[data-menu-toggle]').getAttribute('aria-expanded')).toBe('true')
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('#side-menu').isVisible()).toBe(false)
      await page.getByRole('button', { name: 'More options' }).click()
      expect(await page.locator('#top-links').getByRole('link', { name: 'Sponsors' }).isVisible()).toBe(true)
      await page.locator('[data-menu-toggle]').click()
      await expect.poll(() => page.locator('#side-menu').isVisible()).toBe(true)
      await page.setViewportSize({ width: 1024, height: 800 })
      await expect.poll(() => page.evaluate(() => document.body.classList.contains('menu-open'))).toBe(false)
      await page.setViewportSize({ width: 375, height: 740 })
      await expect.poll(() => page.locator('#side-menu').isVisible()).toBe(false)
      // route change closes it too
      await page.locator('[data-menu-toggle]').click()
      await page.locator('#side-menu').getByRole('link', { name: 'Home' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      await expect.poll(() => page.locator('#side-menu').isVisible()).toBe(false)
    })
  })
})

/** The Phrases total as the API answers it. */
async function wordCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/content/words/count')
  return ((await response.json()) as { count: number }).count
}

/** Records every transition a counter reel starts: its duration, digit, and the state of the region then. */
async function recordReelTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const runs: Record<string, unknown>[] = []
    ;(window as unknown as { reelRuns: typeof runs }).reelRuns = runs
    document.addEventListener('transitionrun', (event) => {
      const reel = event.target as HTMLElement
      if (!reel.classList?.contains('odometer__reel')) return
      runs.push({
        duration: getComputedStyle(reel).transitionDuration,
        digit: reel.parentElement?.dataset.digit,
        busy: document.querySelector('[data-counters]')?.getAttribute('aria-busy'),
        text: reel.closest('.counter')?.querySelector('[data-counter-text]')?.textContent,
        value: reel.closest<HTMLElement>('[data-counter]')?.dataset.value,
      })
    })
  })
}

const reelRuns = (page: Page) =>
  page.evaluate(() => (window as unknown as { reelRuns: Record<string, unknown>[] }).reelRuns)

/** The digit each reel of a counter shows in its window (from the layout, not from attributes). */
function shownDigits(page: Page, kind: string): Promise<string> {
  return page.locator(`[data-counter="${kind}"] .odometer__digit`).evaluateAll((boxes) =>
    boxes
      .map((box) => {
        const reel = box.querySelector('.odometer__reel')
        if (!reel) return box.textContent
        const offset = box.getBoundingClientRect().top - reel.getBoundingClientRect().top
        return String(Math.round(offset / box.getBoundingClientRect().height))
      })
      .join(''),
  )
}

describe('counters', () => {
  it('roll every digit like an odometer in 500 ms; screen readers get the final number only', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await recordReelTransitions(page)
      await page.goto('/sponsors')
      const words = String(await wordCount(page))
      await expect.poll(() => page.locator('[data-counter-text="words"]').textContent()).toBe(words)
      // rolling: each non-zero digit's reel ran a 500 ms transition while the region was busy, and the
      // accessible text was already the final number
      const expectedRuns = `6${words}`.replace(/0/g, '').length
      await expect.poll(async () => (await reelRuns(page)).length).toBe(expectedRuns)
      for (const run of await reelRuns(page)) {
        expect(run.duration).toBe('0.5s')
        expect(run.busy).toBe('true')
        expect(run.text).toBe(run.value)
        expect(['6', words]).toContain(run.value)
      }
      await expect.poll(() => page.locator('[data-counters]').getAttribute('aria-busy')).toBe(null)
      await expect.poll(() => shownDigits(page, 'words')).toBe(words)
      expect(await shownDigits(page, 'chunks')).toBe('6')
      expect(await page.locator('[data-counters]').getAttribute('aria-live')).toBe('off')
      // the reels are hidden from assistive technology: the tree reads "6 Videos", "N Phrases"
      const tree = await page.locator('[data-counters]').ariaSnapshot()
      expect(tree).toContain('6 Videos')
      expect(tree).toContain(`${words} Phrases`)
      expect(tree).not.toContain('0123456789')
      // number and word apart, on screen and in the text (Astro drops the markup's line breaks)
      expect(
        await page
          .locator('.counter')
          .evaluateAll((counters) => counters.map((c) => c.lastChild?.textContent)),
      ).toEqual([' Videos', ' Phrases'])
    })
  })

  it('places the digits without rolling when reduced motion is preferred', async () => {
    await withPage(suite, { viewport: 'desktop', theme: 'light' }, async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await recordReelTransitions(page)
      await page.goto('/copyright-owners')
      const words = String(await wordCount(page))
      await expect.poll(() => shownDigits(page, 'words')).toBe(words)
      expect(await shownDigits(page, 'chunks')).toBe('6')
      expect(await page.locator('[data-counter-text="chunks"]').textContent()).toBe('6')
      expect(await page.locator('[data-counters]').getAttribute('aria-busy')).toBe(null)
      await page.waitForTimeout(600)
      expect(await reelRuns(page)).toEqual([])
    })
  })

  it('are not shown, nor fetched, on mobile', async () => {
    await withPage(suite, { viewport: 'mobile' }, async (page) => {
      const asked: string[] = []
      page.on('request', (request) => {
        if (/\/api\/content\/(chunks|words)\/count/.test(request.url())) asked.push(request.url())
      })
      await page.goto('/sponsors')
      await page.waitForLoadState('networkidle')
      expect(await page.locator('[data-counters]').isVisible()).toBe(false)
      expect(asked).toEqual([])
    })
  })
})

describe('account corner', () => {
  it('shows the account menu instead of Sign In for a signed-in visitor', async () => {
    const account = await createAccount(suite.site, { firstName: 'Ada' })
    await withPage(suite, { viewport: 'desktop' }, async (page, opened) => {
      await signInContext(opened.context, suite.site, account)
      await page.goto('/sponsors')
      const corner = page.locator('[data-account-slot]')
      await expect.poll(() => corner.getByRole('button').count(), { timeout: 10_000 }).toBeGreaterThan(0)
      expect(await corner.getByRole('link', { name: 'Sign In' }).count()).toBe(0)
    })
  })
})

describe('theme', () => {
  it('defaults to dark, toggles, persists under "theme" and applies before first paint', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/sponsors')
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0f0f12')
      await page.getByRole('button', { name: 'Switch to light theme' }).click()
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false)
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#ffffff')
      // no flash: the class is already right when the first stylesheet-dependent element is parsed
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { seen: boolean }).seen =
              document.documentElement.classList.contains('dark')
        })
        new MutationObserver(() => {
          const w = window as unknown as { firstBody?: boolean }
          if (document.body && w.firstBody === undefined)
            w.firstBody = document.documentElement.classList.contains('dark')
        }).observe(document, { childList: true, subtree: true })
      })
      await page.reload()
      expect(await page.evaluate(() => (window as unknown as { firstBody?: boolean }).firstBody)).toBe(false)
      await page.getByRole('button', { name: 'Switch to dark theme' }).click()
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    })
  })
})

describe('pages', () => {
  for (const { viewport, theme } of MATRIX) {
    it(`fair-use policy, sponsors and 404 render (${viewport}, ${theme})`, async () => {
      await withPage(suite, { viewport, theme }, async (page, opened) => {
        await page.goto('/copyright-owners')
        const policy = await page.locator('main').textContent()
        for (const text of [
          'Fair Use Policy',
          'June 29, 2025',
          'Educational purpose',
          'Nature of the clips',
          'Monetization',
          'voluntary contributions',
          'User content usage',
          'API access',
          'no public or private API',
          'Fair use statement',
          'Content removal requests',
          '24 hours',
          'Contact',
        ])
          expect(policy).toContain(text)
        expect(await page.locator('main a[href^="mailto:"]').count()).toBeGreaterThan(0)
        await page.goto('/sponsors')
        const cards = page.locator('.sponsor-card')
        expect(await cards.count()).toBe(2)
        for (const card of await cards.all()) expect(await card.getAttribute('target')).toBe('_blank')
        const social = page.locator('.hashtag__links a')
        expect(await social.allInnerTexts()).toEqual(
          expect.arrayContaining([
            expect.stringContaining('Twitter'),
            expect.stringContaining('Instagram'),
            expect.stringContaining('Facebook'),
            expect.stringContaining('LinkedIn'),
          ]),
        )
        const before = opened.errors.length
        const missing = await page.goto('/no-such-page')
        expect(missing?.status()).toBe(404)
        // chromium reports the document's own 404 status as a console error: that one is expected here
        const extra = opened.errors.splice(before)
        expect(extra.filter((e) => !e.includes('status of 404'))).toEqual([])
        expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true)
      })
    })
  }
})

describe('error view', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`a page that fails on the server shows 'Unexpected Application Error!' with a 500, no details (${theme})`, async () => {
      const account = await createAccount(suite.site)
      // the document's own 500 is logged by chromium as a failed resource: expected here
      await withPage(suite, { viewport: 'desktop', theme, expectStatus: [500] }, async (page, opened) => {
        await signInContext(opened.context, suite.site, account)
        expect((await page.goto('/collections'))?.status()).toBe(200)
        // the database loses the sessions table: the page's session lookup for the signed-in visitor throws
        await suite.site.ctx.db.query('alter table sessions rename to sessions_offline')
        try {
          const response = await page.goto('/collections')
          expect(response?.status()).toBe(500)
          expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
            'Unexpected Application Error!',
          )
          expect(await page.title()).toContain('Unexpected Application Error!')
          const home = page.getByRole('link', { name: 'Go Back Home' })
          expect(await home.getAttribute('href')).toBe('/')
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
            theme === 'dark',
          )
          // nothing of the failure reaches the visitor
          const html = await response!.text()
          expect(html).not.toMatch(/sessions|relation|stack|at .*\.(ts|js|mjs):\d+/i)
          await expectNoSeriousA11yViolations(page)
          expect(await tabTo(page, 'a[href="/"]', 5)).toBe(true)
        } finally {
          await suite.site.ctx.db.query('alter table sessions_offline rename to sessions')
        }
        // the database is back: so is the page
        expect((await page.goto('/collections'))?.status()).toBe(200)
        expect(await page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(0)
      })
    })
  }
})

describe('error view for the main layout', () => {
  it('a signed-in visitor on /sponsors or home gets the 500 page, not an empty response, when the session lookup fails', async () => {
    const account = await createAccount(suite.site)
    await withPage(suite, { viewport: 'desktop', expectStatus: [500] }, async (page, opened) => {
      await signInContext(opened.context, suite.site, account)
      expect((await page.goto('/sponsors'))?.status()).toBe(200)
      // the main layout's own session lookup fails (it now runs in the middleware, before any output)
      await suite.site.ctx.db.query('alter table sessions rename to sessions_offline')
      try {
        for (const path of ['/sponsors', '/']) {
          const response = await page.goto(path)
          expect(response?.status()).toBe(500)
          expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
            'Unexpected Application Error!',
          )
          expect(await page.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/')
          const html = await response!.text()
          expect(html).not.toMatch(/sessions|relation|stack|at .*\.(ts|js|mjs):\d+/i)
        }
        await expectNoSeriousA11yViolations(page)
      } finally {
        await suite.site.ctx.db.query('alter table sessions_offline rename to sessions')
      }
      expect((await page.goto('/sponsors'))?.status()).toBe(200)
      expect(await page.getByRole('heading', { name: 'Unexpected Application Error!' }).count()).toBe(0)
      // still signed in: the account corner shows the avatar, not the Sign In link
      expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0)
    })
  })
})

describe('styles of the account corner', () => {
  it('main-layout pages link no stylesheet; signed in, the account menu comes styled without shifting the page', async () => {
    const account = await createAccount(suite.site)
    await withPage(suite, { viewport: 'desktop' }, async (page, opened) => {
      for (const path of ['/', '/sponsors', '/search?q=mean']) {
        await page.goto(path)
        // no render-blocking sheet: the global one is inlined, auth.css comes with the components (decision 077)
        expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0)
      }
      await signInContext(opened.context, suite.site, account)
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number }
        w.__shift = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) w.__shift += entry.value
        }).observe({ type: 'layout-shift', buffered: true })
      })
      await page.goto('/sponsors')
      const button = page.locator('.pr-account-btn')
      await button.waitFor({ timeout: 15_000 })
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0)
      expect(await page.locator('style#phrasereel-auth-styles').count()).toBe(1)
      // styled from its first render: the avatar has its size, the menu opens as a floating panel
      expect(await button.locator('.pr-avatar').evaluate((el) => getComputedStyle(el).width)).toBe('32px')
      await button.click()
      const menu = page.getByRole('menu')
      await menu.waitFor()
      expect(await menu.evaluate((el) => getComputedStyle(el).position)).toBe('absolute')
      await page.keyboard.press('Escape')
      await page.waitForTimeout(300)
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift)
      expect(shift).toBeLessThanOrEqual(0.05)
    })
  })
})

describe('keyboard', () => {
  it('reaches the skip link, search, links and theme toggle with Tab, with a visible focus ring', async () => {
    await withPage(suite, { viewport: 'desktop' }, async (page) => {
      await page.goto('/sponsors')
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
      expect(await tabTo(page, '#top-search')).toBe(true)
      const outline = await page.evaluate(
        () => getComputedStyle((document.activeElement as Element).closest('form') as Element).outlineStyle,
      )
      expect(outline === 'none').toBe(false)
      await page.keyboard.type('make up')
      await page.keyboard.press('Enter')
      await page.waitForURL((url) => url.pathname === '/search')
      expect(await tabTo(page, '[data-theme-toggle]')).toBe(true)
      await page.keyboard.press('Enter')
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    })
  })
})

describe('install prompt', () => {
  it('appears when the browser offers installation, dismissal lasts for the session, hides after install', async () => {
    await withPage(suite, { viewport: 'mobile' }, async (page) => {
      const manifest = await page.request.get('/manifest.webmanifest')
      expect(manifest.ok()).toBe(true)
      const body = (await manifest.json()) as { icons: { sizes: string }[]; display: string }
      expect(body.display).toBe('standalone')
      expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
      expect((await page.request.get('/sw.js')).ok()).toBe(true)
      await page.goto('/sponsors')
      const prompt = page.locator('[data-install-prompt]')
      expect(await prompt.isVisible()).toBe(false)
      const offer = () =>
        page.evaluate(() => {
          const event = new Event('beforeinstallprompt', { cancelable: true }) as Event &
            Record<string, unknown>
          event.prompt = async () => undefined
          event.userChoice = Promise.resolve({ outcome: 'dismissed' })
          window.dispatchEvent(event)
        })
      await offer()
      await expect.poll(() => prompt.isVisible()).toBe(true)
      await page.getByRole('button', { name: 'Dismiss install prompt' }).click()
      expect(await prompt.isVisible()).toBe(false)
      await page.reload()
      await offer()
      await page.waitForTimeout(200)
      expect(await prompt.isVisible()).toBe(false)
      // a new session sees it again; installing hides it
      await page.evaluate(() => sessionStorage.clear())
      await page.reload()
      await offer()
      await expect.poll(() => prompt.isVisible()).toBe(true)
      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
      expect(await prompt.isVisible()).toBe(false)
    })
  })
})
