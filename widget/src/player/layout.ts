import { LIMITS } from '@phrasereel/api/shared/limits'
import { h, setShown } from '../dom.ts'
import type { PlayerContext } from './state.ts'

/** The parts of the player the layout shows, hides and arranges. */
export interface LayoutParts {
  root: HTMLElement
  info: HTMLElement
  panel: HTMLElement
}

/** Desktop or mobile, fullscreen, the translations panel and the mobile Info/Translations tabs. */
export interface Layout {
  /** The mobile tab list (Info, Translations). */
  readonly tabs: HTMLElement
  /** Arrange the player for the store's mobile, fullscreen, panel and translations. */
  render(): void
  /** Enter or leave fullscreen (not on mobile). */
  setFullscreen(on: boolean): void
  /** Back to the Info tab with the panel closed (spec §4: closing resets the translation UI). */
  reset(): void
  /** Stop listening to the window and leave fullscreen. */
  destroy(): void
}

/** Mobile follows the window width, not the container, so the site and the player agree (decision 050). */
export function isMobileWidth(doc: Document): boolean {
  return (doc.defaultView?.innerWidth ?? 1024) < LIMITS.mobileBreakpointPx
}

/** Create the layout and start following the window's width and the document's fullscreen state. */
export function createLayout(ctx: PlayerContext, parts: LayoutParts): Layout {
  const { doc, win, store, idPrefix } = ctx
  const { root, info, panel } = parts
  let mobileTab: 'info' | 'translations' = 'info'
  const infoTab = h(
    'button',
    { type: 'button', role: 'tab', className: 'pr-tab', 'aria-controls': `${idPrefix}-info` },
    'Info',
  )
  const translationsTab = h(
    'button',
    { type: 'button', role: 'tab', className: 'pr-tab', 'aria-controls': `${idPrefix}-panel` },
    'Translations',
  )
  const tabs = h(
    'div',
    { className: 'pr-mobile-tabs', role: 'tablist', 'aria-label': 'Clip details' },
    infoTab,
    translationsTab,
  )

  const hasTranslations = (): boolean => {
    const { translations } = store.get()
    return !!translations && translations.length > 0
  }

  function render(): void {
    const { mobile, fullscreen, panelOpen, translations } = store.get()
    root.classList.toggle('pr-mobile', mobile)
    root.classList.toggle('pr-desktop', !mobile)
    root.classList.toggle('pr-is-fullscreen', fullscreen)
    if (!hasTranslations()) mobileTab = 'info'
    // spec §2.5: mobile tabs Info and Translations, shown only when translations exist
    setShown(tabs, mobile && hasTranslations())
    infoTab.setAttribute('aria-selected', String(mobileTab === 'info'))
    translationsTab.setAttribute('aria-selected', String(mobileTab === 'translations'))
    if (mobile) {
      setShown(info, mobileTab === 'info')
      setShown(panel, mobileTab === 'translations' && hasTranslations())
    } else {
      setShown(info, true)
      setShown(panel, panelOpen && translations !== null)
    }
    root.classList.toggle('pr-panel-open', !panel.hidden && !mobile)
  }

  function showTab(tab: 'info' | 'translations'): void {
    mobileTab = tab
    render()
  }

  function setFullscreen(on: boolean): void {
    if (on && store.get().mobile) return
    store.set({ fullscreen: on })
    if (on) {
      const request = root.requestFullscreen?.bind(root)
      request?.().catch(() => {
        // no native fullscreen (iframe without allowfullscreen): the CSS class fills the viewport instead
      })
    } else if (doc.fullscreenElement === root) {
      doc.exitFullscreen?.().catch(() => {})
    }
  }

  function onFullscreenChange(): void {
    // the browser left fullscreen by itself (its own Esc, another element took over)
    if (store.get().fullscreen && doc.fullscreenElement !== root) store.set({ fullscreen: false })
  }

  function onResize(): void {
    const mobile = isMobileWidth(doc)
    if (mobile === store.get().mobile) return
    store.set({ mobile })
    if (mobile && store.get().fullscreen) setFullscreen(false)
  }

  infoTab.addEventListener('click', () => showTab('info'))
  translationsTab.addEventListener('click', () => showTab('translations'))
  win.addEventListener('resize', onResize)
  doc.addEventListener('fullscreenchange', onFullscreenChange)

  return {
    tabs,
    render,
    setFullscreen,
    reset() {
      mobileTab = 'info'
      store.set({ panelOpen: false })
      render()
    },
    destroy() {
      win.removeEventListener('resize', onResize)
      doc.removeEventListener('fullscreenchange', onFullscreenChange)
      if (doc.fullscreenElement === root) doc.exitFullscreen?.().catch(() => {})
    },
  }
}
