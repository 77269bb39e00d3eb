/** What a key press asks the player to do. */
export type KeyAction =
  | 'fullscreen'
  | 'previous'
  | 'next'
  | 'toggle-play'
  | 'escape'
  | 'replay-phrase'
  | 'shortcuts'
  | 'listening'
  | 'reveal'

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

// input types that take no typed text: Escape leaves them to the player (issue 17)
const NON_TEXT_INPUTS = new Set([
  'range',
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'color',
  'file',
  'image',
])

/**
 * Whether `target` takes typed text (a text-like input, a textarea, an editable element), where Escape may mean
 * something to the field. A slider or a select is not: Escape there still closes the player.
 */
export function isTextEntryTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || typeof el.tagName !== 'string') return false
  const tag = el.tagName.toLowerCase()
  if (tag === 'input') return !NON_TEXT_INPUTS.has(((el as HTMLInputElement).type || 'text').toLowerCase())
  if (tag === 'select') return false
  return isTypingTarget(target)
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
  if (event.key === 'Escape' || event.key === 'Esc') return isTextEntryTarget(event.target) ? null : 'escape'
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
    case '?':
      return 'shortcuts'
    case 'l':
    case 'L':
      return 'listening'
    case 's':
    case 'S':
      return 'reveal'
    default:
      return null
  }
}

/** One line of the shortcuts list ('?'): the keys as shown, the key values they send, and what they do. */
export interface Shortcut {
  action: KeyAction
  /** The keys as the list shows them. */
  keys: string[]
  /** A `KeyboardEvent.key` value of each key (the unit test checks each one maps to `action`). */
  values: string[]
  /** What the key does, as the list says it. */
  description: string
  /** Only on desktop widths (spec §2.5: F is desktop only). */
  desktopOnly?: boolean
}

/** Every key binding of `keyAction`, in the order the shortcuts list shows them (issue 17). */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'toggle-play', keys: ['Space'], values: [' '], description: 'Play or pause' },
  { action: 'previous', keys: ['←'], values: ['ArrowLeft'], description: 'Previous clip' },
  { action: 'next', keys: ['→'], values: ['ArrowRight'], description: 'Next clip' },
  { action: 'replay-phrase', keys: ['R'], values: ['r', 'R'], description: 'Replay the phrase' },
  {
    action: 'fullscreen',
    keys: ['F'],
    values: ['f', 'F'],
    description: 'Enter or exit fullscreen',
    desktopOnly: true,
  },
  { action: 'listening', keys: ['L'], values: ['l', 'L'], description: 'Listening mode on or off' },
  { action: 'reveal', keys: ['S'], values: ['s', 'S'], description: 'Show the hidden line (listening mode)' },
  { action: 'shortcuts', keys: ['?'], values: ['?'], description: 'Show or hide this list' },
  {
    action: 'escape',
    keys: ['Esc'],
    values: ['Escape'],
    description: 'Close this list; exit fullscreen; close the player',
  },
]
