import { ApiError } from '@phrasereel/api/shared/http-client'
import css from './styles.css'
import { fetchPlayerChunk } from './api.ts'
import { chunkToOptions } from './chunk.ts'
import { createPlayer } from './player.ts'
import type { PlayerChunk, PlayerHandle, PlayerOptions } from './types.ts'

/**
 * The embed bundle (IIFE, global `PhraseReel`): injects the stylesheet once and mounts a player in every
 * `[data-phrasereel-chunk]` element, e.g. `<div data-phrasereel-chunk="42" data-api-base="https://…"></div>`.
 */

function injectStyles(doc: Document): void {
  if (doc.getElementById('phrasereel-player-css')) return
  const style = doc.createElement('style')
  style.id = 'phrasereel-player-css'
  style.textContent = css
  doc.head.append(style)
}

/** Mount a player for one chunk id in `element`, fetching the chunk from the API first. */
export async function mountChunk(
  element: HTMLElement,
  chunkId: number,
  options: Partial<PlayerOptions> = {},
): Promise<PlayerHandle | null> {
  injectStyles(element.ownerDocument)
  const apiBase = options.apiBase ?? ''
  let chunk: PlayerChunk
  try {
    chunk = await fetchPlayerChunk(options.fetch ?? fetch, apiBase, chunkId)
  } catch (error) {
    // an embed that cannot load its clip stays empty; the page goes on (spec §8)
    if (!(error instanceof ApiError) || error.status === 0) throw error
    console.warn(`[phrasereel] chunk ${chunkId}: ${error.status}`)
    return null
  }
  return createPlayer(element, { variant: 'embed', ...chunkToOptions(chunk), ...options })
}

/** Mount every `[data-phrasereel-chunk]` element of the document that has no player yet. */
export function mountAll(doc: Document = document): void {
  injectStyles(doc)
  for (const el of doc.querySelectorAll<HTMLElement>('[data-phrasereel-chunk]')) {
    if (el.dataset.phrasereelMounted) continue
    const id = Number(el.dataset.phrasereelChunk)
    if (!Number.isInteger(id) || id <= 0) continue
    el.dataset.phrasereelMounted = 'true'
    void mountChunk(el, id, {
      apiBase: el.dataset.apiBase ?? '',
      query: el.dataset.query ?? null,
    })
  }
}

/** Like createPlayer, with the stylesheet injected. */
function create(container: HTMLElement, options: Partial<PlayerOptions> = {}): PlayerHandle {
  injectStyles(container.ownerDocument)
  return createPlayer(container, options)
}

export { create as createPlayer, chunkToOptions }

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll())
  else mountAll()
}
