import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import { SHORTCUTS } from '../keyboard.ts'
import type { PlayerContext } from './state.ts'

/** The '?' button of the control bar and the list of every key binding it opens (issue 17). */
export interface ShortcutsView {
  /** The control bar's '?' button. */
  readonly button: HTMLButtonElement
  /** The list, placed inside the player's dialog so focus stays within it. */
  readonly panel: HTMLDivElement
  isOpen(): boolean
  /** Open the list (focus moves into it) or close it (focus returns to where it was). */
  toggle(): void
  /** Close the list; `returnFocus` false when the player itself is closing. */
  close(returnFocus?: boolean): void
}

/** Create the '?' button and the shortcuts list. */
export function createShortcutsView(ctx: PlayerContext): ShortcutsView {
  const { doc, store } = ctx
  const panelId = `${ctx.idPrefix}-shortcuts`
  const titleId = `${panelId}-title`
  let returnTo: HTMLElement | null = null
  const button = h(
    'button',
    {
      type: 'button',
      className: 'pr-icon-button pr-shortcuts-toggle',
      'aria-label': 'Keyboard shortcuts (?)',
      'aria-haspopup': 'dialog',
      'aria-expanded': 'false',
      'aria-controls': panelId,
    },
    h('span', { 'aria-hidden': 'true' }, '?'),
  )
  const list = h('dl', { className: 'pr-shortcut-list' })
  const closeButton = h('button', { type: 'button', className: 'pr-text-button' }, 'Close')
  const panel = h(
    'div',
    {
      id: panelId,
      className: 'pr-shortcuts',
      role: 'dialog',
      'aria-labelledby': titleId,
      'data-testid': 'pr-shortcuts',
      tabindex: '-1',
      hidden: true,
    },
    h('h2', { id: titleId, className: 'pr-shortcuts-title' }, MESSAGES.shortcutsTitle),
    list,
    closeButton,
  )

  function renderList(): void {
    const desktop = !store.get().mobile
    list.replaceChildren(
      ...SHORTCUTS.filter((s) => desktop || !s.desktopOnly).map((s) =>
        h(
          'div',
          { className: 'pr-shortcut' },
          h('dt', {}, ...s.keys.map((k) => h('kbd', {}, k))),
          h('dd', {}, s.description),
        ),
      ),
    )
  }

  const isOpen = (): boolean => !panel.hidden

  function open(): void {
    const active = doc.activeElement
    returnTo = active instanceof ctx.win.HTMLElement && active !== doc.body ? (active as HTMLElement) : button
    renderList()
    panel.hidden = false
    button.setAttribute('aria-expanded', 'true')
    panel.focus({ preventScroll: true })
  }

  function close(returnFocus = true): void {
    if (!isOpen()) return
    const hadFocus = panel.contains(doc.activeElement)
    panel.hidden = true
    button.setAttribute('aria-expanded', 'false')
    const target = returnTo?.isConnected && !returnTo.closest('[hidden]') ? returnTo : button
    returnTo = null
    if (returnFocus && (hadFocus || doc.activeElement === doc.body)) target.focus({ preventScroll: true })
  }

  button.addEventListener('click', () => (isOpen() ? close() : open()))
  closeButton.addEventListener('click', () => close())
  // Esc and '?' inside the list close it, before the player hears them (Esc would close the player)
  panel.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    if (event.key === 'Escape' || event.key === 'Esc' || event.key === '?') {
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  })
  store.on('mobile', () => {
    if (isOpen()) renderList()
  })

  return { button, panel, isOpen, toggle: () => (isOpen() ? close() : open()), close }
}
