import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h, setShown } from '../dom.ts'
import { icon } from '../icons.ts'
import type { PlayerContext } from './state.ts'

/** The parts the frame puts together, each made by its own module. */
export interface FrameParts {
  /** Stage contents in order: cover, media, placeholder. */
  stage: HTMLElement[]
  subtitles: HTMLElement
  controls: HTMLElement
  info: HTMLElement
  panel: HTMLElement
  tabs: HTMLElement
  preloads: HTMLElement
}

/** The player's outer DOM: root (the modal's backdrop), the dialog, the stage, overlay and close button. */
export interface PlayerFrame {
  readonly root: HTMLDivElement
  /** The labelled region (a dialog for the modal) that holds everything. */
  readonly dialog: HTMLDivElement
  /** Put the parts in place and append the player to `container`. */
  mount(container: HTMLElement, parts: FrameParts): void
  /** Show or hide the 'Loading chunk...' overlay. */
  showOverlay(shown: boolean): void
  /** Show the player, remembering where focus was; the modal takes focus. */
  show(): void
  hide(): void
  /** Give focus back to where it was before the modal opened. */
  restoreFocus(): void
}

/** Create the frame for the variant of the options; the close button and backdrop ask the host to close. */
export function createFrame(ctx: PlayerContext): PlayerFrame {
  const { doc, win } = ctx
  const { variant } = ctx.options()
  let returnFocus: HTMLElement | null = null
  const root = h('div', { className: 'pr-player', 'data-testid': 'phrasereel-player' })
  const dialog = h('div', {
    className: 'pr-frame',
    role: variant === 'modal' ? 'dialog' : 'region',
    'aria-modal': variant === 'modal' ? 'true' : null,
    'aria-label': 'Clip player',
    tabindex: '-1',
  })
  const overlay = h(
    'div',
    { className: 'pr-overlay', role: 'status', 'data-testid': 'pr-loading' },
    h('span', { className: 'pr-spinner', 'aria-hidden': 'true' }),
    MESSAGES.loadingChunk,
  )
  const closeButton = h(
    'button',
    { type: 'button', className: 'pr-close', 'aria-label': 'Close player' },
    icon(doc, 'close'),
  )
  closeButton.addEventListener('click', () => ctx.options().onClose?.())
  root.addEventListener('click', (event) => {
    // a click on the modal backdrop (outside the frame) closes it
    if (ctx.options().variant === 'modal' && event.target === root) ctx.options().onClose?.()
  })

  return {
    root,
    dialog,
    mount(container, parts) {
      const stage = h('div', { className: 'pr-stage' }, ...parts.stage, overlay)
      if (variant === 'modal') stage.append(closeButton)
      const main = h('div', { className: 'pr-main' }, stage, parts.subtitles, parts.controls, parts.info)
      dialog.append(main, parts.panel, parts.tabs, parts.preloads)
      root.append(dialog)
      if (variant === 'modal') root.classList.add('pr-modal')
      if (variant === 'page') root.classList.add('pr-page')
      container.append(root)
    },
    showOverlay: (shown) => setShown(overlay, shown),
    show() {
      const active = doc.activeElement
      returnFocus = active instanceof win.HTMLElement ? (active as HTMLElement) : null
      root.hidden = false
      if (ctx.options().variant === 'modal') dialog.focus({ preventScroll: true })
    },
    hide() {
      root.hidden = true
    },
    restoreFocus() {
      if (ctx.options().variant === 'modal' && returnFocus?.isConnected) returnFocus.focus()
    },
  }
}
