import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import { icon } from '../icons.ts'
import { formatTime } from '../segments.ts'
import type { PlayerContext } from './state.ts'

/**
 * The card an audio clip shows on stage (issue 17), and a video clip in listening mode (issue 18): art, title, a
 * big play button and the duration once the metadata is in. It fills the same stage box a video does, so moving
 * between audio and video clips does not resize the player.
 */
export interface AudioCard {
  readonly element: HTMLDivElement
  /** Show or hide the card for the clip and mode now, with its title, art and play state. */
  render(): void
  /** The clip's duration in seconds (0 while unknown). */
  showDuration(duration: number): void
}

/** What the card asks of the media. */
export interface AudioCardHooks {
  togglePlay(): void
  /** The clip plays in the video layout. */
  isVideo(): boolean
}

/** Create the audio card (hidden until `render` finds it is needed). */
export function createAudioCard(ctx: PlayerContext, hooks: AudioCardHooks): AudioCard {
  const { doc, store } = ctx
  const art = h('img', { className: 'pr-audio-art', alt: '' })
  const artIcon = h('span', { className: 'pr-audio-art pr-audio-icon', 'aria-hidden': 'true' })
  artIcon.append(icon(doc, 'audio'))
  const kind = h('p', { className: 'pr-audio-kind' }, MESSAGES.audioClip)
  const title = h('p', { className: 'pr-audio-title', 'data-testid': 'pr-audio-title' })
  const length = h('p', { className: 'pr-audio-duration', 'data-testid': 'pr-audio-duration', hidden: true })
  const play = h('button', { type: 'button', className: 'pr-audio-play', 'aria-label': 'Play clip' })
  play.addEventListener('click', () => hooks.togglePlay())
  const element = h(
    'div',
    { className: 'pr-audio-card', 'data-testid': 'pr-audio-card', hidden: true },
    art,
    artIcon,
    h('div', { className: 'pr-audio-text' }, kind, title, length),
    play,
  )
  let duration = -1

  function render(): void {
    const opts = ctx.options()
    const { listening, playing } = store.get()
    const video = hooks.isVideo()
    element.hidden = video && !listening
    kind.textContent = video ? MESSAGES.pictureHidden : MESSAGES.audioClip
    const name = opts.contentMetadata?.name?.trim() || MESSAGES.untitledContent
    const part = opts.contentMetadata?.content_part?.trim()
    title.textContent = part ? `${name} · ${part}` : name
    const thumbnail = opts.thumbnailUrl
    if (thumbnail && art.getAttribute('src') !== thumbnail) art.src = thumbnail
    art.hidden = !thumbnail
    artIcon.hidden = !!thumbnail
    if (play.dataset.state !== String(playing)) {
      play.dataset.state = String(playing)
      play.replaceChildren(icon(doc, playing ? 'pause' : 'play'))
    }
    play.setAttribute('aria-label', playing ? 'Pause clip' : 'Play clip')
  }

  return {
    element,
    render,
    showDuration(next) {
      if (next === duration) return
      duration = next
      length.hidden = !(next > 0)
      length.textContent = next > 0 ? `Duration ${formatTime(next)}` : ''
    },
  }
}
