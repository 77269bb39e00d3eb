/**
 * Like and save buttons without a framework, for the /play page's player (spec §4 Like/save, §6): the same markup,
 * labels and behaviour as `LikeSaveButtons.tsx`, which React islands (the video modal, the lists) render. /play
 * thus never loads React for two buttons (docs/decisions/079). Signed out, a click opens the sign-in dialog
 * (tooltips 'Sign in to like this video' / 'Sign in to save this video') and the status is refetched after
 * sign-in; signed in, POST when off and DELETE when on, flipping only on an OK answer; each button rests 300 ms
 * after a click.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { effect } from '@preact/signals-core'
import { authStatus, sessionEpoch } from '../../stores/session.ts'
import { openSignInDialog } from '../auth/auth-dialog.ts'
import { type ClipRef, contentStatus, loadContentStatus, toggleMark } from './content-status.ts'
import { MARK_KINDS, MARKS, markLabel } from './mark-look.ts'
import '../auth/auth-styles.ts'

export { MARK_KINDS, MARKS, type MarkKind, markLabel } from './mark-look.ts'

/** The clip the buttons act on: likes and saves are per clip (docs/decisions/088). */
export type MarkTarget = ClipRef

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
    const status = contentStatus(target).value
    for (const entry of buttons) {
      const on = Boolean(entry.kind === 'like' ? status?.is_liked : status?.is_saved)
      const label = markLabel(entry.kind, signedIn(), on)
      entry.button.setAttribute('aria-label', label)
      entry.button.title = label
      if (signedIn()) entry.button.setAttribute('aria-pressed', String(on))
      else entry.button.removeAttribute('aria-pressed')
      entry.button.disabled = entry.resting || entry.busy
      entry.svg.setAttribute('fill', on ? 'currentColor' : 'none')
      entry.svg.dataset.filled = String(on)
    }
  }

  // repaint on any change of the session or of the clip's status, wherever it came from (a card, the modal); a
  // sign-in (epoch) fetches the status again. The effects follow one clip: another one re-creates them.
  const watch = (clip: ClipRef) => [
    effect(() => {
      void sessionEpoch.value
      if (authStatus.value === 'authenticated') void loadContentStatus(clip)
    }),
    effect(() => {
      void contentStatus(clip).value
      paint()
    }),
  ]
  let stops = watch(target)

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
      const clip = target
      if (!signedIn()) {
        openSignInDialog(() => void loadContentStatus(clip))
        return
      }
      entry.busy = true
      paint()
      try {
        await toggleMark(entry.kind, clip)
      } finally {
        entry.busy = false
        paint()
      }
    })
  }

  return {
    update(next) {
      const sameClip = next.contentMetadataId === target.contentMetadataId && next.chunkId === target.chunkId
      target = next
      if (sameClip) return
      for (const stop of stops) stop()
      stops = watch(next)
    },
    dispose() {
      for (const stop of stops) stop()
      stops = []
      box.remove()
    },
  }
}
