/**
 * How like and save buttons look, without any state or framework, so the server-rendered search results, the
 * React buttons and the framework-free ones share it: labels, and the icon that is filled while the clip is
 * liked or saved (with `aria-pressed="true"`; docs/decisions/088).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'

export type MarkKind = 'like' | 'save'

export const MARK_KINDS: readonly MarkKind[] = ['like', 'save']

/** What differs between the two buttons: the labels (signed in, on and off; signed out), the words and the icon. */
export const MARKS: Record<
  MarkKind,
  { on: string; off: string; signedOut: string; word: string; wordOn: string; icon: string }
> = {
  like: {
    on: 'Unlike this video',
    off: 'Like this video',
    signedOut: MESSAGES.signInToLike,
    word: 'Like',
    wordOn: 'Liked',
    icon: 'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z',
  },
  save: {
    on: 'Remove from saved videos',
    off: 'Save this video',
    signedOut: MESSAGES.signInToSave,
    word: 'Save',
    wordOn: 'Saved',
    icon: 'M6 3h12v18l-6-4.5L6 21z',
  },
}

/** The label of an icon-only mark button in a given state (its accessible name and tooltip). */
export function markLabel(kind: MarkKind, signedIn: boolean, on: boolean): string {
  const mark = MARKS[kind]
  return signedIn ? (on ? mark.on : mark.off) : mark.signedOut
}

/** The icon as markup: outlined when off, filled when on (`data-filled` says which, for styles and tests). */
export function markIconHtml(kind: MarkKind, on: boolean, size = 18): string {
  return `<svg class="mark-icon" aria-hidden="true" viewBox="0 0 24 24" width="${size}" height="${size}" fill="${on ? 'currentColor' : 'none'}" stroke="currentColor" stroke-width="2" data-filled="${on}"><path d="${MARKS[kind].icon}"/></svg>`
}
