/**
 * /play/{chunkId} in the browser (spec §2.6, §4): mounts the framework-free player core over the server-rendered
 * page, keeps 'Loading chunk...' up until it is ready, follows chunk-level previous/next by updating the address
 * and fetching the new clip, and shows the error card when that fails. No React in the first paint: like and save
 * (spec §4 Like/save) mount into the player's control row after it is up, and follow the clip shown; a signed-in
 * user's play is logged once per clip shown when it really plays (spec §7.2).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type ChunkLink, chunkToOptions, createPlayer, type PlayerHandle } from '@phrasereel/widget'
import playerCss from '@phrasereel/widget/styles.css?inline'
import type { PlayerAccount, PlayerMarksTarget } from '../marks/player-marks.ts'
import { fetchChunk, type SiteChunk } from '../../lib/api.ts'
import { escapeHtml } from '../../lib/card-html.ts'
import { chunkErrorMessage } from '../../lib/chunk-errors.ts'
import { sharedClipTitle } from '@phrasereel/api/shared/embed-snippets'
import { pageTitle } from '../../lib/site.ts'
import { followProfilePreferences, savePlayerPreferences } from './player-preferences.ts'

function injectPlayerStyles(): void {
  if (document.getElementById('phrasereel-player-styles')) return
  const style = document.createElement('style')
  style.id = 'phrasereel-player-styles'
  style.textContent = playerCss
  document.head.append(style)
}

/** Replaces the page with the error card and its 'Go Back Home' link. */
export function showChunkError(message: string): void {
  const main = document.querySelector('main')
  if (!main) return
  main.className = 'error-card'
  main.setAttribute('role', 'alert')
  main.innerHTML = `<h1>${escapeHtml(message)}</h1><a class="button button--primary" href="/">${escapeHtml(MESSAGES.goBackHome)}</a>`
}

/**
 * Puts the like/save slot into the player's control row now, with the buttons' size reserved (global.css), so the
 * buttons arriving later do not wrap the row and push the subtitles down (CLS; decision 077). Same element as
 * `playerMarksSlot()` of player-marks.ts, which finds and reuses it (not imported here: that module loads later).
 */
function reserveMarksSlot(container: HTMLElement): void {
  const row = container.querySelector<HTMLElement>('.pr-buttons')
  if (!row || row.querySelector('.pr-player-marks')) return
  const slot = document.createElement('span')
  slot.className = 'pr-player-marks'
  const spacer = row.querySelector('.pr-spacer')
  if (spacer) spacer.after(slot)
  else row.append(slot)
}

/**
 * Puts the Embed button (issue 16) into the player's control row, after the like/save slot: it opens the dialog
 * with the embed snippets of the clip shown then (embed-dialog.ts, loaded on the first click).
 */
function addEmbedButton(container: HTMLElement, origin: string, chunkId: () => number): void {
  const row = container.querySelector<HTMLElement>('.pr-buttons')
  if (!row || row.querySelector('[data-embed-button]')) return
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'pr-text-button'
  button.dataset.embedButton = ''
  button.setAttribute('aria-haspopup', 'dialog')
  button.textContent = MESSAGES.embed
  button.addEventListener('click', () => {
    import('./embed-dialog.ts')
      .then(({ openEmbedDialog }) => openEmbedDialog({ origin, chunkId }, button))
      .catch((error: unknown) => console.warn('[play] the embed dialog failed to load:', error))
  })
  const marks = row.querySelector('.pr-player-marks')
  const spacer = row.querySelector('.pr-spacer')
  if (marks) marks.after(button)
  else if (spacer) spacer.after(button)
  else row.append(button)
}

const TOUCH_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const

/** Runs `run` once: when the browser is idle (at most 1.5 s after the call) or at the first touch, key or focus. */
function whenIdleOrTouched(run: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    for (const type of TOUCH_EVENTS) window.removeEventListener(type, once, true)
    run()
  }
  for (const type of TOUCH_EVENTS) window.addEventListener(type, once, { capture: true, passive: true })
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(once, { timeout: 1500 })
  else setTimeout(once, 200)
}

/**
 * The shared clip starts at once (issue 17): with sound when the browser lets it, else muted with a visible
 * 'Tap for sound' that unmutes it (browsers refuse sound before the visitor has interacted with the site).
 */
async function autoplay(media: HTMLMediaElement, root: HTMLElement): Promise<void> {
  try {
    await media.play()
    return
  } catch (error) {
    if ((error as DOMException | null)?.name !== 'NotAllowedError') return
  }
  media.muted = true
  try {
    await media.play()
  } catch {
    return // refused even muted: the play button stays for the visitor
  }
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'button button--primary play-sound-button'
  button.textContent = MESSAGES.tapForSound
  button.addEventListener('click', () => {
    media.muted = false
    button.remove()
    void media.play().catch(() => {})
  })
  root.append(button)
}

/** Starts the player page from the server's clip data. */
export function startPlayPage(root: HTMLElement): void {
  const mount = root.querySelector<HTMLElement>('[data-player-mount]')
  const overlay = root.querySelector<HTMLElement>('[data-loading]')
  const poster = root.querySelector<HTMLElement>('[data-poster]')
  const data = root.querySelector('script[data-chunk]')?.textContent
  if (!mount || !data) return
  let chunk = JSON.parse(data) as SiteChunk
  // the phrase a link from search carries (`/play/{id}?q=`): the player starts there and highlights it
  const query = root.dataset.query || null
  let player: PlayerHandle | null = null
  // like/save and the play log: loaded after the first paint (with the session, React and the buttons)
  let account: PlayerAccount | null = null
  let shown: PlayerMarksTarget = { chunkId: chunk.id, contentMetadataId: chunk.content_metadata.id }
  /** The clip shown is `chunkId` of `contentMetadataId`: like/save and the play log follow it. */
  const show = (chunkId: number, contentMetadataId: number) => {
    shown = { chunkId, contentMetadataId }
    account?.show(shown)
  }
  const setLoading = (on: boolean) => {
    if (overlay) overlay.hidden = !on
  }

  async function load(id: string): Promise<void> {
    setLoading(true)
    try {
      const next = await fetchChunk(id)
      chunk = next
      player?.update({ ...chunkToOptions(next), isOpen: true })
      show(next.id, next.content_metadata.id)
      document.title = pageTitle(sharedClipTitle(next, query))
      setLoading(false)
    } catch (error) {
      console.warn('[play] loading the chunk failed:', error)
      player?.destroy()
      player = null
      account?.dispose()
      account = null
      showChunkError(chunkErrorMessage(error))
    }
  }

  injectPlayerStyles()
  followProfilePreferences()
  player = createPlayer(mount, {
    onPreferencesChange: savePlayerPreferences,
    ...chunkToOptions(chunk),
    query,
    variant: 'page',
    isOpen: true,
    isPlaying: false,
    onPrevious: null,
    onNext: null,
    onChunkChange: (link: ChunkLink) => {
      if (link.id === chunk.id) return
      // chunk-level moves stay within the content item
      show(link.id, chunk.content_metadata.id)
      window.history.pushState(null, '', `/play/${link.id}`)
      void load(String(link.id))
    },
    onClose: () => window.location.assign('/'),
    // issue 18: the dialog's code (and React) loads on first use
    onAddToCollection: (chunkId: number) =>
      void import('../collections/add-to-collection.tsx')
        .then(({ openAddToCollection }) => openAddToCollection({ chunkId, phrase: query }))
        .catch((error: unknown) => console.warn('[play] add to collection failed to load:', error)),
  })
  reserveMarksSlot(mount)
  addEmbedButton(mount, root.dataset.publicOrigin || window.location.origin, () => chunk.id)
  const loadAccount = (): void => {
    import('../marks/player-marks.ts')
      .then(({ attachPlayerAccount }) =>
        attachPlayerAccount(mount, shown, () => player?.getMediaElement() ?? null),
      )
      .then((attached) => {
        if (!player) {
          attached.dispose()
          return
        }
        account = attached
        account.show(shown)
      })
      .catch((error: unknown) => console.warn('[play] like/save failed to load:', error))
  }

  requestAnimationFrame(() => {
    setLoading(false)
    poster?.remove()
    const media = player?.getMediaElement()
    if (media) void autoplay(media, root)
    // after the player's first paint, once the page is idle (or at the visitor's first touch, key or click, if that
    // comes first): the session, React and the buttons load then, off the first paint's path (decision 077)
    whenIdleOrTouched(loadAccount)
  })

  window.addEventListener('popstate', () => {
    const match = /^\/play\/([^/]+)\/?$/.exec(window.location.pathname)
    if (match) void load(decodeURIComponent(match[1]!))
    else showChunkError(MESSAGES.noChunkId)
  })
}
