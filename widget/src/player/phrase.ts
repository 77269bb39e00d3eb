import { findPhraseTiming } from '../highlight.ts'
import { PHRASE_TAIL_S, phraseStartTime } from '../segments.ts'
import type { PhraseTimes, Segment } from '../types.ts'
import type { MediaControl } from './media.ts'
import type { PlayerContext } from './state.ts'

/** The searched phrase: where it is said, 'Replay phrase' and 'Loop phrase'. */
export interface PhraseControl {
  /** The phrase from search (`match`), else the query found in the subtitles, else null. */
  match(): PhraseTimes | null
  /** Play the phrase again from its lead-in; false when there is no phrase. */
  replay(): boolean
  /** Turn looping on or off; without a phrase it loops `segment`, the line being said. */
  toggleLoop(segment: Segment | undefined): void
  /** Forget the looped range (a new clip); 'Loop phrase' itself stays on. */
  resetRange(): void
  /** While looping and playing, jump back once the range (and its tail) has passed; true when it jumped. */
  loopBack(time: number): boolean
}

/** Create the phrase control, seeking and playing through `media`. */
export function createPhraseControl(
  ctx: PlayerContext,
  media: Pick<MediaControl, 'seek' | 'play'>,
): PhraseControl {
  const { store } = ctx
  let range: PhraseTimes | null = null

  function match(): PhraseTimes | null {
    const { words } = store.get()
    const opts = ctx.options()
    return opts.match ?? (words.length > 0 ? findPhraseTiming(words, opts.query) : null)
  }

  return {
    match,
    replay() {
      const phrase = match()
      if (!phrase) return false
      media.seek(phraseStartTime(phrase))
      media.play()
      return true
    },
    toggleLoop(segment) {
      const on = !store.get().loopPhrase
      // without a searched phrase, loop the sentence being said
      range = on ? (match() ?? (segment ? { start: segment.start, end: segment.end } : null)) : null
      store.set({ loopPhrase: on })
    },
    resetRange() {
      range = null
    },
    loopBack(time) {
      const { loopPhrase, playing } = store.get()
      if (!loopPhrase || !range || !playing || time < range.end + PHRASE_TAIL_S) return false
      media.seek(phraseStartTime(range))
      return true
    },
  }
}
