import { h } from './dom.ts'
import { phraseStartTime } from './segments.ts'
import type { UserPreferences } from '@phrasereel/api/shared/wire'
import type { ChunkLink, PlayerHandle, PlayerOptions } from './types.ts'
import { createChunkNavigation } from './player/chunk-navigation.ts'
import { createClock } from './player/clock.ts'
import { createContextView } from './player/context-view.ts'
import { createCollectionButton } from './player/collection-button.ts'
import { createEmitter, type PlayerEventMap } from './player/events.ts'
import { createControls } from './player/controls.ts'
import { createFrame } from './player/frame.ts'
import { createInfoView } from './player/info-view.ts'
import { bindKeys } from './player/key-bindings.ts'
import { createLayout, isMobileWidth } from './player/layout.ts'
import { createMediaControl } from './player/media.ts'
import { createOptions, initialRate, PLAYBACK_RATES } from './player/options.ts'
import { createPhraseControl } from './player/phrase.ts'
import { browserLanguages, readRemembered, remember } from './player/remembered.ts'
import { createRunThrough } from './player/run-through.ts'
import { createClipSources } from './player/sources.ts'
import { createStore, type PlayerContext, type PlayerState } from './player/state.ts'
import { createSubtitleView } from './player/subtitle-view.ts'
import { createTranslationsView } from './player/translations-view.ts'
import { createAudioCard } from './player/audio-card.ts'
import { createListeningMode } from './player/listening.ts'
import { createShortcutsView } from './player/shortcuts-view.ts'

export { PLAYBACK_RATES }

/**
 * Mount the player in `container` and return its handle (spec §2.5, §2.6, §4 Video modal). The player renders
 * its own DOM, styled by `styles.css`; `update` takes any subset of the options.
 *
 * This is the composition root: each part lives in `./player/` and does one job; the parts share the store
 * (`player/state.ts`), and the reactions of one part to another are wired here, in one place.
 */
export function createPlayer(container: HTMLElement, initial: Partial<PlayerOptions> = {}): PlayerHandle {
  const options = createOptions(initial)
  const opts = options.current
  const doc = container.ownerDocument
  const win = doc.defaultView ?? window
  let destroyed = false
  // settings the learner set once (issue 17): the host's own `playbackRate` or `language` still wins
  const remembered = (): UserPreferences => (opts().remember ? readRemembered(win) : {})
  const rememberSetting = (patch: UserPreferences): void => {
    if (!opts().remember) return
    opts().onPreferencesChange?.(remember(win, patch))
  }
  const store = createStore<PlayerState>({
    playing: false,
    playback: 'paused',
    rate: initialRate(initial.playbackRate ?? remembered().playback_rate ?? opts().playbackRate),
    loopPhrase: false,
    segments: null,
    words: [],
    translations: null,
    mobile: isMobileWidth(doc),
    fullscreen: false,
    panelOpen: opts().panelOpen,
    listening: remembered().listening_mode === true,
  })
  const events = createEmitter<PlayerEventMap>()
  const ctx: PlayerContext = {
    doc,
    win,
    store,
    events,
    idPrefix: `pr-${Math.random().toString(36).slice(2, 9)}`,
    options: opts,
    isDestroyed: () => destroyed,
    fetcher: () => opts().fetch ?? win.fetch.bind(win),
  }

  // ---- the parts ---------------------------------------------------------------------------------------------
  const media = createMediaControl(ctx, {
    onTime: () => tick(),
    phrase: () => phrase.match(),
    ended: () => runThrough.ended(),
  })
  const phrase = createPhraseControl(ctx, media)
  const clock = createClock(ctx, () => tick())
  const subtitles = createSubtitleView(ctx, media.seek)
  const translations = createTranslationsView(ctx, {
    seek: media.seek,
    refresh: () => tick(),
    remembered,
    browserLanguages: () => browserLanguages(win),
    remember: rememberSetting,
    languageChanged: () => context.languageChanged(),
  })
  const info = createInfoView(ctx)
  const audioCard = createAudioCard(ctx, { togglePlay: media.togglePlay, isVideo: media.isVideo })
  const shortcuts = createShortcutsView(ctx)
  const navigation = createChunkNavigation(ctx, media, { moved, busyChanged: () => renderOverlay() })
  // issue 18: the lines around the clip, below its info; the column is the Info tab's scroller on mobile, hidden
  // with the info (styles.css)
  const context = createContextView(ctx, {
    play: (link) => void navigation.moveTo(link),
    language: () => translations.language(),
  })
  const details = h('div', { className: 'pr-info-column' }, info.element, context.element)
  const sources = createClipSources(ctx, { subtitlesLoaded: () => media.startAtPhraseIfUnmoved() })
  const frame = createFrame(ctx)
  const layout = createLayout(ctx, { root: frame.root, info: info.element, panel: translations.element })
  const controls = createControls(ctx, phrase.match, {
    togglePlay: media.togglePlay,
    navigate: (direction) => void navigation.navigate(direction),
    replayPhrase: () => void phrase.replay(),
    toggleLoop: () => phrase.toggleLoop(subtitles.currentSegment()),
    setRate: (rate) => {
      media.setRate(rate)
      rememberSetting({ playback_rate: rate })
    },
    toggleFullscreen: () => layout.setFullscreen(!store.get().fullscreen),
    seekFraction: media.seekFraction,
  })
  const listening = createListeningMode(ctx, frame.root, { remember: rememberSetting })
  // issue 17/18: the listening toggle goes after the speed, the shortcuts button last
  controls.element.querySelector('.pr-spacer')?.before(listening.button)
  controls.element.querySelector('.pr-buttons')?.append(shortcuts.button)
  // position counter, Copy link, run-through settings (issues 17, 18): in the control row, before its spacer
  const runThrough = createRunThrough(ctx, {
    remembered,
    remember: rememberSetting,
    replay: () => {
      if (phrase.replay()) return
      media.seek(0)
      media.play()
    },
  })
  const buttonRow = controls.element.querySelector('.pr-buttons')
  buttonRow?.querySelector('.pr-spacer')?.before(...runThrough.items)
  buttonRow?.append(runThrough.panel)
  // issue 18: after the spacer, before translations and fullscreen
  const collectionButton = createCollectionButton(ctx)
  controls.element.querySelector('.pr-spacer')?.after(collectionButton.element)
  collectionButton.render()
  frame.mount(container, {
    stage: [media.cover, media.element(), media.placeholder, audioCard.element],
    subtitles: subtitles.element,
    controls: controls.element,
    info: details,
    panel: translations.element,
    tabs: layout.tabs,
    preloads: navigation.preloadBox,
  })
  frame.dialog.append(shortcuts.panel)
  // embeds listen only while focus is inside them; the modal and /play own the whole page's keyboard
  const unbindKeys = bindKeys(ctx, opts().variant === 'embed' ? frame.root : doc, frame.dialog, {
    fullscreen: () => layout.setFullscreen(!store.get().fullscreen),
    previous: () => void navigation.navigate('previous'),
    next: () => void navigation.navigate('next'),
    'toggle-play': media.togglePlay,
    // spec §2.5: Esc exits fullscreen first, then closes
    escape: () => {
      if (shortcuts.isOpen()) shortcuts.close()
      else if (store.get().fullscreen) layout.setFullscreen(false)
      else opts().onClose?.()
    },
    'replay-phrase': phrase.replay,
    shortcuts: shortcuts.toggle,
    listening: listening.toggle,
    reveal: subtitles.reveal,
  })

  // ---- reactions to the store --------------------------------------------------------------------------------
  store.on('playing', (playing) => {
    controls.render()
    audioCard.render()
    if (playing) clock.start()
    opts().onPlayingChange?.(playing)
  })
  store.on('rate', (speed) => {
    controls.render()
    events.emit('speedchange', { speed })
  })
  store.on('playback', (state) => events.emit('statechange', { state }))
  store.on('loopPhrase', () => controls.render())
  store.on('segments', () => {
    subtitles.reset()
    tick()
    translations.renderLiteral()
    controls.render()
  })
  store.on('translations', () => {
    translations.onTranslations()
    renderLayout()
  })
  store.on('mobile', renderLayout)
  store.on('fullscreen', renderLayout)
  store.on('panelOpen', renderLayout)
  store.on('listening', () => {
    listening.render()
    subtitles.refresh()
    audioCard.render()
  })

  function renderLayout(): void {
    layout.render()
    controls.render()
  }

  function renderOverlay(): void {
    frame.showOverlay(opts().loading || navigation.isBusy())
  }

  /** Bring everything that follows the playing position up to date (timeupdate, seeks, animation frames). */
  function tick(): void {
    if (destroyed) return
    const time = media.element().currentTime || 0
    const duration = media.duration()
    if (phrase.loopBack(time)) return
    controls.showTime(time, duration)
    audioCard.showDuration(duration)
    if (store.get().playing && duration > 0 && time >= duration / 2) navigation.prefetchNext()
    subtitles.showTime(time)
    translations.showTime(time)
  }

  function loadClip(resume: boolean): void {
    subtitles.reset()
    phrase.resetRange()
    runThrough.clipChanged()
    frame.root.classList.toggle('pr-audio', !media.isVideo())
    media.load(resume)
    controls.render()
    audioCard.render()
    tick()
  }

  /** Chunk-level navigation put `link` on stage: the player's options follow it. */
  function moved(link: ChunkLink, resume: boolean): void {
    options.set({
      chunkId: link.id,
      videoUrl: link.play_s3_url,
      subtitleUrl: link.segment_s3_url,
      transcript: null,
      thumbnailUrl: null,
      match: null,
    })
    // the old clip's subtitles go first, so nothing follows the new clip's time with them
    sources.loadSubtitles()
    loadClip(resume)
    sources.loadTranslations()
    info.render()
    context.chunkChanged()
    opts().onChunkChange?.(link)
  }

  function open(): void {
    frame.show()
    if (opts().isPlaying) media.play()
  }

  function close(): void {
    frame.hide()
    shortcuts.close(false)
    media.element().pause()
    if (store.get().fullscreen) layout.setFullscreen(false)
    // spec §4: closing resets the translation UI
    translations.reset()
    context.reset()
    layout.reset()
    controls.render()
    frame.restoreFocus()
  }

  // ---- first render ------------------------------------------------------------------------------------------
  info.render()
  listening.render()
  renderLayout()
  renderOverlay()
  loadClip(false)
  sources.loadSubtitles()
  sources.loadTranslations()
  navigation.renderPreloads()
  runThrough.render()
  if (opts().isOpen) open()
  else close()

  return {
    update(partial: Partial<PlayerOptions>): void {
      if (destroyed) return
      const { before, delta, changed } = options.fromHost(partial)
      if (changed('playbackRate') && PLAYBACK_RATES.includes(opts().playbackRate)) {
        media.setRate(opts().playbackRate)
      }
      const clipChanged = changed('videoUrl') || changed('chunkType')
      // the old clip's subtitles go first, so nothing follows the new clip's time with them (events, highlight)
      if (changed('subtitleUrl')) sources.loadSubtitles()
      // a new clip's phrase is the one the host sends with it, never the previous clip's
      if (clipChanged && !('match' in delta)) options.set({ match: null })
      // a clip that ended in a run (the host advances at the end) goes on playing in the next one
      const endedInRun = media.element().ended && !!opts().onVideoEnd
      if (clipChanged) {
        navigation.clearNeighbours()
        // the next clip warmed up by `preloadUrls` goes on stage as it is: no blank frame, no wait (issue 18)
        const warm = navigation.takePreload(opts().videoUrl)
        if (warm) media.swap(warm)
        // spec §4: the playing state is kept across previous/next (unless the host says otherwise)
        loadClip('isPlaying' in delta ? opts().isPlaying : store.get().playing || endedInRun)
      } else if (changed('thumbnailUrl')) {
        media.renderPoster()
      }
      const match = opts().match
      if (changed('match') && !clipChanged && match) media.seek(phraseStartTime(match))
      if (changed('chunkId') || changed('translations') || changed('apiBase')) sources.loadTranslations()
      if (changed('chunkId') || changed('apiBase')) context.chunkChanged()
      if (changed('contentMetadata') || changed('transcript') || changed('query')) info.render()
      if (changed('contentMetadata') || changed('thumbnailUrl')) audioCard.render()
      if (changed('query')) {
        subtitles.reset()
        tick()
        translations.renderLiteral()
      }
      if (changed('loading')) renderOverlay()
      if (changed('preloadUrls') && before.preloadUrls.join('\n') !== opts().preloadUrls.join('\n'))
        navigation.renderPreloads()
      if (changed('isOpen')) {
        if (opts().isOpen) open()
        else close()
      } else if (changed('isPlaying') && opts().isOpen) {
        const el = media.element()
        if (opts().isPlaying && el.paused) media.play()
        else if (!opts().isPlaying && !el.paused) el.pause()
      }
      controls.render()
      runThrough.render()
      collectionButton.render()
    },
    destroy(): void {
      if (destroyed) return
      destroyed = true
      sources.cancel()
      navigation.destroy()
      clock.stop()
      unbindKeys()
      layout.destroy()
      media.destroy()
      frame.root.remove()
      events.clear()
    },
    getOptions: () => ({ ...opts() }),
    getMediaElement: () => media.element(),
    on: (name, listener) => events.on(name, listener),
    play() {
      if (!destroyed) media.play()
    },
    pause() {
      if (!destroyed) media.element().pause()
    },
    seek(seconds) {
      if (!destroyed && Number.isFinite(seconds)) media.seek(seconds)
    },
    setRate(rate) {
      if (destroyed || !PLAYBACK_RATES.includes(rate)) return false
      media.setRate(rate)
      return true
    },
    replayPhrase: () => !destroyed && phrase.replay(),
    navigate: (direction) => (destroyed ? Promise.resolve() : navigation.navigate(direction)),
    playbackState: () => store.get().playback,
  }
}
