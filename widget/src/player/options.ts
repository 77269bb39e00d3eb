import { PREFERENCE_PLAYBACK_RATES } from '@phrasereel/api/shared/limits'
import type { PlayerOptions } from '../types.ts'

/** Playback speeds the speed picker offers: the ones a learner's preferences may keep (one list, shared). */
export const PLAYBACK_RATES: readonly number[] = PREFERENCE_PLAYBACK_RATES

/** Every option's value when the host does not give one. */
export const DEFAULT_OPTIONS: PlayerOptions = {
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
  remember: true,
  onPreferencesChange: null,
  language: null,
  muted: false,
  panelOpen: false,
  position: null,
  shareUrl: null,
  repeatEach: null,
  stopAfterEach: null,
  onAddToCollection: null,
}

/** The rate to start with: the option when the speed picker offers it, else 1. */
export function initialRate(playbackRate: number): number {
  return PLAYBACK_RATES.includes(playbackRate) ? playbackRate : 1
}

/** What one `update()` call changed. */
export interface OptionsChange {
  /** The options in effect before the call. */
  before: PlayerOptions
  /** The options the host changed since its previous call, with their new values. */
  delta: Partial<PlayerOptions>
  /** The host changed `key` and its value in effect now differs from before. */
  changed(key: keyof PlayerOptions): boolean
}

/** The options in effect, and the host's as it last gave them. */
export interface PlayerOptionsState {
  /** The options in effect. */
  current(): PlayerOptions
  /** Merge the host's options; only what it changed since its previous call counts. */
  fromHost(partial: Partial<PlayerOptions>): OptionsChange
  /** The player changes options in effect itself (chunk-level navigation, a new clip's phrase). */
  set(patch: Partial<PlayerOptions>): void
}

/** Hold the options of one player, starting from the defaults and the host's `initial`. */
export function createOptions(initial: Partial<PlayerOptions>): PlayerOptionsState {
  let opts: PlayerOptions = { ...DEFAULT_OPTIONS, ...initial }
  // opts drifts from these when the player navigates by itself
  let hostOpts: PlayerOptions = { ...opts }
  return {
    current: () => opts,
    fromHost(partial) {
      const before = opts
      // After the player moved to another chunk by itself, a host re-rendering with its previous (now stale)
      // values must not pull it back.
      const delta: Partial<PlayerOptions> = {}
      for (const key of Object.keys(partial) as (keyof PlayerOptions)[]) {
        if (partial[key] !== hostOpts[key]) Object.assign(delta, { [key]: partial[key] })
      }
      hostOpts = { ...hostOpts, ...partial }
      opts = { ...opts, ...delta }
      return { before, delta, changed: (key) => key in delta && opts[key] !== before[key] }
    },
    set(patch) {
      opts = { ...opts, ...patch }
    },
  }
}
