/**
 * The PhraseReel player: a framework-free core that renders its own DOM (see README). `createPlayer` mounts it;
 * the pure helpers are exported for hosts and tests.
 */
export { createPlayer, PLAYBACK_RATES } from './player.ts'
export { chunkToOptions } from './chunk.ts'
export { stepIndex, createNavigationLock } from './navigation.ts'
export { findPhraseTiming, highlightText, matchPhrase } from './highlight.ts'
export { findSegmentIndex, findWordIndex, parseSegments, PHRASE_LEAD_IN_S } from './segments.ts'
export { availableTabs, isRtl, languageFlag, pairLiteral } from './translations.ts'
export { isTypingTarget, keyAction } from './keyboard.ts'
export { copyText, showToast } from './toast.ts'
export type {
  ChunkLink,
  Direction,
  PhraseMatch,
  PhraseTimes,
  PlayerChunk,
  PlayerContentMetadata,
  PlayerHandle,
  PlayerOptions,
  PlayerTranslation,
  Segment,
  SegmentWord,
} from './types.ts'
export type {
  PlaybackState,
  PlayerEventListener,
  PlayerEventMap,
  PlayerEventName,
} from './player/events.ts'
