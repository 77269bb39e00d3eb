/**
 * The embed page in the browser (`/embed/{chunkId}`, `/embed?q=`; issue 16, decision 086): the player and nothing
 * else, for an iframe on another site. By query it plays through the search results (paging through
 * GET /api/search), each clip from its phrase, each `repeat` times before the next. It forwards the player's
 * events to its parent window (tagged with the loader's player id, to the parent's origin when the loader said
 * it) and takes commands only from its parent window. No learner session: like and save link out to the site.
 */
import { ApiError } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { chunkToOptions, createPlayer, type PlayerHandle } from '@phrasereel/widget'
import {
  type EmbedCommandMessage,
  type EmbedEventMap,
  type EmbedEventName,
  type EmbedSnapshot,
  MESSAGE_SOURCE,
} from '@phrasereel/widget/embed-protocol'
import { fetchChunk, type SiteChunk, searchChunks } from '../../lib/api.ts'
import { EMBED_PAGE_SIZE, type EmbedParams } from './embed-params.ts'

/** What the server put in the page: the parameters and the first clip(s), or why there are none. */
export interface EmbedConfig {
  params: EmbedParams
  /** The clip (by id) or the first page of results (by query). */
  items: SiteChunk[]
  total: number
  /** By query (plays through results) or by chunk id (one clip; previous/next move through its content). */
  mode: 'query' | 'chunk'
  /** Why nothing plays: an error code and message for the `error` event. */
  error: { code: string; message: string } | null
}

export function startEmbedPage(root: HTMLElement, config: EmbedConfig): void {
  const { params } = config
  const mount = root.querySelector<HTMLElement>('[data-embed-mount]')
  const link = root.querySelector<HTMLAnchorElement>('[data-embed-link]')
  const errorBox = root.querySelector<HTMLElement>('[data-embed-error]')
  const form = root.querySelector<HTMLFormElement>('[data-embed-search]')
  if (!mount) return
  const embedded = window.parent !== window
  let items = config.items
  let total = config.total
  let query = params.query
  let index = 0
  let speed = params.speed
  let plays = 0
  let player: PlayerHandle | null = null
  let searchToken = 0

  function snapshot(): EmbedSnapshot {
    return {
      state: player?.playbackState() ?? 'paused',
      speed,
      index,
      total,
      chunkId: player?.getOptions().chunkId ?? null,
      query,
    }
  }

  function emit<K extends EmbedEventName>(event: K, data: EmbedEventMap[K]): void {
    if (!embedded) return
    window.parent.postMessage(
      { source: MESSAGE_SOURCE, id: params.id, type: 'event', event, data, state: snapshot() },
      params.origin || '*',
    )
  }

  function fail(code: string, message: string): void {
    if (errorBox) {
      errorBox.textContent = message
      errorBox.hidden = false
    }
    emit('error', { code, message })
  }

  function showLink(chunkId: number | null): void {
    if (link && chunkId !== null) link.href = `/play/${chunkId}`
    if (link) link.hidden = chunkId === null
  }

  function clipChanged(chunk: SiteChunk): void {
    showLink(chunk.id)
    emit('clipchange', { index, total, chunkId: chunk.id, text: chunk.transcribed_text })
  }

  /** Put result `i` on stage (fetching the next page of results when needed). */
  async function go(i: number, playing: boolean): Promise<boolean> {
    if (i < 0 || i >= total) return false
    if (i >= items.length && query) {
      const token = searchToken
      try {
        const page = await searchChunks(query, { limit: EMBED_PAGE_SIZE, offset: items.length })
        if (token !== searchToken) return false
        items = [...items, ...page.items]
      } catch (error) {
        console.warn('[embed] the next page of results failed:', error)
        fail('fetch_failed', MESSAGES.embedSearchFailed)
        return false
      }
    }
    const chunk = items[i]
    if (!chunk) return false
    index = i
    plays = 0
    player?.update({ ...chunkToOptions(chunk), query })
    // played explicitly: the player keeps its own playing state across clips, and an ended clip is paused
    if (playing) player?.play()
    clipChanged(chunk)
    return true
  }

  /** The clip ended: play it again until it has played `repeat` times, then the next result. */
  function clipEnded(): void {
    plays++
    if (plays < params.repeat) {
      if (!player?.replayPhrase()) {
        player?.seek(0)
        player?.play()
      }
      return
    }
    if (config.mode === 'query' && index + 1 < total) void go(index + 1, true)
    // otherwise the media stays ended: the player reports 'ended'
  }

  /** A new search in the same player (the `fetch` command and the search box). */
  async function search(q: string): Promise<void> {
    const text = q.trim()
    if (!text) {
      fail('bad_query', MESSAGES.embedQueryRequired)
      return
    }
    const token = ++searchToken
    try {
      const page = await searchChunks(text, { limit: EMBED_PAGE_SIZE, offset: 0 })
      if (token !== searchToken) return
      config.mode = 'query'
      query = text
      items = page.items
      total = page.total
      index = 0
      emit('fetchdone', { query: text, total })
      if (items.length === 0) {
        fail('no_results', MESSAGES.noResults)
        return
      }
      if (errorBox) errorBox.hidden = true
      if (!player) start()
      else await go(0, params.autoplay || player.playbackState() === 'playing')
    } catch (error) {
      if (token !== searchToken) return
      console.warn('[embed] search failed:', error)
      if (error instanceof ApiError && error.status === 400)
        fail('bad_query', error.detail || MESSAGES.noResults)
      else fail('fetch_failed', MESSAGES.embedSearchFailed)
    }
  }

  function start(): void {
    const first = items[0]
    if (!first || !mount) return
    const byQuery = config.mode === 'query'
    player = createPlayer(mount, {
      ...chunkToOptions(first),
      variant: 'embed',
      isOpen: true,
      isPlaying: params.autoplay,
      query,
      language: params.lang,
      muted: params.muted,
      playbackRate: params.speed,
      panelOpen: params.components.translations && !!params.lang,
      onVideoEnd: clipEnded,
      // the embed counts its own `repeat`: the site's remembered run-through settings stay out of it
      repeatEach: 1,
      stopAfterEach: false,
      onPrevious: byQuery ? () => void go(index - 1, player?.playbackState() === 'playing') : null,
      onNext: byQuery ? () => void go(index + 1, player?.playbackState() === 'playing') : null,
      onChunkChange: byQuery
        ? null
        : (moved) => {
            plays = 0
            showLink(moved.id)
            // the transcript and details of the clip moved to (the player only knows its media)
            fetchChunk(moved.id)
              .then((chunk) => {
                if (player?.getOptions().chunkId !== chunk.id) return
                player.update({ transcript: chunk.transcribed_text, contentMetadata: chunk.content_metadata })
                clipChanged(chunk)
              })
              .catch((error: unknown) => console.warn('[embed] loading the clip failed:', error))
          },
    })
    player.on('statechange', (data) => emit('statechange', data))
    player.on('speedchange', (data) => {
      speed = data.speed
      emit('speedchange', data)
    })
    player.on('segmentchange', (data) => emit('segmentchange', data))
    player.on('wordchange', (data) => emit('wordchange', data))
    player.on('error', (data) => emit('error', data))
    emit('ready', {})
    if (byQuery && query) emit('fetchdone', { query, total })
    clipChanged(first)
  }

  function command(message: EmbedCommandMessage): void {
    const [arg] = message.args as unknown[]
    switch (message.command) {
      case 'play':
        player?.play()
        break
      case 'pause':
        player?.pause()
        break
      case 'replay':
        if (player && !player.replayPhrase()) {
          player.seek(0)
          player.play()
        }
        break
      case 'next':
      case 'previous':
        void player?.navigate(message.command)
        break
      case 'seek':
        if (typeof arg === 'number' && Number.isFinite(arg) && arg >= 0) player?.seek(arg)
        else fail('invalid_seek', MESSAGES.embedBadSeek)
        break
      case 'setSpeed':
        if (typeof arg !== 'number' || !player?.setRate(arg)) fail('invalid_speed', MESSAGES.embedBadSpeed)
        break
      case 'fetch':
        void search(typeof arg === 'string' ? arg : '')
        break
      default:
        fail('unknown_command', `unknown command ${String(message.command)}`)
    }
  }

  // commands only from the parent window, tagged for this player
  window.addEventListener('message', (event) => {
    if (!embedded || event.source !== window.parent) return
    if (params.origin && event.origin !== params.origin) return
    const message = event.data as EmbedCommandMessage | null
    if (!message || message.source !== MESSAGE_SOURCE || message.type !== 'command') return
    if (message.id !== params.id || !Array.isArray(message.args)) return
    command(message)
  })

  form?.addEventListener('submit', (event) => {
    event.preventDefault()
    const input = form.querySelector('input')
    void search(input?.value ?? '')
  })

  if (config.error) {
    // the page still answers commands (a `fetch` may find something) and says it is ready
    emit('ready', {})
    if (config.mode === 'query' && query) emit('fetchdone', { query, total })
    fail(config.error.code, config.error.message)
    showLink(null)
    return
  }
  start()
}
