import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import { phraseStartTime } from '../segments.ts'
import type { PhraseTimes } from '../types.ts'
import type { PlayerContext } from './state.ts'

/** What the media control asks of the rest of the player. */
export interface MediaHooks {
  /** The playing position moved (timeupdate, seeked, a seek): redraw what follows time. */
  onTime(): void
  /** Where the phrase to start at is said, if anywhere. */
  phrase(): PhraseTimes | null
  /** The clip ended: true when something else handled it (the run-through's repeat or stop). */
  ended?(): boolean
}

/** The media element on stage, its poster, cover and placeholder, and playback. */
export interface MediaControl {
  /** The audio cover image (stage order: cover, media, placeholder). */
  readonly cover: HTMLImageElement
  /** 'Video Preview' until there is a thumbnail or a first frame. */
  readonly placeholder: HTMLDivElement
  /** The element on stage now. */
  element(): HTMLMediaElement
  /** The clip plays in the video layout (`chunkType` 'video'). */
  isVideo(): boolean
  /** A new, unattached media element of the player's kind. */
  create(video: boolean): HTMLMediaElement
  /** Put `next` in place of the element on stage (a preloaded clip, or a change between video and audio). */
  swap(next: HTMLMediaElement): void
  /** Point the element at the clip of the current options; `resume` starts it when the player is open. */
  load(resume: boolean): void
  /** Poster, audio cover and the 'Video Preview' placeholder for the current thumbnail. */
  renderPoster(): void
  play(): void
  togglePlay(): void
  seek(time: number): void
  /** Seek to a fraction (0…1) of the clip, once its duration is known. */
  seekFraction(fraction: number): void
  /** The clip's duration in seconds, 0 while unknown. */
  duration(): number
  setRate(rate: number): void
  /** Subtitles arrived: start at the phrase found in them unless the learner has already moved. */
  startAtPhraseIfUnmoved(): void
  /** Detach and stop the element. */
  destroy(): void
}

/** Create the media control with a first element for the current options. */
export function createMediaControl(ctx: PlayerContext, hooks: MediaHooks): MediaControl {
  const { doc, store } = ctx
  const cover = h('img', { className: 'pr-cover', alt: '' })
  const placeholder = h(
    'div',
    { className: 'pr-placeholder', 'data-testid': 'pr-placeholder' },
    MESSAGES.videoPreview,
  )
  let pendingPhraseStart = true

  const isVideo = (): boolean => (ctx.options().chunkType || 'video') === 'video'
  const isVideoElement = (el: HTMLMediaElement): boolean => el.tagName === 'VIDEO'

  function create(video: boolean): HTMLMediaElement {
    const el = doc.createElement(video ? 'video' : 'audio')
    el.className = 'pr-media'
    el.preload = 'auto'
    el.setAttribute('playsinline', '')
    el.dataset.testid = 'pr-media'
    return el
  }

  const events: [string, EventListener][] = [
    ['play', () => store.set({ playing: true, playback: 'playing' })],
    // at a clip's end the pause comes before `ended`: the state is decided there
    ['pause', () => store.set(media.ended ? { playing: false } : { playing: false, playback: 'paused' })],
    ['playing', () => store.set({ playback: 'playing' })],
    ['waiting', () => store.set({ playback: 'buffering' })],
    ['error', () => onError()],
    ['timeupdate', () => hooks.onTime()],
    ['seeked', () => hooks.onTime()],
    ['loadedmetadata', () => onMetadata()],
    ['loadeddata', () => onFirstFrame()],
    ['ended', () => onEnded()],
    // a click on the picture plays or pauses, on every element the player swaps in
    ['click', () => togglePlay()],
  ]

  function bind(el: HTMLMediaElement): void {
    for (const [type, fn] of events) el.addEventListener(type, fn)
    applyRate(el, store.get().rate)
    if (ctx.options().muted) el.muted = true
    el.className = 'pr-media'
    el.dataset.testid = 'pr-media'
    const thumbnail = ctx.options().thumbnailUrl
    if (isVideoElement(el) && thumbnail) el.setAttribute('poster', thumbnail)
  }

  function unbind(el: HTMLMediaElement): void {
    for (const [type, fn] of events) el.removeEventListener(type, fn)
  }

  /**
   * Loading a new source resets `playbackRate` to `defaultPlaybackRate` (the HTML load algorithm), so both carry
   * the chosen speed: Next, Previous and ←/→ keep playing at what the speed selector shows.
   */
  function applyRate(el: HTMLMediaElement, rate: number): void {
    el.defaultPlaybackRate = rate
    el.playbackRate = rate
  }

  let media = create(isVideo())
  bind(media)

  function swap(next: HTMLMediaElement): void {
    unbind(media)
    media.pause()
    media.replaceWith(next)
    media.removeAttribute('src')
    media = next
    media.hidden = false
    bind(media)
  }

  function renderPoster(): void {
    const thumbnail = ctx.options().thumbnailUrl
    const wantVideo = isVideo()
    if (isVideoElement(media)) {
      if (thumbnail) media.setAttribute('poster', thumbnail)
      else media.removeAttribute('poster')
    }
    cover.hidden = wantVideo || !thumbnail
    if (thumbnail) cover.src = thumbnail
    // a video that already shows its first frame needs no placeholder, whatever the thumbnail
    placeholder.hidden = !!thumbnail || (wantVideo && media.readyState >= 2)
  }

  function load(resume: boolean): void {
    pendingPhraseStart = true
    const wantVideo = isVideo()
    if (isVideoElement(media) !== wantVideo) swap(create(wantVideo))
    const url = ctx.options().videoUrl ?? ''
    if (media.getAttribute('src') !== url) {
      if (url) media.src = url
      else media.removeAttribute('src')
    } else if (media.readyState >= 1) {
      onMetadata()
      if (media.readyState >= 2) onFirstFrame()
    }
    renderPoster()
    if (resume && ctx.options().isOpen) play()
  }

  function play(): void {
    const result = media.play() as Promise<void> | undefined
    // autoplay may be refused (no user gesture yet): the play button stays 'Play'
    result?.catch?.(() => store.set({ playing: false }))
  }

  function togglePlay(): void {
    if (media.paused) play()
    else media.pause()
  }

  function seek(time: number): void {
    try {
      media.currentTime = Math.max(0, time)
    } catch {
      // not seekable yet (no metadata); the phrase start is applied on loadedmetadata instead
    }
    hooks.onTime()
  }

  const duration = (): number => (Number.isFinite(media.duration) ? media.duration : 0)

  function onMetadata(): void {
    const match = hooks.phrase()
    if (pendingPhraseStart && match) {
      pendingPhraseStart = false
      seek(phraseStartTime(match))
    }
    hooks.onTime()
  }

  function onFirstFrame(): void {
    if (isVideo()) placeholder.hidden = true
  }

  function onEnded(): void {
    const onVideoEnd = ctx.options().onVideoEnd
    if (hooks.ended?.()) {
      // played again, or stopped there on purpose (run-through)
    } else if (onVideoEnd) {
      onVideoEnd()
    } else {
      // spec §4: without an end handler the clip loops
      seek(0)
      play()
    }
    // hosts hear 'ended' only when nothing went on (the handler replayed, loaded another clip, or the clip looped)
    if (media.ended) store.set({ playback: 'ended' })
  }

  function onError(): void {
    const error = media.error
    // a src removed on purpose (swap, destroy) is not an error of the clip
    if (!error || !media.getAttribute('src')) return
    ctx.events.emit('error', { code: 'media', message: error.message || `media error ${error.code}` })
  }

  return {
    cover,
    placeholder,
    element: () => media,
    isVideo,
    create,
    swap,
    load,
    renderPoster,
    play,
    togglePlay,
    seek,
    seekFraction(fraction) {
      const total = duration()
      if (total > 0) seek(fraction * total)
    },
    duration,
    setRate(rate) {
      store.set({ rate })
      applyRate(media, rate)
    },
    startAtPhraseIfUnmoved() {
      if (!pendingPhraseStart || media.readyState < 1 || ctx.options().match) return
      const match = hooks.phrase()
      // only jump when the learner has not moved yet
      if (match && (media.currentTime || 0) < 1) {
        pendingPhraseStart = false
        seek(phraseStartTime(match))
      }
    },
    destroy() {
      unbind(media)
      media.pause()
      media.removeAttribute('src')
    },
  }
}
