/**
 * The video modal (spec §2.5, §4): opens the player over the page for one clip of a list; previous/next wrap
 * around the list. The player code loads on first open, so list pages do not carry it.
 */
import { lazy, Suspense, useEffect, useRef } from 'react'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { SiteChunk } from '../../lib/api.ts'

const PlayerModal = lazy(() =>
  import('./player-entry.ts').then((module) => ({ default: module.PlayerModal })),
)

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
}

/** The modal player over a list of clips. */
export function VideoModal({ chunks, index, query = null, onIndexChange, onClose }: Props) {
  const opener = useRef<Element | null>(null)
  const open = index !== null && index >= 0 && index < chunks.length

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

  if (!open) return null
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <PlayerModal
        isOpen
        chunks={chunks}
        index={index}
        query={query}
        onIndexChange={onIndexChange}
        onClose={onClose}
        isPlaying
      />
    </Suspense>
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
