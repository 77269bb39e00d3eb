/**
 * The player's events for hosts (the embed page forwards them over postMessage; see widget/README.md, "Embedding
 * with the JS API"). The parts emit where the thing happens: `media.ts` the playback state and media errors,
 * `subtitle-view.ts` the segment and the word being said, `player.ts` the speed (a store change).
 */

/** What the media is doing: `ended` only when a clip ended and nothing went on playing. */
export type PlaybackState = 'playing' | 'paused' | 'ended' | 'buffering'

/** Every event the player emits, with its payload. Times are seconds in the clip. */
export interface PlayerEventMap {
  statechange: { state: PlaybackState }
  speedchange: { speed: number }
  /** The subtitle line being said changed: its index in the clip, its text and its times. */
  segmentchange: { index: number; text: string; start: number; end: number }
  /** The word being said changed: its index among the clip's words (all segments), the word and its times. */
  wordchange: { index: number; word: string; start: number; end: number }
  /** The media failed (`code` 'media'). */
  error: { code: string; message: string }
}

export type PlayerEventName = keyof PlayerEventMap

export type PlayerEventListener<K extends PlayerEventName> = (payload: PlayerEventMap[K]) => void

/** A typed event emitter: `on` returns the function that stops listening; a throwing listener is logged. */
export interface Emitter<M extends object> {
  on<K extends keyof M>(name: K, listener: (payload: M[K]) => void): () => void
  emit<K extends keyof M>(name: K, payload: M[K]): void
  /** Drop every listener (destroy). */
  clear(): void
}

export function createEmitter<M extends object>(): Emitter<M> {
  const listeners = new Map<keyof M, Set<(payload: never) => void>>()
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set()
      listeners.set(name, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          ;(listener as (p: typeof payload) => void)(payload)
        } catch (error) {
          console.warn(`[phrasereel] a ${String(name)} listener failed:`, error)
        }
      }
    },
    clear: () => listeners.clear(),
  }
}
