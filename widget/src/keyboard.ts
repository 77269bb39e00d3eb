/** What a key press asks the player to do. */
export type KeyAction = 'fullscreen' | 'previous' | 'next' | 'toggle-play' | 'escape' | 'replay-phrase'

/** Whether the user is typing in `target` (input, textarea, select or an editable element), spec §2.5. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || typeof el.tagName !== 'string') return false
  const tag = el.tagName.toLowerCase()
  if (tag === 'textarea' || tag === 'select') return true
  // every input counts, a range too: its own arrow keys then seek instead of changing the clip
  if (tag === 'input') return true
  if (el.isContentEditable) return true
  const editable = el.getAttribute?.('contenteditable')
  return editable !== null && editable !== undefined && editable !== 'false'
}

/** Whether `target` is a control that acts on Space itself (a button or link), so Space must not play/pause. */
function activatesOnSpace(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || typeof el.tagName !== 'string') return false
  const tag = el.tagName.toLowerCase()
  return tag === 'button' || tag === 'a' || tag === 'summary' || el.getAttribute?.('role') === 'button'
}

/** Map a key press to a player action (spec §2.5 keyboard), or null when the player must ignore it. */
export function keyAction(
  event: Pick<KeyboardEvent, 'key' | 'target' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  options: { desktop: boolean },
): KeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  if (isTypingTarget(event.target)) return null
  switch (event.key) {
    case 'f':
    case 'F':
      return options.desktop ? 'fullscreen' : null
    case 'ArrowLeft':
      return 'previous'
    case 'ArrowRight':
      return 'next'
    case ' ':
    case 'Spacebar':
      return activatesOnSpace(event.target) ? null : 'toggle-play'
    case 'Escape':
    case 'Esc':
      return 'escape'
    case 'r':
    case 'R':
      return 'replay-phrase'
    default:
      return null
  }
}
