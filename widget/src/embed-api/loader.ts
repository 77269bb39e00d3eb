/**
 * `/embed/api.js`: the loader of the embeddable player (issue 16; widget/README.md "Embedding with the JS API").
 * It defines `window.PhraseReel` (`Player`, `mountAll`), mounts every `.phrasereel-embed` element, then calls
 * `window.onPhraseReelReady()`. A `PhraseReel.Player` is an iframe of the embed page (`/embed/{chunkId}` or
 * `/embed?q=`), driven by postMessage: commands go to that iframe only, and events are taken only from the
 * PhraseReel origin and only from the player's own iframe. No player code here: it stays under 5 KB gzip.
 */
import {
  DEFAULT_COMPONENTS,
  type EmbedCommandMap,
  type EmbedCommandName,
  type EmbedComponents,
  type EmbedEventMap,
  type EmbedEventMessage,
  type EmbedEventName,
  type EmbedSnapshot,
  MESSAGE_SOURCE,
} from './protocol.ts'

type Listener<K extends EmbedEventName> = (payload: EmbedEventMap[K]) => void

/** `onReady`, `onFetchDone`, … : the `events` option's names for `ready`, `fetchdone`, … */
type EventOptions = { [name: string]: ((payload: never) => void) | undefined }

export interface PlayerOptions {
  query?: string
  chunkId?: number | string
  lang?: string
  autoplay?: boolean
  muted?: boolean
  theme?: 'dark' | 'light'
  speed?: number
  repeat?: number
  components?: Partial<EmbedComponents>
  width?: number | string
  height?: number | string
  events?: EventOptions
}

interface Global {
  PhraseReel?: Record<string, unknown>
  onPhraseReelReady?: () => void
}

const script = document.currentScript as HTMLScriptElement | null
/** Where the loader came from is where the player lives. */
const ORIGIN = new URL(script?.src || location.href).origin
let count = 0

const size = (value: number | string | undefined, fallback: string): string =>
  value === undefined || value === '' ? fallback : /^\d+$/.test(String(value)) ? `${value}px` : String(value)

/** The embed page's URL for `options`: the options as URL parameters (see widget/README.md). */
function frameUrl(id: string, options: PlayerOptions): string {
  const chunk = options.chunkId !== undefined && options.chunkId !== '' ? String(options.chunkId) : ''
  const url = new URL(chunk ? `/embed/${encodeURIComponent(chunk)}` : '/embed', ORIGIN)
  const params = url.searchParams
  if (!chunk && options.query) params.set('q', options.query)
  if (options.lang) params.set('lang', options.lang)
  if (options.theme) params.set('theme', options.theme)
  if (options.speed !== undefined) params.set('speed', String(options.speed))
  if (options.repeat !== undefined) params.set('repeat', String(options.repeat))
  if (options.autoplay) params.set('autoplay', '1')
  if (options.muted) params.set('muted', '1')
  const components = options.components ?? {}
  for (const key of Object.keys(DEFAULT_COMPONENTS) as (keyof EmbedComponents)[]) {
    const value = components[key]
    if (value !== undefined && value !== DEFAULT_COMPONENTS[key]) params.set(key, value ? '1' : '0')
  }
  params.set('id', id)
  params.set('origin', location.origin)
  return url.href
}

/** One embedded player: its iframe, its listeners, the state the iframe last reported. */
export class Player {
  readonly id: string
  readonly iframe: HTMLIFrameElement
  private listeners = new Map<string, Set<Listener<never>>>()
  private queue: [EmbedCommandName, unknown[]][] = []
  private ready = false
  private destroyed = false
  private snapshot: EmbedSnapshot
  private readonly onMessage: (event: MessageEvent) => void

  constructor(target: HTMLElement | string, options: PlayerOptions = {}) {
    const host = typeof target === 'string' ? document.getElementById(target) : target
    if (!host) throw new Error(`PhraseReel.Player: no element ${String(target)}`)
    if (!options.query && (options.chunkId === undefined || options.chunkId === ''))
      throw new Error('PhraseReel.Player: give a query or a chunkId')
    this.id = `phrasereel-${++count}-${Math.random().toString(36).slice(2, 8)}`
    this.snapshot = {
      state: 'paused',
      speed: options.speed ?? 1,
      index: 0,
      total: 0,
      chunkId: options.chunkId === undefined ? null : Number(options.chunkId),
      query: options.query ?? null,
    }
    for (const [key, fn] of Object.entries(options.events ?? {})) {
      if (typeof fn === 'function' && key.startsWith('on'))
        this.on(key.slice(2).toLowerCase() as EmbedEventName, fn as Listener<EmbedEventName>)
    }
    const iframe = document.createElement('iframe')
    iframe.src = frameUrl(this.id, options)
    iframe.title = 'PhraseReel player'
    iframe.allow = 'autoplay; fullscreen; clipboard-write'
    iframe.setAttribute('allowfullscreen', '')
    iframe.style.cssText = `border:0;display:block;max-width:100%;width:${size(options.width, '100%')};height:${size(options.height, '400px')}`
    this.iframe = iframe
    this.onMessage = (event) => this.receive(event)
    window.addEventListener('message', this.onMessage)
    host.append(iframe)
  }

  private receive(event: MessageEvent): void {
    // only the PhraseReel origin, only this player's own iframe, only its own tagged messages
    if (event.origin !== ORIGIN || !event.source || event.source !== this.iframe.contentWindow) return
    const message = event.data as EmbedEventMessage | null
    if (!message || message.source !== MESSAGE_SOURCE || message.id !== this.id || message.type !== 'event')
      return
    if (message.state) this.snapshot = message.state
    if (message.event === 'ready') {
      this.ready = true
      for (const [command, args] of this.queue.splice(0)) this.send(command, args)
    }
    for (const fn of [...(this.listeners.get(message.event) ?? [])]) {
      try {
        ;(fn as Listener<EmbedEventName>)(message.data)
      } catch (error) {
        console.warn(`[phrasereel] an ${message.event} listener failed:`, error)
      }
    }
  }

  private send<K extends EmbedCommandName>(command: K, args: EmbedCommandMap[K] | unknown[]): void {
    if (this.destroyed) return
    if (!this.ready) {
      this.queue.push([command, args])
      return
    }
    this.iframe.contentWindow?.postMessage(
      { source: MESSAGE_SOURCE, id: this.id, type: 'command', command, args },
      ORIGIN,
    )
  }

  play(): void {
    this.send('play', [])
  }
  pause(): void {
    this.send('pause', [])
  }
  /** Play the phrase again. */
  replay(): void {
    this.send('replay', [])
  }
  next(): void {
    this.send('next', [])
  }
  previous(): void {
    this.send('previous', [])
  }
  seek(seconds: number): void {
    this.send('seek', [seconds])
  }
  setSpeed(rate: number): void {
    this.send('setSpeed', [rate])
  }
  /** Speed as the player last reported it. */
  getSpeed(): number {
    return this.snapshot.speed
  }
  /** A new search in the same player. */
  fetch(query: string): void {
    this.send('fetch', [query])
  }
  /** 'playing' | 'paused' | 'ended' | 'buffering', as the player last reported it. */
  getState(): EmbedSnapshot['state'] {
    return this.snapshot.state
  }
  on<K extends EmbedEventName>(name: K, fn: Listener<K>): this {
    const set = this.listeners.get(name) ?? new Set()
    this.listeners.set(name, set)
    set.add(fn as Listener<never>)
    return this
  }
  off<K extends EmbedEventName>(name: K, fn: Listener<K>): this {
    this.listeners.get(name)?.delete(fn as Listener<never>)
    return this
  }
  /** Remove the iframe and every listener; the player does nothing afterwards. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    window.removeEventListener('message', this.onMessage)
    this.listeners.clear()
    this.queue = []
    this.iframe.remove()
  }
}

const flag = (value: string | undefined): boolean | undefined =>
  value === undefined ? undefined : !/^(0|false|no|off)$/i.test(value)

/** Mount a player in every `.phrasereel-embed` element that has none yet; `data-*` mirrors the options. */
export function mountAll(root: ParentNode = document): Player[] {
  const players: Player[] = []
  for (const el of root.querySelectorAll<HTMLElement>('.phrasereel-embed')) {
    const d = el.dataset
    if (d.phrasereelMounted) continue
    d.phrasereelMounted = 'true'
    const components: Partial<EmbedComponents> = {}
    for (const key of Object.keys(DEFAULT_COMPONENTS) as (keyof EmbedComponents)[]) {
      const value = flag(d[key])
      if (value !== undefined) components[key] = value
    }
    try {
      players.push(
        new Player(el, {
          query: d.query,
          chunkId: d.chunkId,
          lang: d.lang,
          theme: d.theme as PlayerOptions['theme'],
          speed: d.speed ? Number(d.speed) : undefined,
          repeat: d.repeat ? Number(d.repeat) : undefined,
          autoplay: flag(d.autoplay),
          muted: flag(d.muted),
          components,
          width: d.width,
          height: d.height,
        }),
      )
    } catch (error) {
      console.warn('[phrasereel]', error)
    }
  }
  return players
}

const global = window as unknown as Global
global.PhraseReel = Object.assign(global.PhraseReel ?? {}, { Player, mountAll })
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll())
else mountAll()
global.onPhraseReelReady?.()
