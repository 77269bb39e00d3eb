import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { fetchNeighbour, fetchSegments, fetchTranslations } from './api.ts'
import { h, setShown } from './dom.ts'
import { icon } from './icons.ts'
import { findPhraseTiming, highlightText, matchPhrase } from './highlight.ts'
import { keyAction } from './keyboard.ts'
import { createNavigationLock, waitForMedia } from './navigation.ts'
import {
  findSegmentIndex,
  findWordIndex,
  flattenWords,
  formatTime,
  PHRASE_TAIL_S,
  phraseStartTime,
} from './segments.ts'
import { copyText, showToast } from './toast.ts'
import {
  availableTabs,
  currentLiteralRow,
  isRtl,
  type LiteralRow,
  languageFlag,
  pairLiteral,
  type TranslationTab,
} from './translations.ts'
import type {
  ChunkLink,
  Direction,
  PhraseMatch,
  PlayerHandle,
  PlayerOptions,
  PlayerTranslation,
  Segment,
  SegmentWord,
} from './types.ts'

/** Playback speeds the speed picker offers. */
export const PLAYBACK_RATES: readonly number[] = [0.5, 0.75, 1, 1.25]

const TAB_LABELS: Record<TranslationTab, string> = { full: 'Full', literal: 'Literal', keywords: 'Keywords' }

const DEFAULT_OPTIONS: PlayerOptions = {
  isOpen: true,
  videoUrl: null,
  subtitleUrl: null,
  contentMetadata: null,
  transcript: null,
  query: null,
  onPrevious: null,
  onNext: null,
  chunkId: null,
  isPlaying: false,
  onChunkChange: null,
  onVideoEnd: null,
  chunkType: 'video',
  thumbnailUrl: null,
  match: null,
  translations: null,
  apiBase: '',
  variant: 'embed',
  onClose: null,
  onPlayingChange: null,
  preloadUrls: [],
  prefetchNext: true,
  loading: false,
  showGapText: true,
  playbackRate: 1,
  fetch: null,
}

interface Neighbour {
  fromChunkId: number
  direction: Direction
  link: ChunkLink
  media: HTMLMediaElement | null
}

/**
 * Mount the player in `container` and return its handle (spec §2.5, §2.6, §4 Video modal). The player renders
 * its own DOM, styled by `styles.css`; `update` takes any subset of the options.
 */
export function createPlayer(container: HTMLElement, initial: Partial<PlayerOptions> = {}): PlayerHandle {
  let opts: PlayerOptions = { ...DEFAULT_OPTIONS, ...initial }
  /** The options as the host last gave them (opts drifts from them when the player navigates by itself). */
  let hostOpts: PlayerOptions = { ...opts }
  const doc = container.ownerDocument
  const win = doc.defaultView ?? window
  const fetcher = (): typeof fetch => opts.fetch ?? win.fetch.bind(win)

  // ---- state -----------------------------------------------------------------------------------------------
  let segments: Segment[] | null = null
  let words: SegmentWord[] = []
  let translations: PlayerTranslation[] | null = null
  let language: string | null = null
  let tab: TranslationTab | null = null
  let panelOpen = false
  let mobileTab: 'info' | 'translations' = 'info'
  let detailsOpen = true
  let fullscreen = false
  let mobile = isMobileWidth()
  let playing = false
  let loopPhrase = false
  let loopRange: PhraseMatch | null = null
  let rate = PLAYBACK_RATES.includes(opts.playbackRate) ? opts.playbackRate : 1
  let segIndex = -2 // -2: nothing rendered yet
  let wordIndex = -1
  let rowIndex = -1
  let literalRows: LiteralRow[] = []
  let pendingPhraseStart = true
  let navBusy = 0
  let destroyed = false
  let frame = 0
  let subtitleTimer: ReturnType<typeof setTimeout> | undefined
  let translationTimer: ReturnType<typeof setTimeout> | undefined
  let subtitleAbort: AbortController | null = null
  let translationAbort: AbortController | null = null
  let returnFocus: HTMLElement | null = null
  const neighbours: Neighbour[] = []
  let prefetchedFor: number | null = null
  const preloaders: HTMLMediaElement[] = []
  const lock = createNavigationLock(LIMITS.navigationLockMs, () => renderOverlay())

  // ---- DOM -------------------------------------------------------------------------------------------------
  /** Prefix for this player's element ids (several players may share a page). */
  const panelId = `pr-${Math.random().toString(36).slice(2, 9)}`
  const root = h('div', { className: 'pr-player', 'data-testid': 'phrasereel-player' })
  const frameEl = h('div', {
    className: 'pr-frame',
    role: opts.variant === 'modal' ? 'dialog' : 'region',
    'aria-modal': opts.variant === 'modal' ? 'true' : null,
    'aria-label': 'Clip player',
    tabindex: '-1',
  })
  const stage = h('div', { className: 'pr-stage' })
  const placeholder = h(
    'div',
    { className: 'pr-placeholder', 'data-testid': 'pr-placeholder' },
    MESSAGES.videoPreview,
  )
  const cover = h('img', { className: 'pr-cover', alt: '' })
  const overlay = h(
    'div',
    { className: 'pr-overlay', role: 'status', 'data-testid': 'pr-loading' },
    h('span', { className: 'pr-spinner', 'aria-hidden': 'true' }),
    MESSAGES.loadingChunk,
  )
  const closeButton = h(
    'button',
    { type: 'button', className: 'pr-close', 'aria-label': 'Close player' },
    icon(doc, 'close'),
  )
  let media: HTMLMediaElement = createMedia(isVideo())
  stage.append(cover, media, placeholder, overlay)
  if (opts.variant === 'modal') stage.append(closeButton)

  const wordsEl = h('div', { className: 'pr-words', 'data-testid': 'pr-subtitles', lang: 'en' })
  const copyButton = h(
    'button',
    { type: 'button', className: 'pr-icon-button pr-copy', 'aria-label': 'Copy subtitle text' },
    icon(doc, 'copy'),
  )
  const subtitleBar = h('div', { className: 'pr-subtitle-bar' }, wordsEl, copyButton)

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
  const prevButton = h(
    'button',
    { type: 'button', className: 'pr-icon-button', 'aria-label': 'Previous clip' },
    icon(doc, 'previous'),
  )
  const playButton = h(
    'button',
    { type: 'button', className: 'pr-icon-button pr-play', 'aria-label': 'Play' },
    icon(doc, 'play'),
  )
  const nextButton = h(
    'button',
    { type: 'button', className: 'pr-icon-button', 'aria-label': 'Next clip' },
    icon(doc, 'next'),
  )
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
      className: 'pr-text-button',
      'aria-label': 'Show translations',
      'aria-pressed': 'false',
    },
    'Translations',
  )
  const fullscreenButton = h(
    'button',
    { type: 'button', className: 'pr-icon-button', 'aria-label': 'Enter fullscreen' },
    icon(doc, 'fullscreen'),
  )
  const controls = h(
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

  const infoEl = h('section', {
    className: 'pr-info',
    'aria-label': 'About this clip',
    'data-testid': 'pr-info',
    id: `${panelId}-info`,
  })
  const panel = h('aside', {
    className: 'pr-translations',
    'aria-label': 'Translations',
    'data-testid': 'pr-translations',
    id: `${panelId}-panel`,
  })
  const infoTab = h(
    'button',
    { type: 'button', role: 'tab', className: 'pr-tab', 'aria-controls': `${panelId}-info` },
    'Info',
  )
  const translationsTab = h(
    'button',
    { type: 'button', role: 'tab', className: 'pr-tab', 'aria-controls': `${panelId}-panel` },
    'Translations',
  )
  const mobileTabs = h(
    'div',
    { className: 'pr-mobile-tabs', role: 'tablist', 'aria-label': 'Clip details' },
    infoTab,
    translationsTab,
  )
  const preloadBox = h('div', { className: 'pr-preload', hidden: true, 'aria-hidden': 'true' })

  const main = h('div', { className: 'pr-main' }, stage, subtitleBar, controls, infoEl)
  frameEl.append(main, panel, mobileTabs, preloadBox)
  root.append(frameEl)
  if (opts.variant === 'modal') root.classList.add('pr-modal')
  if (opts.variant === 'page') root.classList.add('pr-page')
  container.append(root)

  // ---- media -----------------------------------------------------------------------------------------------
  function isVideo(): boolean {
    return (opts.chunkType || 'video') === 'video'
  }

  function isVideoElement(el: HTMLMediaElement): boolean {
    return el.tagName === 'VIDEO'
  }

  function createMedia(video: boolean): HTMLMediaElement {
    const el = doc.createElement(video ? 'video' : 'audio')
    el.className = 'pr-media'
    el.preload = 'auto'
    el.setAttribute('playsinline', '')
    el.dataset.testid = 'pr-media'
    return el
  }

  const mediaEvents: [string, EventListener][] = [
    ['play', () => setPlaying(true)],
    ['pause', () => setPlaying(false)],
    ['timeupdate', () => tick()],
    ['seeked', () => tick()],
    ['loadedmetadata', () => onMetadata()],
    ['loadeddata', () => onFirstFrame()],
    ['ended', () => onEnded()],
  ]

  function bindMedia(el: HTMLMediaElement): void {
    for (const [type, fn] of mediaEvents) el.addEventListener(type, fn)
    el.playbackRate = rate
    el.className = 'pr-media'
    el.dataset.testid = 'pr-media'
    if (isVideoElement(el) && opts.thumbnailUrl) el.setAttribute('poster', opts.thumbnailUrl)
  }

  function unbindMedia(el: HTMLMediaElement): void {
    for (const [type, fn] of mediaEvents) el.removeEventListener(type, fn)
  }
  bindMedia(media)

  /** Put `next` in place of the current media element (a preloaded clip, or a change between video and audio). */
  function swapMedia(next: HTMLMediaElement): void {
    unbindMedia(media)
    media.pause()
    media.replaceWith(next)
    media.removeAttribute('src')
    media = next
    media.hidden = false
    bindMedia(media)
  }

  /** Poster, audio cover and the 'Video Preview' placeholder for the current thumbnail. */
  function renderPoster(): void {
    const wantVideo = isVideo()
    if (isVideoElement(media)) {
      if (opts.thumbnailUrl) media.setAttribute('poster', opts.thumbnailUrl)
      else media.removeAttribute('poster')
    }
    cover.hidden = wantVideo || !opts.thumbnailUrl
    if (opts.thumbnailUrl) cover.src = opts.thumbnailUrl
    // a video that already shows its first frame needs no placeholder, whatever the thumbnail
    placeholder.hidden = !!opts.thumbnailUrl || (wantVideo && media.readyState >= 2)
  }

  function loadClip(resume: boolean): void {
    segIndex = -2
    pendingPhraseStart = true
    loopRange = null
    root.classList.toggle('pr-audio', !isVideo())
    const wantVideo = isVideo()
    if (isVideoElement(media) !== wantVideo) swapMedia(createMedia(wantVideo))
    const url = opts.videoUrl ?? ''
    if (media.getAttribute('src') !== url) {
      if (url) media.src = url
      else media.removeAttribute('src')
    } else if (media.readyState >= 1) {
      onMetadata()
      if (media.readyState >= 2) onFirstFrame()
    }
    renderPoster()
    if (resume && opts.isOpen) startPlayback()
    renderControls()
    tick()
  }

  function startPlayback(): void {
    const result = media.play() as Promise<void> | undefined
    // autoplay may be refused (no user gesture yet): the play button stays 'Play'
    result?.catch?.(() => setPlaying(false))
  }

  function setPlaying(value: boolean): void {
    if (playing === value) return
    playing = value
    renderControls()
    if (value) scheduleFrame()
    opts.onPlayingChange?.(value)
  }

  function onMetadata(): void {
    progress.max = '1000'
    const match = effectiveMatch()
    if (pendingPhraseStart && match) {
      pendingPhraseStart = false
      seek(phraseStartTime(match))
    }
    tick()
  }

  function onFirstFrame(): void {
    if (isVideo()) placeholder.hidden = true
  }

  function onEnded(): void {
    if (opts.onVideoEnd) {
      opts.onVideoEnd()
      return
    }
    // spec §4: without an end handler the clip loops
    seek(0)
    startPlayback()
  }

  function seek(time: number): void {
    try {
      media.currentTime = Math.max(0, time)
    } catch {
      // not seekable yet (no metadata); the phrase start is applied on loadedmetadata instead
    }
    tick()
  }

  function effectiveMatch(): PhraseMatch | null {
    return opts.match ?? (words.length > 0 ? findPhraseTiming(words, opts.query) : null)
  }

  // ---- time-driven updates ---------------------------------------------------------------------------------
  function scheduleFrame(): void {
    if (frame || destroyed) return
    const raf = win.requestAnimationFrame?.bind(win)
    if (!raf) return
    frame = raf(() => {
      frame = 0
      tick()
      if (playing && !destroyed) scheduleFrame()
    })
  }

  function tick(): void {
    if (destroyed) return
    const time = media.currentTime || 0
    const duration = Number.isFinite(media.duration) ? media.duration : 0
    if (loopPhrase && loopRange && playing && time >= loopRange.end + PHRASE_TAIL_S) {
      seek(phraseStartTime(loopRange))
      return
    }
    const position = duration > 0 ? String(Math.round((time / duration) * 1000)) : '0'
    if (progress.value !== position) progress.value = position
    if (playing && duration > 0 && time >= duration / 2) prefetchNext()
    const text = `${formatTime(time)} / ${formatTime(duration)}`
    // once a second is enough for the clock; the animation frame loop must not rewrite it 60 times a second
    if (timeEl.textContent !== text) {
      progress.setAttribute('aria-valuetext', text)
      timeEl.textContent = text
    }
    const nextSeg = segments ? findSegmentIndex(segments, time) : -1
    if (nextSeg !== segIndex) {
      segIndex = nextSeg
      renderSubtitles()
    }
    const seg = segments?.[segIndex]
    const nextWord = seg ? findWordIndex(seg.words, time) : -1
    if (nextWord !== wordIndex) {
      wordIndex = nextWord
      wordsEl.querySelectorAll<HTMLElement>('.pr-word').forEach((b, i) => {
        b.classList.toggle('pr-current', i === wordIndex)
      })
    }
    const nextRow = currentLiteralRow(literalRows, time)
    if (nextRow !== rowIndex) {
      rowIndex = nextRow
      const rows = panel.querySelectorAll<HTMLElement>('tr[data-position]')
      rows.forEach((row, i) => {
        const current = i === rowIndex
        row.classList.toggle('pr-current', current)
        if (current) row.setAttribute('aria-current', 'true')
        else row.removeAttribute('aria-current')
      })
      const currentRow = rows[rowIndex]
      // keep the spoken word in view without moving the page around it
      if (currentRow && !panel.hidden) currentRow.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
    }
  }

  // ---- subtitles -------------------------------------------------------------------------------------------
  function loadSubtitles(): void {
    clearTimeout(subtitleTimer)
    subtitleAbort?.abort()
    subtitleAbort = null
    segments = null
    words = []
    afterSegmentsChanged()
    const url = opts.subtitleUrl
    if (!url) {
      segments = []
      afterSegmentsChanged()
      return
    }
    const abort = new AbortController()
    subtitleAbort = abort
    // spec §9: subtitle fetch delay 50 ms, so quick previous/next presses do not each fetch
    subtitleTimer = setTimeout(async () => {
      const loaded = await fetchSegments(fetcher(), url, abort.signal)
      if (abort.signal.aborted || destroyed) return
      segments = loaded ?? []
      words = flattenWords(segments)
      afterSegmentsChanged()
      if (pendingPhraseStart && media.readyState >= 1 && !opts.match) {
        const match = effectiveMatch()
        // only jump when the learner has not moved yet
        if (match && (media.currentTime || 0) < 1) {
          pendingPhraseStart = false
          seek(phraseStartTime(match))
        }
      }
    }, LIMITS.subtitleFetchDelayMs)
  }

  function afterSegmentsChanged(): void {
    segIndex = -2
    wordIndex = -1
    tick()
    renderLiteral()
    renderControls()
  }

  function renderSubtitles(): void {
    wordIndex = -1
    wordsEl.replaceChildren()
    if (segments === null) return
    if (segments.length === 0) {
      wordsEl.append(h('p', { className: 'pr-empty' }, MESSAGES.noSubtitles))
      return
    }
    const seg = segments[segIndex]
    if (!seg) {
      if (opts.showGapText) wordsEl.append(h('p', { className: 'pr-empty' }, MESSAGES.noSubtitlesMoment))
      return
    }
    // match over the whole clip, so a phrase that runs across two subtitle lines is highlighted in both
    const hits = matchPhrase(
      words.map((w) => w.word),
      opts.query,
    )
    let offset = 0
    for (let i = 0; i < segIndex; i++) offset += segments[i]!.words.length
    seg.words.forEach((w, i) => {
      const button = h(
        'button',
        {
          type: 'button',
          className: hits.has(offset + i) ? 'pr-word pr-match' : 'pr-word',
          'data-start': String(w.start),
          'aria-label': `${w.word}, play from ${formatTime(w.start)}`,
        },
        w.word,
      )
      button.addEventListener('click', () => seek(w.start))
      wordsEl.append(button, ' ')
    })
  }

  // ---- translations ----------------------------------------------------------------------------------------
  function loadTranslations(): void {
    clearTimeout(translationTimer)
    translationAbort?.abort()
    translationAbort = null
    if (opts.translations) {
      setTranslations(opts.translations)
      return
    }
    setTranslations(null)
    const chunkId = opts.chunkId
    if (chunkId === null || chunkId === undefined) {
      setTranslations([])
      return
    }
    const abort = new AbortController()
    translationAbort = abort
    // spec §9: translation fetch delay 25 ms
    translationTimer = setTimeout(async () => {
      const loaded = await fetchTranslations(fetcher(), opts.apiBase, chunkId, abort.signal)
      if (abort.signal.aborted || destroyed) return
      setTranslations(loaded ?? [])
    }, LIMITS.translationFetchDelayMs)
  }

  function setTranslations(list: PlayerTranslation[] | null): void {
    translations = list
    if (!list?.some((t) => t.translated_language === language)) {
      language = list?.[0]?.translated_language ?? null
      tab = null
    }
    renderTranslations()
    renderLayout()
  }

  function currentTranslation(): PlayerTranslation | null {
    return translations?.find((t) => t.translated_language === language) ?? null
  }

  function renderTranslations(): void {
    panel.replaceChildren()
    if (translations === null) return
    if (translations.length === 0) {
      panel.append(h('p', { className: 'pr-empty' }, MESSAGES.noTranslations))
      literalRows = []
      return
    }
    const names = languageNames()
    const picker = h('div', {
      className: 'pr-languages',
      role: 'group',
      'aria-label': 'Translation language',
    })
    for (const t of translations) {
      const code = t.translated_language
      const flag = languageFlag(code)
      const button = h(
        'button',
        {
          type: 'button',
          className: 'pr-language',
          'aria-pressed': String(code === language),
          title: names?.of(code) ?? code,
        },
        flag ? h('span', { className: 'pr-flag', 'aria-hidden': 'true' }, flag) : null,
        code.toUpperCase(),
        // the visible code starts the accessible name, the language's name completes it
        names ? h('span', { className: 'pr-visually-hidden' }, ` (${names.of(code) ?? code})`) : null,
      )
      button.addEventListener('click', () => {
        language = code
        tab = null
        renderTranslations()
      })
      picker.append(button)
    }
    panel.append(picker)
    const translation = currentTranslation()
    const tabs = availableTabs(translation)
    if (!tab || !tabs.includes(tab)) tab = tabs[0] ?? null
    const tabList = h('div', { className: 'pr-tabs', role: 'tablist', 'aria-label': 'Translation view' })
    const body = h('div', {
      className: 'pr-tab-body',
      role: 'tabpanel',
      id: `${panelId}-body`,
      dir: isRtl(language ?? '') ? 'rtl' : 'ltr',
      lang: language ?? '',
      'data-testid': 'pr-translation-body',
    })
    if (isRtl(language ?? '')) body.classList.add('pr-rtl')
    for (const name of tabs) {
      const button = h(
        'button',
        {
          type: 'button',
          role: 'tab',
          className: 'pr-tab',
          'aria-selected': String(name === tab),
          'aria-controls': `${panelId}-body`,
        },
        TAB_LABELS[name],
      )
      button.addEventListener('click', () => {
        tab = name
        renderTranslations()
      })
      tabList.append(button)
    }
    panel.append(tabList, body)
    literalRows = []
    if (tab === 'full') {
      body.append(h('p', { className: 'pr-full' }, translation?.translation_data?.translated_phrase ?? ''))
    } else if (tab === 'keywords') {
      const list = h('dl', { className: 'pr-keywords' })
      for (const k of translation?.translation_comprehension_data ?? []) {
        list.append(h('dt', { lang: 'en', dir: 'ltr' }, k.phrase), h('dd', {}, k.translation))
      }
      body.append(list)
    } else if (tab === 'literal') {
      renderLiteralInto(body, translation)
    }
  }

  function renderLiteral(): void {
    const body = panel.querySelector<HTMLElement>('.pr-tab-body')
    if (tab !== 'literal' || !body) return
    body.replaceChildren()
    renderLiteralInto(body, currentTranslation())
  }

  function renderLiteralInto(body: HTMLElement, translation: PlayerTranslation | null): void {
    rowIndex = -1
    literalRows = pairLiteral(translation, words, opts.transcript)
    if (literalRows.length === 0) {
      body.append(h('p', { className: 'pr-empty' }, MESSAGES.noWordAlignment))
      return
    }
    const hits = matchPhrase(
      literalRows.map((r) => r.original),
      opts.query,
    )
    const tbody = h('tbody')
    literalRows.forEach((row, i) => {
      const seekable = row.start !== null
      const tr = h(
        'tr',
        { 'data-position': String(row.position), className: hits.has(i) ? 'pr-match' : null },
        h('td', { className: 'pr-num' }, String(row.position)),
        h(
          'td',
          { lang: 'en', dir: 'ltr' },
          seekable
            ? h(
                'button',
                {
                  type: 'button',
                  className: 'pr-row-word',
                  'aria-label': `${row.original}, play from ${formatTime(row.start ?? 0)}`,
                },
                row.original,
              )
            : row.original,
        ),
        h('td', {}, row.translation),
      )
      if (seekable) tr.addEventListener('click', () => seek(row.start ?? 0))
      tbody.append(tr)
    })
    body.append(
      h(
        'table',
        { className: 'pr-literal', 'data-testid': 'pr-literal' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, '#'),
            h('th', { scope: 'col' }, 'Word'),
            h('th', { scope: 'col' }, 'Translation'),
          ),
        ),
        tbody,
      ),
    )
    tick()
  }

  // ---- info ------------------------------------------------------------------------------------------------
  function renderInfo(): void {
    infoEl.replaceChildren()
    const meta = opts.contentMetadata ?? {}
    infoEl.append(h('h2', { className: 'pr-title' }, meta.name?.trim() || MESSAGES.untitledContent))
    if (meta.content_part) infoEl.append(h('p', { className: 'pr-part' }, meta.content_part))
    const details: [string, string][] = []
    if (meta.content_category) details.push(['Category', meta.content_category])
    if (meta.genre) details.push(['Genre', meta.genre])
    if (meta.release_year !== null && meta.release_year !== undefined && meta.release_year !== '')
      details.push(['Release year', String(meta.release_year)])
    const link = meta.external_link && /^https?:\/\//i.test(meta.external_link) ? meta.external_link : null
    // spec §2.5: the metadata chip is clickable only if category, genre, year or link exists
    if (details.length > 0 || link) {
      const detailId = `${panelId}-details`
      const chip = h(
        'button',
        {
          type: 'button',
          className: 'pr-chip',
          'aria-expanded': String(detailsOpen),
          'aria-controls': detailId,
        },
        details.map(([, v]) => v).join(' · ') || MESSAGES.viewSource,
      )
      const list = h('dl', { className: 'pr-details', id: detailId, hidden: !detailsOpen })
      for (const [label, value] of details) list.append(h('div', {}, h('dt', {}, label), h('dd', {}, value)))
      if (link) {
        list.append(
          h(
            'div',
            {},
            h('dt', { className: 'pr-visually-hidden' }, 'Source'),
            h(
              'dd',
              {},
              h('a', { href: link, target: '_blank', rel: 'noopener noreferrer' }, MESSAGES.viewSource),
            ),
          ),
        )
      }
      chip.addEventListener('click', () => {
        detailsOpen = !detailsOpen
        chip.setAttribute('aria-expanded', String(detailsOpen))
        list.hidden = !detailsOpen
      })
      infoEl.append(chip, list)
    }
    if (opts.transcript) {
      const p = h('p', { className: 'pr-transcript', lang: 'en' })
      for (const [text, isMatch] of highlightText(opts.transcript, opts.query)) {
        p.append(isMatch ? h('mark', { className: 'pr-match' }, text) : text)
      }
      infoEl.append(p)
    }
  }

  // ---- layout and controls ---------------------------------------------------------------------------------
  function hasTranslations(): boolean {
    return !!translations && translations.length > 0
  }

  function renderLayout(): void {
    root.classList.toggle('pr-mobile', mobile)
    root.classList.toggle('pr-desktop', !mobile)
    root.classList.toggle('pr-is-fullscreen', fullscreen)
    if (!hasTranslations()) mobileTab = 'info'
    // spec §2.5: mobile tabs Info and Translations, shown only when translations exist
    setShown(mobileTabs, mobile && hasTranslations())
    infoTab.setAttribute('aria-selected', String(mobileTab === 'info'))
    translationsTab.setAttribute('aria-selected', String(mobileTab === 'translations'))
    if (mobile) {
      setShown(infoEl, mobileTab === 'info')
      setShown(panel, mobileTab === 'translations' && hasTranslations())
    } else {
      setShown(infoEl, true)
      setShown(panel, panelOpen && translations !== null)
    }
    root.classList.toggle('pr-panel-open', !panel.hidden && !mobile)
    renderControls()
  }

  function renderControls(): void {
    if (playButton.dataset.state !== String(playing)) {
      playButton.dataset.state = String(playing)
      playButton.replaceChildren(icon(doc, playing ? 'pause' : 'play'))
    }
    playButton.setAttribute('aria-label', playing ? 'Pause' : 'Play')
    const canNavigate =
      !!(opts.onPrevious || opts.onNext) || (opts.chunkId != null && opts.contentMetadata?.id != null)
    prevButton.disabled = !canNavigate || (!!opts.onNext && !opts.onPrevious)
    nextButton.disabled = !canNavigate || (!!opts.onPrevious && !opts.onNext)
    const match = effectiveMatch()
    setShown(replayButton, !!match)
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

  function renderOverlay(): void {
    setShown(overlay, opts.loading || lock.isLocked() || navBusy > 0)
  }

  // ---- actions ---------------------------------------------------------------------------------------------
  function togglePlay(): void {
    if (media.paused) startPlayback()
    else media.pause()
  }

  function replayPhrase(): void {
    const match = effectiveMatch()
    if (!match) return
    seek(phraseStartTime(match))
    startPlayback()
  }

  function toggleLoop(): void {
    loopPhrase = !loopPhrase
    // without a searched phrase, loop the sentence being said
    const seg = segments?.[segIndex]
    loopRange = loopPhrase ? (effectiveMatch() ?? (seg ? { start: seg.start, end: seg.end } : null)) : null
    renderControls()
  }

  function setFullscreen(on: boolean): void {
    if (on && mobile) return
    fullscreen = on
    if (on) {
      const request = root.requestFullscreen?.bind(root)
      request?.().catch(() => {
        // no native fullscreen (iframe without allowfullscreen): the CSS class fills the viewport instead
      })
    } else if (doc.fullscreenElement === root) {
      doc.exitFullscreen?.().catch(() => {})
    }
    renderLayout()
  }

  function onFullscreenChange(): void {
    if (fullscreen && doc.fullscreenElement !== root) {
      fullscreen = false
      renderLayout()
    }
  }

  function onEscape(): void {
    // spec §2.5: Esc exits fullscreen first, then closes
    if (fullscreen) setFullscreen(false)
    else opts.onClose?.()
  }

  async function navigate(direction: Direction): Promise<void> {
    const listStep = direction === 'next' ? opts.onNext : opts.onPrevious
    const isList = !!(opts.onNext || opts.onPrevious)
    const chunkId = opts.chunkId
    const metadataId = opts.contentMetadata?.id
    // nowhere to go: no lock, no overlay
    if (isList ? !listStep : chunkId == null || metadataId == null) return
    // one chunk-level move at a time: a second press while the first one loads would race it
    if (navBusy > 0 || !lock.tryAcquire()) return
    if (isList) {
      listStep?.()
      return
    }
    if (chunkId == null || metadataId == null) return
    navBusy++
    renderOverlay()
    try {
      const cached = neighbours.find((n) => n.fromChunkId === chunkId && n.direction === direction)
      const link =
        cached?.link ?? (await fetchNeighbour(fetcher(), opts.apiBase, metadataId, chunkId, direction))
      if (!link || destroyed || opts.chunkId !== chunkId) return
      const probe = cached?.media ?? preloadMedia(link.play_s3_url)
      // spec §4: swap only if the new file loads within 3 s, else stay
      const ok = await waitForMedia(probe, LIMITS.chunkSwitchTimeoutMs)
      if (!ok || destroyed || opts.chunkId !== chunkId) {
        if (!cached) probe.remove()
        return
      }
      const resume = playing
      neighbours.splice(0, neighbours.length, ...neighbours.filter((n) => n.media !== probe))
      swapMedia(probe)
      opts = {
        ...opts,
        chunkId: link.id,
        videoUrl: link.play_s3_url,
        subtitleUrl: link.segment_s3_url,
        transcript: null,
        thumbnailUrl: null,
        match: null,
      }
      clearNeighbours()
      loadClip(resume)
      loadSubtitles()
      loadTranslations()
      renderInfo()
      opts.onChunkChange?.(link)
    } finally {
      navBusy--
      renderOverlay()
    }
  }

  function preloadMedia(url: string): HTMLMediaElement {
    const el = createMedia(isVideo())
    el.dataset.testid = 'pr-preload-media'
    el.muted = false
    el.src = url
    preloadBox.append(el)
    return el
  }

  function clearNeighbours(): void {
    for (const n of neighbours.splice(0)) n.media?.remove()
  }

  /**
   * Chunk-level navigation: once half the clip has played, learn the next chunk and warm up its media so 'next'
   * swaps without a wait (beyond spec). Waiting for half the clip keeps the spec's 404 for the last chunk (which
   * browsers log as a failed resource) away from people who only glance at a clip.
   */
  function prefetchNext(): void {
    if (!opts.prefetchNext || opts.onNext || opts.onPrevious || !opts.isOpen) return
    const chunkId = opts.chunkId
    const metadataId = opts.contentMetadata?.id
    if (chunkId == null || metadataId == null || prefetchedFor === chunkId) return
    prefetchedFor = chunkId
    void fetchNeighbour(fetcher(), opts.apiBase, metadataId, chunkId, 'next').then((link) => {
      if (!link || destroyed || opts.chunkId !== chunkId) return
      neighbours.push({
        fromChunkId: chunkId,
        direction: 'next',
        link,
        media: preloadMedia(link.play_s3_url),
      })
    })
  }

  function renderPreloads(): void {
    for (const el of preloaders.splice(0)) el.remove()
    for (const url of opts.preloadUrls.slice(0, 2)) preloaders.push(preloadMedia(url))
  }

  function open(): void {
    returnFocus = doc.activeElement instanceof win.HTMLElement ? (doc.activeElement as HTMLElement) : null
    root.hidden = false
    if (opts.variant === 'modal') {
      frameEl.focus({ preventScroll: true })
    }
    if (opts.isPlaying) startPlayback()
  }

  function close(): void {
    root.hidden = true
    media.pause()
    if (fullscreen) setFullscreen(false)
    // spec §4: closing resets the translation UI
    panelOpen = false
    language = translations?.[0]?.translated_language ?? null
    tab = null
    mobileTab = 'info'
    renderTranslations()
    renderLayout()
    if (opts.variant === 'modal' && returnFocus?.isConnected) returnFocus.focus()
  }

  // ---- listeners -------------------------------------------------------------------------------------------

  function onKeyDown(event: KeyboardEvent): void {
    if (!opts.isOpen || event.defaultPrevented) return
    if (opts.variant === 'modal' && event.key === 'Tab') {
      trapFocus(event)
      return
    }
    const action = keyAction(event, { desktop: !mobile })
    if (!action) return
    switch (action) {
      case 'fullscreen':
        setFullscreen(!fullscreen)
        break
      case 'previous':
        void navigate('previous')
        break
      case 'next':
        void navigate('next')
        break
      case 'toggle-play':
        togglePlay()
        break
      case 'escape':
        onEscape()
        break
      case 'replay-phrase':
        if (!effectiveMatch()) return
        replayPhrase()
        break
    }
    event.preventDefault()
  }

  function trapFocus(event: KeyboardEvent): void {
    const focusable = [
      ...frameEl.querySelectorAll<HTMLElement>('button, a[href], input, select, [tabindex="0"]'),
    ].filter((el) => !el.closest('[hidden]') && !(el as HTMLButtonElement).disabled)
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && (doc.activeElement === first || doc.activeElement === frameEl)) {
      last.focus()
      event.preventDefault()
    } else if (!event.shiftKey && doc.activeElement === last) {
      first.focus()
      event.preventDefault()
    }
  }

  function onResize(): void {
    const next = isMobileWidth()
    if (next === mobile) return
    mobile = next
    if (mobile && fullscreen) setFullscreen(false)
    renderLayout()
  }

  function isMobileWidth(): boolean {
    return (container.ownerDocument.defaultView?.innerWidth ?? 1024) < LIMITS.mobileBreakpointPx
  }

  function languageNames(): Intl.DisplayNames | null {
    try {
      return new Intl.DisplayNames(['en'], { type: 'language' })
    } catch {
      return null
    }
  }

  // embeds listen only while focus is inside them; the modal and /play own the whole page's keyboard
  const keyTarget: EventTarget = opts.variant === 'embed' ? root : doc
  keyTarget.addEventListener('keydown', onKeyDown as EventListener)
  win.addEventListener('resize', onResize)
  doc.addEventListener('fullscreenchange', onFullscreenChange)
  playButton.addEventListener('click', togglePlay)
  prevButton.addEventListener('click', () => void navigate('previous'))
  nextButton.addEventListener('click', () => void navigate('next'))
  replayButton.addEventListener('click', replayPhrase)
  loopButton.addEventListener('click', toggleLoop)
  speedSelect.addEventListener('change', () => {
    rate = Number(speedSelect.value)
    media.playbackRate = rate
  })
  fullscreenButton.addEventListener('click', () => setFullscreen(!fullscreen))
  translationsButton.addEventListener('click', () => {
    panelOpen = !panelOpen
    renderLayout()
  })
  closeButton.addEventListener('click', () => opts.onClose?.())
  root.addEventListener('click', (event) => {
    // a click on the modal backdrop (outside the frame) closes it
    if (opts.variant === 'modal' && event.target === root) opts.onClose?.()
  })
  infoTab.addEventListener('click', () => {
    mobileTab = 'info'
    renderLayout()
  })
  translationsTab.addEventListener('click', () => {
    mobileTab = 'translations'
    renderLayout()
  })
  progress.addEventListener('input', () => {
    const duration = Number.isFinite(media.duration) ? media.duration : 0
    if (duration > 0) seek((Number(progress.value) / 1000) * duration)
  })
  media.addEventListener('click', togglePlay)
  copyButton.addEventListener('click', async () => {
    const seg = segments?.[segIndex]
    const text = seg ? seg.words.map((w) => w.word).join(' ') : (opts.transcript ?? '')
    if (!text) {
      showToast(copyButton, 'Nothing to copy', 'info')
      return
    }
    const ok = await copyText(text)
    showToast(copyButton, ok ? MESSAGES.copied : 'Failed to copy text', ok ? 'success' : 'error')
  })

  // ---- first render ----------------------------------------------------------------------------------------
  renderInfo()
  renderLayout()
  renderOverlay()
  loadClip(false)
  loadSubtitles()
  loadTranslations()
  renderPreloads()
  if (opts.isOpen) open()
  else close()

  return {
    update(partial: Partial<PlayerOptions>): void {
      if (destroyed) return
      const before = opts
      // Only what the host changed since its last call counts: after the player moved to another chunk by
      // itself, a host re-rendering with its previous (now stale) values must not pull it back.
      const delta: Partial<PlayerOptions> = {}
      for (const key of Object.keys(partial) as (keyof PlayerOptions)[]) {
        if (partial[key] !== hostOpts[key]) Object.assign(delta, { [key]: partial[key] })
      }
      hostOpts = { ...hostOpts, ...partial }
      opts = { ...opts, ...delta }
      const changed = (key: keyof PlayerOptions): boolean => key in delta && opts[key] !== before[key]
      if (changed('playbackRate') && PLAYBACK_RATES.includes(opts.playbackRate)) {
        rate = opts.playbackRate
        media.playbackRate = rate
      }
      const clipChanged = changed('videoUrl') || changed('chunkType')
      // a new clip's phrase is the one the host sends with it, never the previous clip's
      if (clipChanged && !('match' in delta)) opts.match = null
      if (clipChanged) {
        clearNeighbours()
        // spec §4: the playing state is kept across previous/next (unless the host says otherwise)
        loadClip('isPlaying' in delta ? opts.isPlaying : playing)
      } else if (changed('thumbnailUrl')) {
        renderPoster()
      }
      if (changed('match') && !clipChanged && opts.match) seek(phraseStartTime(opts.match))
      if (changed('subtitleUrl')) loadSubtitles()
      if (changed('chunkId') || changed('translations') || changed('apiBase')) loadTranslations()
      if (changed('contentMetadata') || changed('transcript') || changed('query')) renderInfo()
      if (changed('query')) {
        segIndex = -2
        tick()
        renderLiteral()
      }
      if (changed('loading')) renderOverlay()
      if (changed('preloadUrls') && before.preloadUrls.join('\n') !== opts.preloadUrls.join('\n'))
        renderPreloads()
      if (changed('isOpen')) {
        if (opts.isOpen) open()
        else close()
      } else if (changed('isPlaying') && opts.isOpen) {
        if (opts.isPlaying && media.paused) startPlayback()
        else if (!opts.isPlaying && !media.paused) media.pause()
      }
      renderControls()
    },
    destroy(): void {
      if (destroyed) return
      destroyed = true
      clearTimeout(subtitleTimer)
      clearTimeout(translationTimer)
      subtitleAbort?.abort()
      translationAbort?.abort()
      lock.release()
      if (frame) win.cancelAnimationFrame?.(frame)
      keyTarget.removeEventListener('keydown', onKeyDown as EventListener)
      win.removeEventListener('resize', onResize)
      doc.removeEventListener('fullscreenchange', onFullscreenChange)
      if (doc.fullscreenElement === root) doc.exitFullscreen?.().catch(() => {})
      unbindMedia(media)
      media.pause()
      media.removeAttribute('src')
      clearNeighbours()
      for (const el of preloaders.splice(0)) el.remove()
      root.remove()
    },
    getOptions: () => ({ ...opts }),
    getMediaElement: () => media,
  }
}
