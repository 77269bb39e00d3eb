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
  /** The segment being said, if any. */
  currentSegment(): Segment | undefined
}

/** Create the subtitle bar; a word click seeks to it. */
export function createSubtitleView(ctx: PlayerContext, seek: (time: number) => void): SubtitleView {
  const { doc, store } = ctx
  let segIndex = -2 // -2: nothing drawn yet
  let wordIndex = -1
  const wordsEl = h('div', { className: 'pr-words', 'data-testid': 'pr-subtitles', lang: 'en' })
  const copyButton = h(
    'button',
    { type: 'button', className: 'pr-icon-button pr-copy', 'aria-label': 'Copy subtitle text' },
    icon(doc, 'copy'),
  )
  const element = h('div', { className: 'pr-subtitle-bar' }, wordsEl, copyButton)

  const currentSegment = (): Segment | undefined => store.get().segments?.[segIndex]

  function render(): void {
    wordIndex = -1
    wordsEl.replaceChildren()
    const { segments, words } = store.get()
    const opts = ctx.options()
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

  return {
    element,
    reset() {
      segIndex = -2
      wordIndex = -1
    },
    showTime(time) {
      const { segments } = store.get()
      const nextSeg = segments ? findSegmentIndex(segments, time) : -1
      const seg = segments?.[nextSeg]
      if (nextSeg !== segIndex) {
        segIndex = nextSeg
        render()
        if (seg) {
          const text = seg.words.map((w) => w.word).join(' ')
          ctx.events.emit('segmentchange', { index: nextSeg, text, start: seg.start, end: seg.end })
        }
      }
      const nextWord = seg ? findWordIndex(seg.words, time) : -1
      if (nextWord !== wordIndex) {
        wordIndex = nextWord
        wordsEl.querySelectorAll<HTMLElement>('.pr-word').forEach((b, i) => {
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
    },
    currentSegment,
  }
}
