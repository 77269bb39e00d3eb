import type { PlayerOptions, PlayerTranslation, Segment, SegmentWord } from '../types.ts'
import type { Emitter, PlaybackState, PlayerEventMap } from './events.ts'

/** Hears one key of a store change: the new value and the one it replaced. */
export type Listener<T> = (value: T, previous: T) => void

/** A small observable store: `set` merges a patch, then tells each changed key's listeners. */
export interface Store<S extends object> {
  /** The current state (read it, change it only through `set`). */
  get(): Readonly<S>
  /** Merge `patch`; listeners of the keys whose value changed (`Object.is`) run once the whole patch is in. */
  set(patch: Partial<S>): void
  /** Listen to changes of `key`; returns the function that stops listening. */
  on<K extends keyof S>(key: K, listener: Listener<S[K]>): () => void
}

/** Create a store holding a copy of `initial`. */
export function createStore<S extends object>(initial: S): Store<S> {
  const state: S = { ...initial }
  const listeners = new Map<keyof S, Set<Listener<unknown>>>()
  return {
    get: () => state,
    set(patch) {
      const changes: [keyof S, unknown][] = []
      for (const key of Object.keys(patch) as (keyof S)[]) {
        const value = patch[key] as S[keyof S]
        if (Object.is(value, state[key])) continue
        changes.push([key, state[key]])
        state[key] = value
      }
      // listeners run after the whole patch is applied, so each one sees a consistent state
      for (const [key, previous] of changes) {
        for (const listener of [...(listeners.get(key) ?? [])]) listener(state[key], previous)
      }
    },
    on(key, listener) {
      const set = listeners.get(key) ?? new Set()
      listeners.set(key, set)
      const entry = listener as Listener<unknown>
      set.add(entry)
      return () => set.delete(entry)
    },
  }
}

/** What more than one part of the player reads; each part keeps the rest to itself. */
export interface PlayerState {
  /** The media is playing (from its play and pause events). */
  playing: boolean
  /** What the media is doing, as hosts hear it (`statechange`): set by `media.ts` from the media's events. */
  playback: PlaybackState
  /** Playback rate, one of PLAYBACK_RATES. */
  rate: number
  /** 'Loop phrase' is on. */
  loopPhrase: boolean
  /** The clip's subtitle segments: null while they load, [] when there are none. */
  segments: Segment[] | null
  /** The segments' timed words in order; always set together with `segments`. */
  words: SegmentWord[]
  /** The clip's translations: null while they load. */
  translations: PlayerTranslation[] | null
  /** The window is narrower than the mobile breakpoint (spec §2.2). */
  mobile: boolean
  fullscreen: boolean
  /** The desktop translations panel is open. */
  panelOpen: boolean
  /** Listening mode (issue 18): the line hidden until revealed, the picture hidden (player/listening.ts). */
  listening: boolean
}

/** What every part of the player is given: the document, the store and the options in effect. */
export interface PlayerContext {
  readonly doc: Document
  readonly win: Window & typeof globalThis
  readonly store: Store<PlayerState>
  /** The events hosts listen to (`PlayerHandle.on`); parts emit where the thing happens. */
  readonly events: Emitter<PlayerEventMap>
  /** Prefix for this player's element ids (several players may share a page). */
  readonly idPrefix: string
  /** The options in effect (they drift from the host's when the player navigates by itself). */
  options(): PlayerOptions
  /** True once `destroy()` ran: late timers and answers must do nothing. */
  isDestroyed(): boolean
  /** The fetch for API and subtitle calls (the `fetch` option, else the window's). */
  fetcher(): typeof fetch
}
