/**
 * The open clip in the address (issue 17, docs/decisions/097): opening the modal player pushes `?clip={id}` (the
 * page's other parameters stay), previous/next replace it, and browser Back closes the player instead of changing
 * the page behind it. Closing with the close button (or Esc) goes back over the pushed entry, so Back afterwards
 * leaves the page as before. A page loaded (or reached with Forward) with `?clip=` opens that clip: from the
 * page's own list when it holds it, else fetched by id (`watchClipUrl`, which returns its stop function); an unknown or disabled id opens nothing and leaves the
 * address without it.
 */
import { apiFetch } from '@phrasereel/api/shared/http-client'
import type { SiteChunk } from '../../lib/api.ts'

const PARAM = 'clip'

/** What a history entry this module wrote says about itself. */
interface ClipState {
  prClip: 'pushed'
  /** The document load that pushed it: history state outlives a reload, and a reloaded page pushed nothing. */
  prLoad: string
}

const LOAD = Math.random().toString(36).slice(2)

/** Whether the current history entry is one this page load pushed for an open clip. */
function pushedHere(): boolean {
  const state = window.history.state as Partial<ClipState> | null
  return Boolean(state && typeof state === 'object' && state.prClip === 'pushed' && state.prLoad === LOAD)
}

/** The clip id the address names (`?clip=`), or null when none or not a positive whole number. */
export function clipIdFromUrl(href: string = window.location.href): number | null {
  const raw = new URL(href).searchParams.get(PARAM)
  if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) ? id : null
}

/** The current address with `?clip=` set to `id`, or without it for null; every other parameter kept. */
function addressWith(id: number | null): string {
  const url = new URL(window.location.href)
  if (id === null) url.searchParams.delete(PARAM)
  else url.searchParams.set(PARAM, String(id))
  return `${url.pathname}${url.search}${url.hash}`
}

// one modal player at a time on a page: the open one, if any
let current: ClipUrlTracker | null = null

/** Follows one opening of the modal player in the address. */
export interface ClipUrlTracker {
  /** The player shows `id` (first open, previous/next, chunk-level moves). */
  show(id: number): void
  /** The player closed; a close that Back caused leaves the history as it is. */
  closed(): void
}

/**
 * Starts following an opened player: `onBack` is called when browser Back (or any history move to an address
 * without this clip) should close it.
 */
export function trackClipUrl(onBack: () => void): ClipUrlTracker {
  let open = true
  let entry: 'pushed' | 'landed' | null = null
  const onPop = () => {
    if (!open) return
    const id = clipIdFromUrl()
    if (id === null) {
      open = false
      window.removeEventListener('popstate', onPop)
      onBack()
    }
  }
  window.addEventListener('popstate', onPop)
  const tracker: ClipUrlTracker = {
    show(id) {
      if (!open) return
      if (entry === null) {
        // the page was opened on this clip's address: closing stays on this entry, minus the clip
        if (clipIdFromUrl() === id && !pushedHere()) {
          entry = 'landed'
        } else {
          entry = 'pushed'
          window.history.pushState(
            { prClip: 'pushed', prLoad: LOAD } satisfies ClipState,
            '',
            addressWith(id),
          )
        }
      } else if (clipIdFromUrl() !== id) {
        window.history.replaceState(window.history.state, '', addressWith(id))
      }
    },
    closed() {
      if (current === tracker) current = null
      window.removeEventListener('popstate', onPop)
      if (!open) return
      open = false
      if (entry === 'pushed' && pushedHere()) window.history.back()
      else if (clipIdFromUrl() !== null)
        window.history.replaceState(window.history.state, '', addressWith(null))
    },
  }
  current?.closed()
  current = tracker
  return tracker
}

/**
 * Opens the clip the address names, now and whenever history moves to an address that names one while no player
 * is open: `list()` is the page's clips; a clip not among them is fetched by id and opened as a one-clip list.
 */
export function watchClipUrl(
  list: () => readonly SiteChunk[],
  open: (chunks: SiteChunk[], index: number) => void,
): () => void {
  let asked = 0
  const follow = async () => {
    const id = clipIdFromUrl()
    if (id === null || current !== null) return
    const ask = ++asked
    const chunks = [...list()]
    const index = chunks.findIndex((chunk) => chunk.id === id)
    if (index >= 0) {
      open(chunks, index)
      return
    }
    const chunk = await fetchClip(id)
    if (ask !== asked || clipIdFromUrl() !== id || current !== null) return
    if (chunk) open([chunk], 0)
    else window.history.replaceState(window.history.state, '', addressWith(null))
  }
  const onPop = () => void follow()
  window.addEventListener('popstate', onPop)
  void follow()
  return () => {
    asked++
    window.removeEventListener('popstate', onPop)
  }
}

/** GET /api/content/chunk/{id}, null when there is no such clip (or it is disabled) or the call fails. */
export async function fetchClip(id: number): Promise<SiteChunk | null> {
  try {
    // 204 instead of 404 for a missing clip: browsers log every 4xx answer as a console error (decision 067)
    const response = await apiFetch(`/api/content/chunk/${id}?missing=no-content`)
    if (response.status !== 200) return null
    return (await response.json()) as SiteChunk
  } catch (error) {
    console.warn('[clip] loading the shared clip failed:', error)
    return null
  }
}
