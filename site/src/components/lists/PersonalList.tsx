/**
 * The personal clip lists of spec §2.9: /liked, /saved and /play-history. Signed out they show the spec's
 * signed-out state with a Sign in button to /login; empty, the spec's empty state; otherwise a card grid
 * (liked and saved up to 4 columns, history up to 5; spec §2.7) whose cards open the video modal. The list is
 * rendered on the server (the page knows the session), so there is no loading state to show. History can be
 * cleared, one entry (its Remove button) or all of it (after a confirmation; issue 17).
 */
import { ApiError, apiJson } from '@phrasereel/api/shared/http-client'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { useEffect, useRef, useState } from 'react'
import type { SiteChunk } from '../../lib/api.ts'
import { authFetch } from '../../lib/auth-client.ts'
import { LikeSaveButtons } from '../marks/LikeSaveButtons.tsx'
import { ChunkCard, SkeletonCards } from '../common/ChunkCard.tsx'
import { EmptyState } from '../common/EmptyState.tsx'
import { ExportToAnki } from '../exports/ExportToAnki.tsx'
import { openAddToCollection } from '../collections/add-to-collection.tsx'
import { watchClipUrl } from '../player/clip-url.ts'
import { preloadPlayer, VideoModal } from '../player/VideoModal.tsx'
import '../auth/auth-styles.ts'

export type PersonalListKind = 'liked' | 'saved' | 'history'

export interface PersonalListItem {
  chunk: SiteChunk
  playedAt?: string
  /** The history entry's id (history only), for removing it. */
  historyId?: number
}

interface Props {
  kind: PersonalListKind
  signedIn: boolean
  items: PersonalListItem[]
  /** True when the server could not load the list: the island loads it itself. */
  loadInBrowser?: boolean
}

const TEXTS = {
  liked: {
    heading: 'Liked Videos',
    signedOut: [MESSAGES.likedSignedOutTitle, MESSAGES.likedSignedOutText],
    empty: [MESSAGES.likedEmptyTitle, MESSAGES.likedEmptyText],
  },
  saved: {
    heading: 'Saved Videos',
    signedOut: [MESSAGES.savedSignedOutTitle, MESSAGES.savedSignedOutText],
    empty: [MESSAGES.savedEmptyTitle, MESSAGES.savedEmptyText],
  },
  history: {
    heading: 'History',
    signedOut: [MESSAGES.historySignedOutTitle, MESSAGES.historySignedOutText],
    empty: [MESSAGES.historyEmptyTitle, undefined],
  },
} as const

const ENDPOINTS: Record<PersonalListKind, string> = {
  liked: '/api/user-content/liked-chunks',
  saved: '/api/user-content/saved-chunks',
  history: '/api/user-content/play-history',
}

export default function PersonalList({ kind, signedIn, items: initial, loadInBrowser = false }: Props) {
  const texts = TEXTS[kind]
  const [items, setItems] = useState(initial)
  const [loading, setLoading] = useState(signedIn && loadInBrowser)
  const [openIndex, setOpenIndex] = useState<number | null>(null)
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])

  useEffect(() => {
    if (!signedIn || !loadInBrowser) return
    let cancelled = false
    void (async () => {
      try {
        const body = await apiJson<unknown[]>(ENDPOINTS[kind], { credentials: 'same-origin' })
        if (cancelled) return
        setItems(
          kind === 'history'
            ? (body as { id: number; chunk: SiteChunk; played_at: string }[]).map((h) => ({
                chunk: h.chunk,
                playedAt: h.played_at,
                historyId: h.id,
              }))
            : (body as SiteChunk[]).map((chunk) => ({ chunk })),
        )
      } catch (error) {
        // spec §8: list and history failures are only logged
        console.warn(`[${kind}] loading the list failed:`, error)
      } finally {
        if (!cancelled) setLoading(false)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [kind, signedIn, loadInBrowser])

  const listed = items.map((item) => item.chunk)
  // a shared `?clip=` address opens that clip (issue 17); one not in the list plays on its own
  const [single, setSingle] = useState<SiteChunk | null>(null)
  const chunks = single ? [single] : listed
  const listedRef = useRef(listed)
  listedRef.current = listed
  useEffect(() => {
    if (loading) return
    return watchClipUrl(
      () => listedRef.current,
      (list, index) => {
        const id = list[index]!.id
        const at = listedRef.current.findIndex((chunk) => chunk.id === id)
        setSingle(at >= 0 ? null : list[index]!)
        setOpenIndex(Math.max(at, 0))
      },
    )
  }, [loading])
  const heading = useRef<HTMLHeadingElement>(null)
  const [announce, setAnnounce] = useState('')
  const [clearing, setClearing] = useState(false)
  // after a removal, focus goes to the entry now at this index, else the previous one, else the heading
  const [focusAt, setFocusAt] = useState<number | null>(null)

  useEffect(() => {
    if (focusAt === null) return
    setFocusAt(null)
    const buttons = document.querySelectorAll<HTMLButtonElement>('[data-remove-history]')
    const target = buttons[Math.min(focusAt, buttons.length - 1)]
    ;(target ?? heading.current)?.focus()
  }, [focusAt])

  // history failures are only logged and leave the list as it is (spec §8)
  async function removeEntry(index: number): Promise<void> {
    const entry = items[index]
    if (entry?.historyId === undefined) return
    try {
      await authFetch(`/api/user-content/play-history/${entry.historyId}`, { method: 'DELETE' })
    } catch (error) {
      // already gone (another tab): drop it here too
      if (!(error instanceof ApiError && error.status === 404)) {
        console.warn('[history] removing an entry failed:', error)
        return
      }
    }
    setItems((current) => current.filter((item) => item.historyId !== entry.historyId))
    setAnnounce(MESSAGES.removedFromHistory)
    setFocusAt(index)
  }

  async function clearAll(): Promise<void> {
    if (!window.confirm(MESSAGES.clearHistoryConfirm)) return
    setClearing(true)
    try {
      await authFetch('/api/user-content/play-history', { method: 'DELETE' })
      setItems([])
      setAnnounce(MESSAGES.historyCleared)
      heading.current?.focus()
    } catch (error) {
      console.warn('[history] clearing failed:', error)
    } finally {
      setClearing(false)
    }
  }

  // the modal logs a play once a clip really plays (VideoModal)
  const open = (index: number | null) => setOpenIndex(index)

  let body: React.ReactNode
  if (!signedIn) {
    body = (
      <EmptyState
        title={texts.signedOut[0]}
        description={texts.signedOut[1]}
        action={{ label: MESSAGES.signIn, href: '/login' }}
      />
    )
  } else if (loading) {
    body = (
      <ul className={`card-grid${kind === 'history' ? '' : ' card-grid--max4'}`} aria-busy="true">
        <SkeletonCards count={LIMITS.skeletonCardsGrid} />
      </ul>
    )
  } else if (items.length === 0) {
    body = (
      <EmptyState
        title={texts.empty[0]}
        description={texts.empty[1]}
        action={kind === 'history' ? { label: MESSAGES.exploreVideos, href: '/' } : undefined}
      />
    )
  } else {
    body = (
      <ul
        className={`card-grid${kind === 'history' ? '' : ' card-grid--max4'}`}
        onPointerOver={preloadPlayer}
        onFocus={preloadPlayer}
        data-list={kind}
      >
        {items.map((item, index) => (
          <li key={`${item.chunk.id}-${item.playedAt ?? ''}`} className="pr-list-item">
            <ChunkCard
              chunk={item.chunk}
              priority={index < 4}
              onPlay={() => open(index)}
              playedAt={mounted ? item.playedAt : undefined}
            />
            <div className="pr-list-actions">
              <LikeSaveButtons contentMetadataId={item.chunk.content_metadata.id} chunkId={item.chunk.id} />
              <button
                type="button"
                className="pr-btn pr-btn-outline pr-btn-sm"
                data-add-collection={item.chunk.id}
                aria-label={`${MESSAGES.addToCollection}: ${item.chunk.content_metadata?.name?.trim() || MESSAGES.untitledContent}`}
                onClick={() => openAddToCollection({ chunkId: item.chunk.id, phrase: null })}
              >
                {MESSAGES.addToCollection}
              </button>
              {kind === 'history' && item.historyId !== undefined ? (
                <button
                  type="button"
                  className="pr-btn pr-btn-outline pr-btn-sm pr-history-remove"
                  data-remove-history={item.historyId}
                  aria-label={`${MESSAGES.removeFromHistory}: ${item.chunk.content_metadata?.name?.trim() || MESSAGES.untitledContent}`}
                  onClick={() => void removeEntry(index)}
                >
                  Remove
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section className="pr-scope pr-list" aria-labelledby="list-heading">
      <div className="pr-list-head">
        <h1 id="list-heading" className="pr-list-heading" ref={heading} tabIndex={-1}>
          {texts.heading}
        </h1>
        {kind === 'history' && signedIn && items.length > 0 ? (
          <button
            type="button"
            className="pr-btn pr-btn-outline pr-btn-sm"
            data-clear-history
            disabled={clearing}
            onClick={() => void clearAll()}
          >
            {MESSAGES.clearHistory}
          </button>
        ) : null}
        {kind === 'saved' && signedIn && items.length > 0 ? <ExportToAnki source="saved" /> : null}
      </div>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {body}
      <VideoModal
        chunks={chunks}
        index={openIndex}
        onIndexChange={(i) => open(i)}
        onClose={() => {
          setOpenIndex(null)
          setSingle(null)
        }}
      />
    </section>
  )
}
