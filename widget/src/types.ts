import type { UserPreferences } from '@phrasereel/api/shared/wire'
/** Content metadata as the API answers it (spec §3); every field but the id may be missing. */
export interface PlayerContentMetadata {
  id?: number | null
  name?: string | null
  content_part?: string | null
  content_category?: string | null
  genre?: string | null
  release_year?: number | string | null
  external_link?: string | null
}

/** One timed word of the segment JSON (spec §3 "Subtitle data"), seconds relative to the clip. */
export interface SegmentWord {
  word: string
  start: number
  end: number
}

/** One subtitle segment (spec §3). */
export interface Segment {
  index: number
  start: number
  end: number
  words: SegmentWord[]
}

/** One translation of a clip as GET /api/content/chunks/{id}/translations answers it (spec §3, §7.2). */
export interface PlayerTranslation {
  translated_language: string
  translation_data?: { translated_phrase?: string | null } | null
  translation_literal_data?: { words?: Record<string, string>[] | null } | null
  translation_comprehension_data?: { phrase: string; translation: string }[] | null
}

import type { ChunkLink, PhraseTimes } from '@phrasereel/api/shared/wire'
import type { PlaybackState, PlayerEventListener, PlayerEventName } from './player/events.ts'

/** Where chunk-level previous/next leads, and where the searched phrase is said (the API's wire types). */
export type { ChunkLink, PhraseMatch, PhraseTimes } from '@phrasereel/api/shared/wire'

/** A clip as the API answers it (spec §3); what `chunkToOptions` turns into player options. */
export interface PlayerChunk {
  id: number
  play_s3_url: string
  segment_s3_url?: string | null
  thumbnail_s3_url?: string | null
  transcribed_text?: string | null
  chunk_type?: string | null
  content_metadata?: PlayerContentMetadata | null
  /** Search results may say where the phrase was found, in seconds relative to the clip. */
  match?: PhraseTimes | null
}

/** Which player navigation direction. */
export type Direction = 'previous' | 'next'

/**
 * Everything the player reads. The first twelve are the inputs of spec §2.5; the rest are additions the
 * modal, `/play/{chunkId}` and embeds need.
 */
export interface PlayerOptions {
  /** Shown (true) or hidden and paused (false). Closing resets the translation UI (spec §4). */
  isOpen: boolean
  videoUrl: string | null
  subtitleUrl: string | null
  contentMetadata: PlayerContentMetadata | null
  transcript: string | null
  /** The searched phrase; its words are highlighted as one phrase (spec §2.5, normalised as spec §5). */
  query: string | null
  /** List-level previous: the host owns the list and wraps around (see `stepIndex`). */
  onPrevious: (() => void) | null
  /** List-level next. Without onPrevious/onNext the player asks the server (chunk-level navigation). */
  onNext: (() => void) | null
  chunkId: number | null
  /** Wanted playing state; kept across previous/next. */
  isPlaying: boolean
  /** Chunk-level navigation moved to another chunk. */
  onChunkChange: ((link: ChunkLink) => void) | null
  /** The clip ended; with a handler the host advances, without one the clip loops (spec §4). */
  onVideoEnd: (() => void) | null

  /** 'video' plays in the video layout, anything else in the audio layout (spec §3 chunk_type). */
  chunkType: string
  thumbnailUrl: string | null
  /** Start at this phrase with a short lead-in; 'Replay phrase' (R) and 'Loop phrase' use it. */
  match: PhraseTimes | null
  /** Translations already at hand; null means fetch them for chunkId. */
  translations: PlayerTranslation[] | null
  /** Origin of the API, '' for the same origin (embeds on other sites set it). */
  apiBase: string
  /** 'modal' draws a dialog over the page, 'page' fills its container (/play), 'embed' sits inline. */
  variant: 'modal' | 'page' | 'embed'
  /** Close request (Esc when not in fullscreen, the close button). */
  onClose: (() => void) | null
  /** The player started or stopped playing (lets the host keep isPlaying in step). */
  onPlayingChange: ((playing: boolean) => void) | null
  /** Media to warm up so the next clip starts without a visible wait (e.g. the next list item's URL). */
  preloadUrls: string[]
  /** Show the 'Loading chunk...' overlay (e.g. /play while the chunk is fetched, spec §2.6). */
  loading: boolean
  /** Chunk-level navigation: fetch and preload the next chunk once half the clip has played (default true). */
  prefetchNext: boolean
  /** Say 'No subtitles available for this moment' between segments (true) or show nothing (false). */
  showGapText: boolean
  /** Initial playback rate, one of PLAYBACK_RATES. */
  playbackRate: number
  /** Fetch used for API and subtitle calls (tests and hosts may wrap it). */
  fetch: typeof fetch | null
  /** Translation language to show first (two-letter code) when the clip has it; else the first one. */
  language: string | null
  /** Start muted (autoplay without a user gesture, embeds). */
  muted: boolean
  /** Open the desktop translations panel at the start. */
  panelOpen: boolean
  /**
   * Remember the translation language, tab and speed in this browser (issue 17; default true). The host's
   * `language` and `playbackRate` still win when it gives them.
   */
  remember: boolean
  /** The learner changed a remembered setting (the site saves a signed-in learner's in the profile). */
  onPreferencesChange: ((preferences: UserPreferences) => void) | null
  /** Where the clip stands in the host's run (1-based `index`; `total` null when unknown): shows 'n / N'. */
  position: { index: number; total: number | null } | null
  /** The clip's link: when set, a 'Copy link' button copies it and shows a toast (issue 17). */
  shareUrl: string | null
  /**
   * Run-through (issue 18, hosts that give `onVideoEnd`): play each clip this many times before going on; null
   * means the learner's remembered choice ('Repeat each clip' in the player's settings).
   */
  repeatEach: 1 | 2 | 3 | null
  /**
   * Run-through: pause at the end of each clip instead of going on; null means the remembered choice. A host that
   * sets both `repeatEach` and `stopAfterEach` owns them: the player shows no settings control.
   */
  stopAfterEach: boolean | null
  /** Issue 18: with a handler, the control row has an 'Add to collection' button for the clip shown. */
  onAddToCollection: ((chunkId: number) => void) | null
}

/** The handle createPlayer returns. */
export interface PlayerHandle {
  /** Merge new options and re-render what changed. */
  update(options: Partial<PlayerOptions>): void
  /** Remove the player's DOM, listeners and timers. */
  destroy(): void
  /** The current options (a copy). */
  getOptions(): PlayerOptions
  /** The media element currently in use (for hosts that need its events). */
  getMediaElement(): HTMLMediaElement | null
  /** Listen to one of the player's events (src/player/events.ts); returns the function that stops listening. */
  on<K extends PlayerEventName>(name: K, listener: PlayerEventListener<K>): () => void
  play(): void
  pause(): void
  /** Seek to `seconds` in the clip. */
  seek(seconds: number): void
  /** Set the speed; false (nothing changes) unless it is one of PLAYBACK_RATES. */
  setRate(rate: number): boolean
  /** Play the phrase again from its lead-in; false when there is no phrase. */
  replayPhrase(): boolean
  /** Previous or next clip, as the buttons do. */
  navigate(direction: Direction): Promise<void>
  /** What the media is doing now. */
  playbackState(): PlaybackState
}
