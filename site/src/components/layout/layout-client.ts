/**
 * Behaviour of the main layout without a framework (it is on every page, so it stays tiny): side and dots menus,
 * search submit rules, theme toggle, the animated counters, the install prompt and the service worker.
 */
import { effect } from '@preact/signals-core'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { fetchCount } from '../../lib/api.ts'
import { formatCount } from '../../lib/format.ts'
import { wireSearchForms } from './search-forms.ts'
import { sessionUser } from '../../stores/session.ts'
import { theme, toggleTheme } from '../../stores/theme.ts'

const INSTALL_DISMISSED_KEY = 'installPromptDismissed'
const desktop = window.matchMedia(`(min-width: ${LIMITS.mobileBreakpointPx}px)`)

function $(selector: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(selector)
}

// ---- side menu and dots menu (mobile) ----
const menuToggle = $('[data-menu-toggle]')
const dotsToggle = $('[data-dots-toggle]')
const backdrop = $('[data-menu-backdrop]')

function setMenuOpen(open: boolean, focusBack = false): void {
  document.body.classList.toggle('menu-open', open)
  menuToggle?.setAttribute('aria-expanded', String(open))
  menuToggle?.setAttribute('aria-label', open ? 'Close menu' : 'Open menu')
  if (backdrop) backdrop.hidden = !open
  if (open) $('[data-side-menu] a')?.focus()
  else if (focusBack) menuToggle?.focus()
}

function setDotsOpen(open: boolean, focusBack = false): void {
  document.body.classList.toggle('dots-open', open)
  dotsToggle?.setAttribute('aria-expanded', String(open))
  if (open) $('#top-links a')?.focus()
  else if (focusBack) dotsToggle?.focus()
}

menuToggle?.addEventListener('click', () => {
  setDotsOpen(false)
  setMenuOpen(!document.body.classList.contains('menu-open'))
})
dotsToggle?.addEventListener('click', () => {
  setMenuOpen(false)
  setDotsOpen(!document.body.classList.contains('dots-open'))
})
backdrop?.addEventListener('click', () => setMenuOpen(false))
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return
  if (document.body.classList.contains('menu-open')) setMenuOpen(false, true)
  if (document.body.classList.contains('dots-open')) setDotsOpen(false, true)
})
document.addEventListener('click', (event) => {
  const target = event.target as Element | null
  if (!document.body.classList.contains('dots-open') || !target) return
  if (!target.closest('#top-links') && !target.closest('[data-dots-toggle]')) setDotsOpen(false)
})
// spec §2.2: the menu closes on widening and on route change
desktop.addEventListener('change', () => {
  setMenuOpen(false)
  setDotsOpen(false)
})
function closeMenus(): void {
  setMenuOpen(false)
  setDotsOpen(false)
}
window.addEventListener('popstate', closeMenus)
window.addEventListener('pageshow', closeMenus)
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[href]')
  if (link && (link.closest('[data-side-menu]') || link.closest('#top-links'))) closeMenus()
})

// ---- account corner: the account menu (React) only once someone is signed in, here or in a sign-in dialog ----
const accountSlot = $('[data-account-slot]')
let accountMounted = false
effect(() => {
  const user = sessionUser.value
  if (!user || accountMounted || !accountSlot) return
  accountMounted = true
  import('./mount-account.tsx')
    .then(({ mountAccount }) => mountAccount(accountSlot, user))
    .catch((error: unknown) => console.warn('[account] the account menu failed to load:', error))
})

// ---- search: trim, ignore blank (spec §2.2, §5), type-ahead ----
wireSearchForms(closeMenus)

// ---- theme toggle ----
const themeToggle = $('[data-theme-toggle]')
function renderThemeToggle(): void {
  const next = theme.value === 'dark' ? 'light' : 'dark'
  themeToggle?.setAttribute('aria-label', `Switch to ${next} theme`)
}
themeToggle?.addEventListener('click', () => {
  toggleTheme()
  renderThemeToggle()
})
renderThemeToggle()

// ---- counters: a digit odometer over 500 ms (spec §2.2, §9; desktop only) ----
/** Counters still rolling: the region stays `aria-busy` until the last one has settled. */
let rolling = 0

/**
 * Rolls the odometer in `node` to `target`: one reel of 0-9 per digit, each scrolled to its digit by a CSS
 * transition (separators stay still). The accessible text is the final number, written once before the roll, and
 * the region is marked busy while the reels move; with reduced motion the reels are placed without a transition.
 */
function rollCounter(node: HTMLElement, text: HTMLElement | null, target: number): void {
  const value = formatCount(target)
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  const region = node.closest<HTMLElement>('[data-counters]')
  if (text) text.textContent = value
  node.dataset.value = value
  const reels: { reel: HTMLElement; digit: number }[] = []
  node.replaceChildren(
    ...[...value].map((char) => {
      const box = document.createElement('span')
      box.className = 'odometer__digit'
      if (!/\d/.test(char)) {
        box.textContent = char
        return box
      }
      const reel = document.createElement('span')
      reel.className = 'odometer__reel'
      for (let d = 0; d <= 9; d++) {
        const face = document.createElement('span')
        face.textContent = String(d)
        reel.append(face)
      }
      box.dataset.digit = char
      box.append(reel)
      reels.push({ reel, digit: Number(char) })
      return box
    }),
  )
  const place = () => {
    for (const { reel, digit } of reels) if (digit > 0) reel.style.transform = `translateY(-${digit * 10}%)`
  }
  if (reduced) {
    place()
    return
  }
  node.style.setProperty('--odometer-ms', `${LIMITS.counterAnimationMs}ms`)
  rolling++
  region?.setAttribute('aria-busy', 'true')
  // start every reel at 0, then roll: the first frame must be painted at 0 for the transition to run
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      place()
      setTimeout(() => {
        rolling--
        if (rolling === 0) region?.removeAttribute('aria-busy')
      }, LIMITS.counterAnimationMs)
    }),
  )
}

let countersLoaded = false
function loadCounters(): void {
  if (countersLoaded || !desktop.matches) return
  countersLoaded = true
  for (const kind of ['chunks', 'words'] as const) {
    const node = $(`[data-counter="${kind}"]`)
    if (!node) continue
    fetchCount(kind)
      .then((count) => rollCounter(node, $(`[data-counter-text="${kind}"]`), count))
      // spec §8: count failures are only logged
      .catch((error: unknown) => console.warn(`[counters] ${kind} count failed:`, error))
  }
}
loadCounters()
desktop.addEventListener('change', loadCounters)

// ---- install prompt (spec §4) ----
interface InstallEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}
const installPrompt = $('[data-install-prompt]')
let deferredInstall: InstallEvent | null = null

function installDismissed(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_DISMISSED_KEY) === 'true'
  } catch {
    return false
  }
}
function hideInstall(): void {
  if (installPrompt) installPrompt.hidden = true
}
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault()
  deferredInstall = event as InstallEvent
  if (installPrompt && !installDismissed()) installPrompt.hidden = false
})
$('[data-install-accept]')?.addEventListener('click', async () => {
  const pending = deferredInstall
  deferredInstall = null
  hideInstall()
  if (!pending) return
  await pending.prompt()
  const choice = await pending.userChoice
  if (choice.outcome === 'dismissed') {
    try {
      sessionStorage.setItem(INSTALL_DISMISSED_KEY, 'true')
    } catch {
      // without storage the prompt may come back on the next page; nothing else to do
    }
  }
})
$('[data-install-dismiss]')?.addEventListener('click', () => {
  try {
    sessionStorage.setItem(INSTALL_DISMISSED_KEY, 'true')
  } catch {
    // as above
  }
  hideInstall()
})
window.addEventListener('appinstalled', () => {
  deferredInstall = null
  hideInstall()
})

// ---- service worker (makes the site installable; see public/sw.js) ----
if ('serviceWorker' in navigator && window.isSecureContext) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('[sw] registration failed:', error))
  })
}
