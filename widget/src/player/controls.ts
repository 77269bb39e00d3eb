import { h, setShown } from '../dom.ts'
import { type IconName, icon } from '../icons.ts'
import { formatTime } from '../segments.ts'
import type { Direction, PhraseTimes } from '../types.ts'
import { PLAYBACK_RATES } from './options.ts'
import type { PlayerContext } from './state.ts'

/** What the control bar's buttons ask the rest of the player to do. */
export interface ControlActions {
  togglePlay(): void
  navigate(direction: Direction): void
  replayPhrase(): void
  toggleLoop(): void
  setRate(rate: number): void
  toggleFullscreen(): void
  /** Seek to a fraction (0…1) of the clip. */
  seekFraction(fraction: number): void
}

/** The control bar: seek slider and clock, previous/play/next, phrase, loop, speed, translations, fullscreen. */
export interface Controls {
  readonly element: HTMLDivElement
  /** Bring every button up to date with the store and the options. */
  render(): void
  /** Follow the playing position: slider and clock. */
  showTime(time: number, duration: number): void
}

/** Create the control bar; `phrase` tells whether there is a phrase to replay. */
export function createControls(
  ctx: PlayerContext,
  phrase: () => PhraseTimes | null,
  actions: ControlActions,
): Controls {
  const { doc, store } = ctx
  const progress = h('input', {
    type: 'range',
    className: 'pr-progress',
    min: '0',
    max: '1000',
    step: '1',
    value: '0',
    'aria-label': 'Seek',
    'aria-valuetext': '0:00 / 0:00',
  })
  const timeEl = h('span', { className: 'pr-time', 'aria-hidden': 'true' }, '0:00 / 0:00')
  const iconButton = (label: string, name: IconName, extra = ''): HTMLButtonElement =>
    h('button', { type: 'button', className: `pr-icon-button${extra}`, 'aria-label': label }, icon(doc, name))
  const prevButton = iconButton('Previous clip', 'previous')
  const playButton = iconButton('Play', 'play', ' pr-play')
  const nextButton = iconButton('Next clip', 'next')
  const replayButton = h(
    'button',
    { type: 'button', className: 'pr-text-button', 'aria-label': 'Replay phrase (R)' },
    '↺ Phrase',
  )
  const loopButton = h(
    'button',
    { type: 'button', className: 'pr-text-button', 'aria-label': 'Loop phrase', 'aria-pressed': 'false' },
    '⟲ Loop',
  )
  const speedSelect = h('select', { className: 'pr-speed', 'aria-label': 'Playback speed' })
  for (const r of PLAYBACK_RATES) speedSelect.append(h('option', { value: String(r) }, `${r}x`))
  const translationsButton = h(
    'button',
    {
      type: 'button',
      className: 'pr-text-button pr-translations-toggle',
      'aria-label': 'Show translations',
      'aria-pressed': 'false',
    },
    'Translations',
  )
  const fullscreenButton = iconButton('Enter fullscreen', 'fullscreen')
  const element = h(
    'div',
    { className: 'pr-controls' },
    h('div', { className: 'pr-progress-row' }, progress, timeEl),
    h(
      'div',
      { className: 'pr-buttons' },
      prevButton,
      playButton,
      nextButton,
      replayButton,
      loopButton,
      speedSelect,
      h('span', { className: 'pr-spacer' }),
      translationsButton,
      fullscreenButton,
    ),
  )

  playButton.addEventListener('click', () => actions.togglePlay())
  prevButton.addEventListener('click', () => actions.navigate('previous'))
  nextButton.addEventListener('click', () => actions.navigate('next'))
  replayButton.addEventListener('click', () => actions.replayPhrase())
  loopButton.addEventListener('click', () => actions.toggleLoop())
  speedSelect.addEventListener('change', () => actions.setRate(Number(speedSelect.value)))
  fullscreenButton.addEventListener('click', () => actions.toggleFullscreen())
  translationsButton.addEventListener('click', () => store.set({ panelOpen: !store.get().panelOpen }))
  progress.addEventListener('input', () => actions.seekFraction(Number(progress.value) / 1000))

  function render(): void {
    const { playing, loopPhrase, rate, mobile, translations, panelOpen, fullscreen } = store.get()
    const opts = ctx.options()
    if (playButton.dataset.state !== String(playing)) {
      playButton.dataset.state = String(playing)
      playButton.replaceChildren(icon(doc, playing ? 'pause' : 'play'))
    }
    playButton.setAttribute('aria-label', playing ? 'Pause' : 'Play')
    const canNavigate =
      !!(opts.onPrevious || opts.onNext) || (opts.chunkId != null && opts.contentMetadata?.id != null)
    prevButton.disabled = !canNavigate || (!!opts.onNext && !opts.onPrevious)
    nextButton.disabled = !canNavigate || (!!opts.onPrevious && !opts.onNext)
    setShown(replayButton, !!phrase())
    loopButton.setAttribute('aria-pressed', String(loopPhrase))
    speedSelect.value = String(rate)
    setShown(translationsButton, !mobile && translations !== null)
    translationsButton.setAttribute('aria-pressed', String(panelOpen))
    translationsButton.setAttribute('aria-label', panelOpen ? 'Hide translations' : 'Show translations')
    setShown(fullscreenButton, !mobile)
    fullscreenButton.setAttribute('aria-label', fullscreen ? 'Exit fullscreen' : 'Enter fullscreen')
    if (fullscreenButton.dataset.state !== String(fullscreen)) {
      fullscreenButton.dataset.state = String(fullscreen)
      fullscreenButton.replaceChildren(icon(doc, fullscreen ? 'exitFullscreen' : 'fullscreen'))
    }
    fullscreenButton.setAttribute('aria-pressed', String(fullscreen))
  }

  return {
    element,
    render,
    showTime(time, duration) {
      const position = duration > 0 ? String(Math.round((time / duration) * 1000)) : '0'
      if (progress.value !== position) progress.value = position
      const text = `${formatTime(time)} / ${formatTime(duration)}`
      // once a second is enough for the clock; the animation frame loop must not rewrite it 60 times a second
      if (timeEl.textContent !== text) {
        progress.setAttribute('aria-valuetext', text)
        timeEl.textContent = text
      }
    },
  }
}
