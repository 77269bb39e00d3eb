/**
 * Like and save buttons without a framework, for the /play page's player (spec §4 Like/save, §6): the same markup,
 * labels and behaviour as `LikeSaveButtons.tsx`, which React islands (the video modal, the lists) render. /play
 * thus never loads React for two buttons (docs/decisions/079). Signed out, a click opens the sign-in dialog
 * (tooltips 'Sign in to like this video' / 'Sign in to save this video') and the status is refetched after
 * sign-in; signed in, POST when off and DELETE when on, flipping only on an OK answer; each button rests 300 ms
 * after a click.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { effect } from '@preact/signals-core'
import { authStatus, sessionEpoch } from '../../stores/session.ts'
import { openSignInDialog } from '../auth/auth-dialog.ts'
import { contentStatus, loadContentStatus, toggleMark } from './content-status.ts'
import '../auth/auth-styles.ts'

export type MarkKind = 'like' | 'save'

export const MARK_KINDS: readonly MarkKind[] = ['like', 'save']

/** What differs between the two buttons: the labels (signed in, on and off; signed out) and the icon. */
export const MARKS: Record<MarkKind, { on: string; off: string; signedOut: string; icon: string }> = {
  like: {
    on: 'Unlike this video',
    off: 'Like this video',
    signedOut: MESSAGES.signInToLike,
    icon: 'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z',
  },
  save: {
    on: 'Remove from saved videos',
    off: 'Save this video',
    signedOut: MESSAGES.signInToSave,
    icon: 'M6 3h12v18l-6-4.5L6 21z',
  },
}

/** The label of a mark button in a given state (its accessible name and tooltip). */
export function markLabel(kind: MarkKind, signedIn: boolean, on: boolean): string {
  const mark = MARKS[kind]
  return signedIn ? (on ? mark.on : mark.off) : mark.signedOut
}

/** The clip the buttons act on: likes and saves are per content item, recorded with the clip shown. */
export interface MarkTarget {
  contentMetadataId: number
  chunkId?: number
}

export interface MarkButtons {
  /** Acts on another clip (the player's previous/next). */
  update(target: MarkTarget): void
  dispose(): void
}

const SVG = 'http://www.w3.org/2000/svg'

/** Renders the like and save buttons into `host` and keeps them in step with the session and the shared status. */
export function mountMarkButtons(host: HTMLElement, initial: MarkTarget, className?: string): MarkButtons {
  const doc = host.ownerDocument
  let target = initial
  const box = doc.createElement('div')
  box.className = `pr-marks${className ? ` ${className}` : ''}`
  const buttons = MARK_KINDS.map((kind) => {
    const button = doc.createElement('button')
    button.type = 'button'
    button.className = `pr-mark-btn pr-mark-${kind}`
    button.dataset.mark = kind
    const svg = doc.createElementNS(SVG, 'svg')
    for (const [name, value] of Object.entries({
      'aria-hidden': 'true',
      viewBox: '0 0 24 24',
      width: '18',
      height: '18',
      stroke: 'currentColor',
      'stroke-width': '2',
    })) {
      svg.setAttribute(name, value)
    }
    const path = doc.createElementNS(SVG, 'path')
    path.setAttribute('d', MARKS[kind].icon)
    svg.append(path)
    button.append(svg)
    box.append(button)
    return { kind, button, svg, resting: false, busy: false }
  })
  host.append(box)

  const signedIn = () => authStatus.value === 'authenticated'
  const paint = () => {
    const status = contentStatus(target.contentMetadataId).value
    for (const entry of buttons) {
      const on = Boolean(entry.kind === 'like' ? status?.is_liked : status?.is_saved)
      const label = markLabel(entry.kind, signedIn(), on)
      entry.button.setAttribute('aria-label', label)
      entry.button.title = label
      if (signedIn()) entry.button.setAttribute('aria-pressed', String(on))
      else entry.button.removeAttribute('aria-pressed')
      entry.button.disabled = entry.resting || entry.busy
      entry.svg.setAttribute('fill', on ? 'currentColor' : 'none')
    }
  }

  // repaint on any change of the session or of the item's status, wherever it came from (a card, the modal); a
  // sign-in (epoch) fetches the status again. The effects follow one content item: another one re-creates them.
  const watch = (contentMetadataId: number) => [
    effect(() => {
      void sessionEpoch.value
      if (authStatus.value === 'authenticated') void loadContentStatus(contentMetadataId)
    }),
    effect(() => {
      void contentStatus(contentMetadataId).value
      paint()
    }),
  ]
  let stops = watch(target.contentMetadataId)

  for (const entry of buttons) {
    entry.button.addEventListener('click', async (event) => {
      event.stopPropagation()
      event.preventDefault()
      if (entry.resting || entry.busy) return
      entry.resting = true
      paint()
      setTimeout(() => {
        entry.resting = false
        paint()
      }, LIMITS.buttonDebounceMs)
      const { contentMetadataId, chunkId } = target
      if (!signedIn()) {
        openSignInDialog(() => void loadContentStatus(contentMetadataId))
        return
      }
      entry.busy = true
      paint()
      try {
        await toggleMark(entry.kind, contentMetadataId, chunkId)
      } finally {
        entry.busy = false
        paint()
      }
    })
  }

  return {
    update(next) {
      const sameItem = next.contentMetadataId === target.contentMetadataId
      target = next
      if (sameItem) return
      for (const stop of stops) stop()
      stops = watch(next.contentMetadataId)
    },
    dispose() {
      for (const stop of stops) stop()
      stops = []
      box.remove()
    },
  }
}
