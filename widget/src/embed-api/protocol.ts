/**
 * The postMessage protocol between the loader (`/embed/api.js`, `loader.ts`) and the embed page (`/embed/{id}`,
 * `/embed?q=`), and the iframe URL parameters. Shared by both sides; the loader bundles only what it uses.
 * Documented in widget/README.md ("Embedding with the JS API") and docs/decisions/086.
 */
import type { PlaybackState, PlayerEventMap } from '../player/events.ts'

/** Every message of either side carries `source: MESSAGE_SOURCE` and the player's `id`. */
export const MESSAGE_SOURCE = 'phrasereel'

/** What the embed page reports beside every event, so the loader answers `getState()`/`getSpeed()` at once. */
export interface EmbedSnapshot {
  state: PlaybackState
  speed: number
  /** The clip's place in the results (0 for a single clip) and how many there are. */
  index: number
  total: number
  chunkId: number | null
  query: string | null
}

/** Every event an embedded player sends, with its payload. */
export interface EmbedEventMap extends PlayerEventMap {
  ready: Record<string, never>
  fetchdone: { query: string; total: number }
  clipchange: { index: number; total: number; chunkId: number; text: string }
}

export type EmbedEventName = keyof EmbedEventMap

/** iframe → loader. */
export interface EmbedEventMessage<K extends EmbedEventName = EmbedEventName> {
  source: typeof MESSAGE_SOURCE
  id: string
  type: 'event'
  event: K
  data: EmbedEventMap[K]
  state: EmbedSnapshot
}

/** The commands the embed page takes, with their arguments. */
export interface EmbedCommandMap {
  play: []
  pause: []
  replay: []
  next: []
  previous: []
  seek: [seconds: number]
  setSpeed: [rate: number]
  fetch: [query: string]
}

export type EmbedCommandName = keyof EmbedCommandMap

/** loader → iframe. */
export interface EmbedCommandMessage<K extends EmbedCommandName = EmbedCommandName> {
  source: typeof MESSAGE_SOURCE
  id: string
  type: 'command'
  command: K
  args: EmbedCommandMap[K]
}

/** Which parts of the player show (`components` option, one URL parameter each: `subtitles=0`, `search=1`). */
export interface EmbedComponents {
  subtitles: boolean
  translations: boolean
  controls: boolean
  info: boolean
  search: boolean
}

export const DEFAULT_COMPONENTS: EmbedComponents = {
  subtitles: true,
  translations: true,
  controls: true,
  info: true,
  search: false,
}

/** The error codes an embedded player reports. */
export type EmbedErrorCode =
  | 'not_found'
  | 'no_results'
  | 'fetch_failed'
  | 'bad_query'
  | 'invalid_speed'
  | 'invalid_seek'
  | 'unknown_command'
  | 'media'
