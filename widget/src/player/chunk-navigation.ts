import { LIMITS } from '@phrasereel/api/shared/limits'
import { fetchNeighbour } from '../api.ts'
import { h } from '../dom.ts'
import { createNavigationLock, waitForMedia } from '../navigation.ts'
import type { ChunkLink, Direction } from '../types.ts'
import type { MediaControl } from './media.ts'
import type { PlayerContext } from './state.ts'

interface Neighbour {
  fromChunkId: number
  direction: Direction
  link: ChunkLink
  media: HTMLMediaElement | null
}

/** What navigation asks of the rest of the player. */
export interface NavigationHooks {
  /** Chunk-level navigation put `link`'s media on stage; `resume` says whether the old clip was playing. */
  moved(link: ChunkLink, resume: boolean): void
  /** The lock or a chunk-level load began or ended (drives the 'Loading chunk...' overlay). */
  busyChanged(): void
}

/** Previous/next (the host's list, or chunk by chunk through the API) and the warmed-up media of neighbours. */
export interface ChunkNavigation {
  /** The hidden box that holds preloading media elements. */
  readonly preloadBox: HTMLElement
  /** Go to the previous or next clip: the host's list step, or the chunk-level neighbour (spec §4). */
  navigate(direction: Direction): Promise<void>
  /** Go to a clip of the same source by its link and play it (issue 18, 'Context'). */
  moveTo(link: ChunkLink): Promise<void>
  /** Learn the next chunk and warm up its media (chunk-level only, once per chunk). */
  prefetchNext(): void
  /** A move is locked or loading. */
  isBusy(): boolean
  /** Forget the neighbours learnt for the previous clip. */
  clearNeighbours(): void
  /** Warm up the media the host names in `preloadUrls` (the first two); those already warm are kept. */
  renderPreloads(): void
  /** The warmed-up element of `url` of the stage's kind, taken out of the preloads (null when none). */
  takePreload(url: string | null): HTMLMediaElement | null
  destroy(): void
}

/** Create the navigation; neighbours' media are created through `media` so they fit the stage. */
export function createChunkNavigation(
  ctx: PlayerContext,
  media: Pick<MediaControl, 'create' | 'isVideo' | 'swap'>,
  hooks: NavigationHooks,
): ChunkNavigation {
  const neighbours: Neighbour[] = []
  const preloaders: HTMLMediaElement[] = []
  let prefetchedFor: number | null = null
  let loading = 0
  const lock = createNavigationLock(LIMITS.navigationLockMs, () => hooks.busyChanged())
  const preloadBox = h('div', { className: 'pr-preload', hidden: true, 'aria-hidden': 'true' })

  function preloadMedia(url: string): HTMLMediaElement {
    const el = media.create(media.isVideo())
    el.dataset.testid = 'pr-preload-media'
    el.muted = false
    el.src = url
    preloadBox.append(el)
    return el
  }

  function clearNeighbours(): void {
    for (const n of neighbours.splice(0)) n.media?.remove()
  }

  async function navigate(direction: Direction): Promise<void> {
    const opts = ctx.options()
    const listStep = direction === 'next' ? opts.onNext : opts.onPrevious
    const isList = !!(opts.onNext || opts.onPrevious)
    const chunkId = opts.chunkId
    const metadataId = opts.contentMetadata?.id
    // nowhere to go: no lock, no overlay
    if (isList ? !listStep : chunkId == null || metadataId == null) return
    // one chunk-level move at a time: a second press while the first one loads would race it
    if (loading > 0 || !lock.tryAcquire()) return
    if (isList) {
      listStep?.()
      return
    }
    if (chunkId == null || metadataId == null) return
    loading++
    hooks.busyChanged()
    try {
      const cached = neighbours.find((n) => n.fromChunkId === chunkId && n.direction === direction)
      const link = cached?.link ?? (await neighbour(metadataId, chunkId, direction))
      if (!link) return
      await swapTo(chunkId, link, cached?.media ?? null, ctx.store.get().playing)
    } finally {
      loading--
      hooks.busyChanged()
    }
  }

  /**
   * Put `link` on stage in place of `chunkId`'s clip, once its media (`warm`, or a new one) loads within the
   * switch timeout (spec §4: else stay); nothing happens when another move or the host changed the clip meanwhile.
   */
  async function swapTo(
    chunkId: number,
    link: ChunkLink,
    warm: HTMLMediaElement | null,
    resume: boolean,
  ): Promise<void> {
    const stale = (): boolean => ctx.isDestroyed() || ctx.options().chunkId !== chunkId
    if (stale()) return
    const probe = warm ?? preloadMedia(link.play_s3_url)
    const ok = await waitForMedia(probe, LIMITS.chunkSwitchTimeoutMs)
    if (!ok || stale()) {
      if (!warm) probe.remove()
      return
    }
    neighbours.splice(0, neighbours.length, ...neighbours.filter((n) => n.media !== probe))
    media.swap(probe)
    clearNeighbours()
    hooks.moved(link, resume)
  }

  /** Go to a clip of the same source (a line of 'Context') and play it, the way previous/next move. */
  async function moveTo(link: ChunkLink): Promise<void> {
    const chunkId = ctx.options().chunkId
    if (chunkId == null || link.id === chunkId) return
    if (loading > 0 || !lock.tryAcquire()) return
    loading++
    hooks.busyChanged()
    try {
      await swapTo(chunkId, link, null, true)
    } finally {
      loading--
      hooks.busyChanged()
    }
  }

  /** The neighbouring chunk, or null when there is none or the call failed (spec §8: logged, stay put). */
  async function neighbour(
    metadataId: number,
    chunkId: number,
    direction: Direction,
  ): Promise<ChunkLink | null> {
    try {
      return await fetchNeighbour(ctx.fetcher(), ctx.options().apiBase, metadataId, chunkId, direction)
    } catch (error) {
      console.warn('[phrasereel] navigate-chunk failed:', error)
      return null
    }
  }

  /**
   * Chunk-level navigation: once half the clip has played, learn the next chunk and warm up its media so 'next'
   * swaps without a wait (beyond spec). Waiting for half the clip keeps the spec's 404 for the last chunk (which
   * browsers log as a failed resource) away from people who only glance at a clip.
   */
  function prefetchNext(): void {
    const opts = ctx.options()
    if (!opts.prefetchNext || opts.onNext || opts.onPrevious || !opts.isOpen) return
    const chunkId = opts.chunkId
    const metadataId = opts.contentMetadata?.id
    if (chunkId == null || metadataId == null || prefetchedFor === chunkId) return
    prefetchedFor = chunkId
    void neighbour(metadataId, chunkId, 'next').then((link) => {
      if (!link || ctx.isDestroyed() || ctx.options().chunkId !== chunkId) return
      neighbours.push({
        fromChunkId: chunkId,
        direction: 'next',
        link,
        media: preloadMedia(link.play_s3_url),
      })
    })
  }

  return {
    preloadBox,
    navigate,
    moveTo,
    prefetchNext,
    isBusy: () => lock.isLocked() || loading > 0,
    clearNeighbours,
    renderPreloads() {
      const wanted = ctx.options().preloadUrls.slice(0, 2)
      const kept = preloaders.splice(0)
      for (const url of wanted) {
        const i = kept.findIndex((el) => el.getAttribute('src') === url && !el.error)
        preloaders.push(i >= 0 ? kept.splice(i, 1)[0]! : preloadMedia(url))
      }
      for (const el of kept) el.remove()
      // in the host's order (moving a warm element keeps what it loaded)
      const inBox = [...preloadBox.children].filter((el) => preloaders.includes(el as HTMLMediaElement))
      if (inBox.some((el, i) => el !== preloaders[i])) preloadBox.append(...preloaders)
    },
    takePreload(url) {
      if (!url) return null
      const kind = media.isVideo() ? 'VIDEO' : 'AUDIO'
      const i = preloaders.findIndex(
        (el) => el.getAttribute('src') === url && el.tagName === kind && !el.error,
      )
      return i >= 0 ? preloaders.splice(i, 1)[0]! : null
    },
    destroy() {
      lock.release()
      clearNeighbours()
      for (const el of preloaders.splice(0)) el.remove()
    },
  }
}
