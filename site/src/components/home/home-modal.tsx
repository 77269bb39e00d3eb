/**
 * The video modal for the framework-free home and search pages: React and the player load with this module, when a clip is
 * first opened (or the pointer first moves over the grid).
 */
import { useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { SiteChunk } from '../../lib/api.ts'
import { ErrorBoundary } from '../common/ErrorBoundary.tsx'
import { VideoModal } from '../player/VideoModal.tsx'

let root: Root | null = null

function Modal({
  chunks,
  start,
  query,
  onClosed,
}: {
  chunks: SiteChunk[]
  start: number
  query: string | null
  onClosed(): void
}) {
  const [index, setIndex] = useState<number | null>(start)
  return (
    <ErrorBoundary>
      <VideoModal
        chunks={chunks}
        index={index}
        query={query}
        onIndexChange={setIndex}
        onClose={() => {
          setIndex(null)
          onClosed()
        }}
      />
    </ErrorBoundary>
  )
}

/** Opens clip `index` of `chunks` in the modal player; previous/next wrap around the list. */
export function openVideoModal(chunks: SiteChunk[], index: number, query: string | null = null): void {
  if (!root) {
    const host = document.createElement('div')
    host.dataset.videoModal = ''
    document.body.append(host)
    root = createRoot(host)
  }
  // a fresh key per opening so the modal starts from the clicked clip
  root.render(
    <Modal key={`${Date.now()}`} chunks={chunks} start={index} query={query} onClosed={() => undefined} />,
  )
}
