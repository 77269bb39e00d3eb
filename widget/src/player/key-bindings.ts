import { type KeyAction, keyAction } from '../keyboard.ts'
import type { PlayerContext } from './state.ts'

/** What each key action does; returning false leaves the key to the page (no preventDefault). */
export type KeyHandlers = Record<KeyAction, () => unknown>

/**
 * Listen for the player's keys (spec §2.5) on `target`, and keep Tab inside `dialog` when the player is a
 * modal. Returns the function that stops listening.
 */
export function bindKeys(
  ctx: PlayerContext,
  target: EventTarget,
  dialog: HTMLElement,
  handlers: KeyHandlers,
): () => void {
  const { doc } = ctx

  function onKeyDown(event: KeyboardEvent): void {
    const opts = ctx.options()
    if (!opts.isOpen || event.defaultPrevented) return
    if (opts.variant === 'modal' && event.key === 'Tab') {
      trapFocus(event)
      return
    }
    const action = keyAction(event, { desktop: !ctx.store.get().mobile })
    if (!action || handlers[action]() === false) return
    event.preventDefault()
  }

  function trapFocus(event: KeyboardEvent): void {
    const focusable = [
      ...dialog.querySelectorAll<HTMLElement>('button, a[href], input, select, [tabindex="0"]'),
    ].filter((el) => !el.closest('[hidden]') && !(el as HTMLButtonElement).disabled)
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && (doc.activeElement === first || doc.activeElement === dialog)) {
      last.focus()
      event.preventDefault()
    } else if (!event.shiftKey && doc.activeElement === last) {
      first.focus()
      event.preventDefault()
    }
  }

  target.addEventListener('keydown', onKeyDown as EventListener)
  return () => target.removeEventListener('keydown', onKeyDown as EventListener)
}
