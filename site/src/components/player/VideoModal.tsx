/**
 * The video modal (spec §2.5, §4): opens the player over the page for one clip of a list; previous/next wrap
 * around the list. The player code loads on first open, so list pages do not carry it. The player's control row
 * carries like and save for the clip shown (spec §4 Like/save), and a signed-in user's play is logged once per
 * clip shown when it really plays (spec §7.2), previous/next included.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { ChunkLink, PlayerOptions } from '@phrasereel/widget'
import type { SiteChunk } from '../../lib/api.ts'
import { LikeSaveButtons } from '../marks/LikeSaveButtons.tsx'
import { type PlayLogger, watchPlays } from '../marks/play-log.ts'
import { playerMarksSlot } from '../marks/player-marks.ts'
import { type ClipUrlTracker, trackClipUrl } from './clip-url.ts'
import { followProfilePreferences, savePlayerPreferences } from './player-preferences.ts'

// a signed-in learner's saved player settings become this browser's (issue 17)
followProfilePreferences()

const PlayerModal = lazy(() =>
  import('./player-entry.ts').then((module) => ({ default: module.PlayerModal })),
)

/** 'Add to collection' from the player (issue 18): the dialog's code loads on first use. */
function addToCollection(chunkId: number, query: string | null): void {
  import('../collections/add-to-collection.tsx')
    .then(({ openAddToCollection }) => openAddToCollection({ chunkId, phrase: query }))
    .catch((error: unknown) => console.warn('[player] add to collection failed to load:', error))
}

/** Warms the player chunk (e.g. on hover or idle) so the first open does not wait for it. */
export function preloadPlayer(): void {
  void import('./player-entry.ts')
}

interface Props {
  chunks: readonly SiteChunk[]
  /** The open clip, or null when closed. */
  index: number | null
  query?: string | null
  onIndexChange(index: number): void
  onClose(): void
  /** The admin list variant (spec §4): at the end of a clip go to the next one (lists of more than one item). */
  advanceOnEnd?: boolean
  /** Like/save and the play log for the clip shown (the learner site); the admin screens leave them out. */
  marks?: boolean
  /** More player options over the list's own (a host running its own list: position, shareUrl, onNext…). */
  playerOptions?: Partial<PlayerOptions>
  /** The open clip in the address, `?clip={id}`, and browser Back closes the player (issue 17; clip-url.ts). */
  clipInUrl?: boolean
}

/** The modal player over a list of clips. */
export function VideoModal({
  chunks,
  index,
  query = null,
  onIndexChange,
  onClose,
  advanceOnEnd = false,
  marks = true,
  playerOptions,
  clipInUrl = true,
}: Props) {
  const opener = useRef<Element | null>(null)
  const open = index !== null && index >= 0 && index < chunks.length
  const chunk = open ? chunks[index] : undefined
  // a one-clip list moves chunk by chunk through the server (same content item): remember where it went
  const [moved, setMoved] = useState<{ from: number; chunkId: number } | null>(null)
  const shownChunkId = chunk && moved?.from === chunk.id ? moved.chunkId : chunk?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list item (or closing) forgets the move
  useEffect(() => setMoved(null), [index, chunks])

  // issue 17: the address names the open clip; Back closes the player
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  const address = useRef<ClipUrlTracker | null>(null)
  useEffect(() => {
    if (!open || !clipInUrl) return
    const tracker = trackClipUrl(() => closeRef.current())
    address.current = tracker
    return () => {
      tracker.closed()
      address.current = null
    }
  }, [open, clipInUrl])
  useEffect(() => {
    if (open && shownChunkId !== undefined) address.current?.show(shownChunkId)
  }, [open, shownChunkId])

  useEffect(() => {
    if (!open) return
    opener.current = document.activeElement
    const { overflow } = document.body.style
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      // keyboard users go back to the card they opened the clip from
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
    }
  }, [open])

  if (!open || !chunk || shownChunkId === undefined) return null
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <div className="video-modal-player">
        <PlayerModal
          isOpen
          chunks={chunks}
          index={index}
          query={query}
          onIndexChange={onIndexChange}
          onClose={onClose}
          onChunkChange={(link: ChunkLink) => setMoved({ from: chunk.id, chunkId: link.id })}
          advanceOnEnd={advanceOnEnd}
          onPreferencesChange={savePlayerPreferences}
          onAddToCollection={marks ? (chunkId: number) => addToCollection(chunkId, query) : null}
          isPlaying
          extra={{
            // issue 17: where the clip stands in the list, and its link (the learner site's lists)
            position: chunks.length > 1 ? { index: index + 1, total: chunks.length } : null,
            shareUrl: marks ? shareLink(shownChunkId, query) : null,
            ...playerOptions,
          }}
        />
        {marks ? <PlayerExtras contentMetadataId={chunk.content_metadata.id} chunkId={shownChunkId} /> : null}
      </div>
    </Suspense>
  )
}

/** The clip's /play link, with the phrase when there is one (issue 17). */
function shareLink(chunkId: number, query: string | null): string {
  const link = `${window.location.origin}/play/${chunkId}`
  return query ? `${link}?q=${encodeURIComponent(query)}` : link
}

/**
 * Like/save in the player's control row and the play log, for the clip shown. Rendered after the player in the
 * same Suspense boundary, so the player's DOM is there when these effects run.
 */
function PlayerExtras({ contentMetadataId, chunkId }: { contentMetadataId: number; chunkId: number }) {
  const anchor = useRef<HTMLSpanElement>(null)
  const logger = useRef<PlayLogger | null>(null)
  const [slot, setSlot] = useState<HTMLElement | null>(null)

  // a passive effect: it runs after the player's own (earlier in the tree), which creates the player's DOM
  useEffect(() => {
    const host = anchor.current?.parentElement
    if (!host) return
    const found = playerMarksSlot(host)
    setSlot(found)
    logger.current = watchPlays(host)
    return () => {
      logger.current?.dispose()
      logger.current = null
      found?.remove()
    }
  }, [])

  useEffect(() => {
    logger.current?.show({ chunkId, contentMetadataId })
  }, [chunkId, contentMetadataId])

  return (
    <>
      <span ref={anchor} hidden />
      {slot
        ? createPortal(
            <LikeSaveButtons
              contentMetadataId={contentMetadataId}
              chunkId={chunkId}
              className="pr-marks--player"
            />,
            slot,
          )
        : null}
    </>
  )
}

/** 'Loading chunk...' over the page while the player code arrives. */
export function LoadingOverlay() {
  return (
    <div className="modal-host">
      <div className="player-overlay" role="status">
        <div className="player-overlay__inner">
          <span className="spinner" aria-hidden="true" />
          {MESSAGES.loadingChunk}
        </div>
      </div>
    </div>
  )
}
