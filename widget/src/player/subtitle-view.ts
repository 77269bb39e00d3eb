import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import { matchPhrase } from '../highlight.ts'
import { icon } from '../icons.ts'
import { findSegmentIndex, findWordIndex, formatTime } from '../segments.ts'
import { copyText, showToast } from '../toast.ts'
import type { Segment } from '../types.ts'
import type { PlayerContext } from './state.ts'

/** The subtitle bar: the line being said as word buttons, the current word, and the copy button. */
export interface SubtitleView {
  readonly element: HTMLDivElement
  /** Forget what is drawn, so the next `showTime` draws the line again (new clip, subtitles or query). */
  reset(): void
  /** Follow the playing position: draw the line being said and mark the word being said. */
  showTime(time: number): void
  /** The segment shown (being said, or the nearest one in the lead-in and after the last word), if any. */
  currentSegment(): Segment | undefined
  /** Listening mode (issue 18): show the line hidden now (false when none is); the next line is hidden again. */
  reveal(): boolean
  /** Draw the shown line again (listening mode went on or off). */
  refresh(): void
}

/**
 * The segment to show at `time` (issue 17): the one being said; in the lead-in before the first segment and after
 * the last one, the nearest segment, so a clip with words never says it has none for this moment. Between two
 * segments the spec's gap behaviour stays (-1).
 */
export function shownSegmentIndex(segments: readonly Segment[], time: number): number {
  const index = findSegmentIndex(segments, time)
  if (index >= 0 || segments.length === 0) return index
  if (time < segments[0]!.start) return 0
  if (time >= segments[segments.length - 1]!.end) return segments.length - 1
  return -1
}

/** Create the subtitle bar; a word click seeks to it. */
export function createSubtitleView(ctx: PlayerContext, seek: (time: number) => void): SubtitleView {
  const { doc, store } = ctx
  let segIndex = -2 // the segment shown; -2: nothing drawn yet
  let saidIndex = -2 // the segment being said (segmentchange follows it)
  let wordIndex = -1
  let revealed = false
  // focus the bar took from a word that went away: it goes on to the next line's word (issue 17)
  let parked = false
  // the word buttons, kept across lines: a focused button is updated in place, never rebuilt (issue 17)
  const buttons: HTMLButtonElement[] = []
  const wordsEl = h('div', {
    className: 'pr-words',
    'data-testid': 'pr-subtitles',
    lang: 'en',
    tabindex: '-1',
  })
  wordsEl.addEventListener('blur', () => {
    parked = false
  })
  const copyButton = h(
    'button',
    { type: 'button', className: 'pr-icon-button pr-copy', 'aria-label': 'Copy subtitle text' },
    icon(doc, 'copy'),
  )
  // listening mode (issue 18): shown while the line is hidden
  const revealButton = h(
    'button',
    { type: 'button', className: 'pr-text-button pr-reveal', 'aria-label': 'Reveal line (S)', hidden: true },
    'Reveal',
  )
  const element = h('div', { className: 'pr-subtitle-bar' }, wordsEl, revealButton, copyButton)

  const currentSegment = (): Segment | undefined => store.get().segments?.[segIndex]
  const concealed = (): boolean => store.get().listening && !revealed

  function wordButton(): HTMLButtonElement {
    const button = h('button', { type: 'button', className: 'pr-word' })
    button.addEventListener('click', () => seek(Number(button.dataset.start)))
    return button
  }

  /** Remove what is not one of the first `keep` word buttons (with its trailing space): a message, a hidden line. */
  function clear(keep: number): void {
    const kept = new Set<Node>()
    for (const button of buttons.slice(0, keep)) {
      kept.add(button)
      if (button.nextSibling?.nodeType === 3) kept.add(button.nextSibling)
    }
    for (const node of [...wordsEl.childNodes]) if (!kept.has(node)) node.remove()
    buttons.length = Math.min(buttons.length, keep)
  }

  function render(): void {
    wordIndex = -1
    const active = doc.activeElement
    const focusedWord = buttons.indexOf(active as HTMLButtonElement)
    const revealFocused = active === revealButton
    const hadFocus = focusedWord >= 0 || (active === wordsEl && parked)
    const { segments, words } = store.get()
    const opts = ctx.options()
    const seg = segments?.[segIndex]
    if (!segments || !seg || seg.words.length === 0 || concealed()) {
      clear(0)
      if (segments?.length === 0) wordsEl.append(h('p', { className: 'pr-empty' }, MESSAGES.noSubtitles))
      else if (seg && concealed()) wordsEl.append(concealedLine(seg))
      else if (segments && !seg && opts.showGapText) {
        wordsEl.append(h('p', { className: 'pr-empty' }, MESSAGES.noSubtitlesMoment))
      }
    } else {
      // match over the whole clip, so a phrase that runs across two subtitle lines is highlighted in both
      const hits = matchPhrase(
        words.map((w) => w.word),
        opts.query,
      )
      let offset = 0
      for (let i = 0; i < segIndex; i++) offset += segments[i]!.words.length
      clear(seg.words.length)
      seg.words.forEach((w, i) => {
        let button = buttons[i]
        if (!button) {
          button = wordButton()
          buttons.push(button)
          wordsEl.append(button, ' ')
        }
        button.className = hits.has(offset + i) ? 'pr-word pr-match' : 'pr-word'
        button.dataset.start = String(w.start)
        button.setAttribute('aria-label', `${w.word}, play from ${formatTime(w.start)}`)
        if (button.textContent !== w.word) button.textContent = w.word
      })
    }
    const hidden = !!seg && concealed()
    revealButton.hidden = !hidden
    // the reveal button goes once the line shows: its first word takes focus
    if (revealFocused && !hidden) {
      const first = buttons[0]
      if (first) first.focus({ preventScroll: true })
      else wordsEl.focus({ preventScroll: true })
      return
    }
    if (!hadFocus) return
    // the focused word went away: its successor in the new line takes focus, else the bar keeps it
    const next = buttons[Math.max(0, Math.min(focusedWord, buttons.length - 1))]
    if (next) {
      parked = false
      if (doc.activeElement !== next) next.focus({ preventScroll: true })
    } else if (doc.activeElement !== wordsEl) {
      wordsEl.focus({ preventScroll: true })
      parked = true
    }
  }

  /** Listening mode: the line blurred and hidden from assistive technology, with a note that says so. */
  function concealedLine(seg: Segment): HTMLElement {
    return h(
      'p',
      { className: 'pr-concealed', 'data-testid': 'pr-concealed' },
      h('span', { className: 'pr-blurred', 'aria-hidden': 'true' }, seg.words.map((w) => w.word).join(' ')),
      h('span', { className: 'pr-visually-hidden' }, MESSAGES.listeningLineHidden),
    )
  }

  revealButton.addEventListener('click', () => reveal())

  copyButton.addEventListener('click', async () => {
    const seg = currentSegment()
    const text = seg ? seg.words.map((w) => w.word).join(' ') : (ctx.options().transcript ?? '')
    if (!text) {
      showToast(copyButton, MESSAGES.nothingToCopy, 'info')
      return
    }
    const ok = await copyText(text)
    showToast(copyButton, ok ? MESSAGES.copied : 'Failed to copy text', ok ? 'success' : 'error')
  })

  function markWord(time: number): void {
    const { segments } = store.get()
    const seg = segments?.[segIndex]
    const nextWord = seg ? findWordIndex(seg.words, time) : -1
    if (nextWord === wordIndex) return
    wordIndex = nextWord
    buttons.forEach((b, i) => {
      b.classList.toggle('pr-current', i === wordIndex)
    })
    const word = seg?.words[nextWord]
    if (segments && word) {
      // the index among the clip's words, across segments
      let index = nextWord
      for (let i = 0; i < segIndex; i++) index += segments[i]!.words.length
      ctx.events.emit('wordchange', { index, word: word.word, start: word.start, end: word.end })
    }
  }

  let lastTime = 0
  function reveal(): boolean {
    if (!concealed() || !currentSegment()) return false
    revealed = true
    render()
    markWord(lastTime)
    return true
  }

  return {
    element,
    reset() {
      segIndex = -2
      saidIndex = -2
      wordIndex = -1
      revealed = false
    },
    showTime(time) {
      lastTime = time
      const { segments } = store.get()
      const nextShown = segments ? shownSegmentIndex(segments, time) : -1
      if (nextShown !== segIndex) {
        segIndex = nextShown
        revealed = false
        render()
      }
      const said = segments ? findSegmentIndex(segments, time) : -1
      if (said !== saidIndex) {
        saidIndex = said
        const seg = segments?.[said]
        if (seg) {
          const text = seg.words.map((w) => w.word).join(' ')
          ctx.events.emit('segmentchange', { index: said, text, start: seg.start, end: seg.end })
        }
      }
      markWord(time)
    },
    currentSegment,
    reveal,
    refresh() {
      revealed = false
      render()
      markWord(lastTime)
    },
  }
}
