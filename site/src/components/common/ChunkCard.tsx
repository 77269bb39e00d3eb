/**
 * A clip card of the card grids (spec §2.7): thumbnail (or the 'Video Preview' placeholder), type label, title
 * ('Untitled Content' when missing), transcript and, for history, a time-ago label. The thumbnail is a real link
 * to /play/{chunkId}, so it works before hydration and with a modifier key; a plain click opens the modal.
 */
import type { MouseEvent } from 'react'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { SiteChunk } from '../../lib/api.ts'
import { formatDuration, timeAgo, typeLabel } from '../../lib/format.ts'

interface Props {
  chunk: SiteChunk
  /** Opens the clip in the video modal; without it the link navigates to /play/{chunkId}. */
  onPlay?: ((chunk: SiteChunk) => void) | undefined
  /** When the clip was played (history grids). */
  playedAt?: string | Date | null | undefined
  /** Load the thumbnail eagerly with high priority (the first cards above the fold). */
  priority?: boolean | undefined
}

/** One clip card. */
export function ChunkCard({ chunk, onPlay, playedAt, priority = false }: Props) {
  const title = chunk.content_metadata?.name?.trim() || MESSAGES.untitledContent
  const href = `/play/${chunk.id}`
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPlay || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    onPlay(chunk)
  }
  return (
    <article className="card">
      {/* badges beside the link, not in it, so its name ('Play: …') matches what it shows (WCAG 2.5.3) */}
      <div className="card__media">
        <a className="card__thumb" href={href} onClick={open} aria-label={`Play: ${title}`}>
          {chunk.thumbnail_s3_url ? (
            <img
              src={chunk.thumbnail_s3_url}
              alt=""
              width={320}
              height={180}
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
              {...(priority ? { fetchPriority: 'high' as const } : {})}
            />
          ) : null}
          <span className="card__play" aria-hidden="true">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
        </a>
        {chunk.thumbnail_s3_url ? null : (
          <span className="card__thumb-placeholder" aria-hidden="true">
            {MESSAGES.videoPreview}
          </span>
        )}
        <span className="card__type">{typeLabel(chunk)}</span>
        {chunk.chunk_duration > 0 ? (
          <span className="card__duration">{formatDuration(chunk.chunk_duration)}</span>
        ) : null}
      </div>
      <h2 className="card__title" title={title}>
        {title}
      </h2>
      {chunk.transcribed_text ? <p className="card__text">{chunk.transcribed_text}</p> : null}
      {playedAt ? <p className="card__meta">{timeAgo(playedAt)}</p> : null}
    </article>
  )
}

/** A placeholder card while clips load. */
export function SkeletonCard() {
  return (
    <div className="card skeleton" aria-hidden="true">
      <div className="skeleton__block skeleton__thumb" />
      <div className="skeleton__block skeleton__line" />
      <div className="skeleton__block skeleton__line skeleton__line--short" />
    </div>
  )
}

/** `count` skeleton cards as grid items. */
export function SkeletonCards({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={`skeleton-${i}`} data-skeleton>
          <SkeletonCard />
        </li>
      ))}
    </>
  )
}
