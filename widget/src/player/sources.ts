import { LIMITS } from '@phrasereel/api/shared/limits'
import { fetchSegments, fetchTranslations } from '../api.ts'
import { flattenWords } from '../segments.ts'
import type { PlayerTranslation, Segment } from '../types.ts'
import type { PlayerContext } from './state.ts'

/** One delayed fetch at a time: a new one cancels the one before (its timer and its request). */
interface DelayedFetch {
  /** After `ms`, run `load` with a signal that aborts when this fetch is replaced or cancelled. */
  start(ms: number, load: (signal: AbortSignal) => Promise<void>): void
  cancel(): void
}

function delayedFetch(): DelayedFetch {
  let timer: ReturnType<typeof setTimeout> | undefined
  let abort: AbortController | null = null
  const cancel = (): void => {
    clearTimeout(timer)
    abort?.abort()
    abort = null
  }
  return {
    start(ms, load) {
      cancel()
      const controller = new AbortController()
      abort = controller
      timer = setTimeout(() => void load(controller.signal), ms)
    },
    cancel,
  }
}

/** What loading asks of the rest of the player. */
export interface SourceHooks {
  /** Fetched subtitles are in the store (the phrase may now be found in them). */
  subtitlesLoaded(): void
}

/** Loads the clip's subtitles and translations into the store, after the spec's short delays. */
export interface ClipSources {
  /** Load the segments of `subtitleUrl` (spec §9: after 50 ms, so quick previous/next presses do not each fetch). */
  loadSubtitles(): void
  /** Take the `translations` option, or fetch them for `chunkId` (spec §9: after 25 ms). */
  loadTranslations(): void
  /** Drop pending timers and requests. */
  cancel(): void
}

/** Create the loaders for one player. */
export function createClipSources(ctx: PlayerContext, hooks: SourceHooks): ClipSources {
  const { store } = ctx
  const subtitles = delayedFetch()
  const translations = delayedFetch()
  return {
    loadSubtitles() {
      subtitles.cancel()
      store.set({ segments: null, words: [] })
      const url = ctx.options().subtitleUrl
      if (!url) {
        store.set({ segments: [] })
        return
      }
      subtitles.start(LIMITS.subtitleFetchDelayMs, async (signal) => {
        let segments: Segment[] = []
        try {
          segments = await fetchSegments(ctx.fetcher(), url, signal)
        } catch (error) {
          // spec §8: only logged; the clip plays without subtitles
          if (!signal.aborted) console.warn(`[phrasereel] subtitles failed for ${url}:`, error)
        }
        if (signal.aborted || ctx.isDestroyed()) return
        store.set({ segments, words: flattenWords(segments) })
        hooks.subtitlesLoaded()
      })
    },
    loadTranslations() {
      translations.cancel()
      const { translations: given, chunkId } = ctx.options()
      // a copy, so that taking the same list again redraws the panel as a fetched list does
      if (given) {
        store.set({ translations: [...given] })
        return
      }
      store.set({ translations: null })
      if (chunkId === null || chunkId === undefined) {
        store.set({ translations: [] })
        return
      }
      translations.start(LIMITS.translationFetchDelayMs, async (signal) => {
        let loaded: PlayerTranslation[] = []
        try {
          loaded = await fetchTranslations(ctx.fetcher(), ctx.options().apiBase, chunkId, signal)
        } catch (error) {
          // spec §8: only logged; the panel says there are none
          if (!signal.aborted) console.warn(`[phrasereel] translations failed for chunk ${chunkId}:`, error)
        }
        if (signal.aborted || ctx.isDestroyed()) return
        store.set({ translations: loaded })
      })
    },
    cancel() {
      subtitles.cancel()
      translations.cancel()
    },
  }
}
