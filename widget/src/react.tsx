import { useEffect, useRef } from 'react'
import { chunkToOptions } from './chunk.ts'
import { stepIndex } from './navigation.ts'
import { createPlayer } from './player.ts'
import type { PlayerChunk, PlayerHandle, PlayerOptions } from './types.ts'

/** Props of `<Player>`: any player option, plus a class for the host element. */
export interface PlayerProps extends Partial<PlayerOptions> {
  className?: string
}

/**
 * React adapter: mounts the framework-free player in a div and forwards prop changes to `update`. React stays a
 * peer of the site; the core never imports it.
 */
export function Player({ className, ...options }: PlayerProps) {
  const host = useRef<HTMLDivElement>(null)
  const handle = useRef<PlayerHandle | null>(null)
  const latest = useRef(options)
  latest.current = options

  useEffect(() => {
    if (!host.current) return
    handle.current = createPlayer(host.current, latest.current)
    return () => {
      handle.current?.destroy()
      handle.current = null
    }
  }, [])

  // every render: the core compares each option and redraws only what changed
  useEffect(() => {
    handle.current?.update(options)
  })

  return <div ref={host} className={className} />
}

/** Props of `<PlayerModal>`: the clips of a list and which one is open. */
export interface PlayerModalProps {
  isOpen: boolean
  chunks: readonly PlayerChunk[]
  index: number
  /** Previous/next within the list, wrapped around (spec §4). */
  onIndexChange: (index: number) => void
  onClose: () => void
  query?: string | null
  isPlaying?: boolean
  /** Go to the next item when a clip ends instead of looping (spec §4; only with more than one item). */
  advanceOnEnd?: boolean
  /** Chunk-level navigation moved to another chunk (single-clip lists). */
  onChunkChange?: PlayerOptions['onChunkChange']
  onPlayingChange?: PlayerOptions['onPlayingChange']
  apiBase?: string
  variant?: PlayerOptions['variant']
  /** The learner changed a remembered setting (issue 17). */
  onPreferencesChange?: PlayerOptions['onPreferencesChange']
  /** More options, over the ones above (a host that runs its own list: position, shareUrl, onNext…). */
  extra?: Partial<PlayerOptions>
  /** Issue 18: an 'Add to collection' button for the clip shown. */
  onAddToCollection?: PlayerOptions['onAddToCollection']
}

/**
 * The site's video modal (spec §2.5): list-level previous/next with wrap-around when the list has more than one
 * clip, otherwise chunk-level navigation through the API; the neighbours' media is preloaded.
 */
export function PlayerModal({
  isOpen,
  chunks,
  index,
  onIndexChange,
  onClose,
  query = null,
  isPlaying = true,
  advanceOnEnd = false,
  onChunkChange = null,
  onPlayingChange = null,
  apiBase = '',
  variant = 'modal',
  onPreferencesChange = null,
  extra,
  onAddToCollection = null,
}: PlayerModalProps) {
  const chunk = chunks[index]
  const list = chunks.length > 1
  const next = list ? chunks[stepIndex(index, chunks.length, 'next')] : undefined
  const previous = list ? chunks[stepIndex(index, chunks.length, 'previous')] : undefined
  const go = (direction: 'previous' | 'next') => () =>
    onIndexChange(stepIndex(index, chunks.length, direction))
  return (
    <Player
      variant={variant}
      isOpen={isOpen && !!chunk}
      {...(chunk ? chunkToOptions(chunk) : {})}
      query={query}
      isPlaying={isPlaying}
      apiBase={apiBase}
      onClose={onClose}
      onPrevious={list ? go('previous') : null}
      onNext={list ? go('next') : null}
      onVideoEnd={advanceOnEnd && list ? go('next') : null}
      onChunkChange={onChunkChange}
      onPlayingChange={onPlayingChange}
      onPreferencesChange={onPreferencesChange}
      onAddToCollection={onAddToCollection}
      preloadUrls={[next?.play_s3_url, previous?.play_s3_url].filter((u): u is string => !!u)}
      {...extra}
    />
  )
}
