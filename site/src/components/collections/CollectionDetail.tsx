/**
 * The collection detail island (spec §2.10, §4 Collection detail/like). The server renders it with the
 * collection as everyone sees it; once mounted, a signed-in viewer's own view (is_owner, is_liked) is fetched.
 * View mode: a row click searches the phrase and opens the first clip in the player. Owners get Edit/Done;
 * edit mode adds the add-phrase row (200 max, Enter adds, duplicates refused), Remove, drag reorder and Delete.
 */
import { apiJson } from '@phrasereel/api/shared/http-client'
import type { Collection } from '@phrasereel/api/shared/wire'
import { LIMITS, normalizeText } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { useEffect, useRef, useState } from 'react'
import type { SiteChunk } from '../../lib/api.ts'
import { useSession } from '../auth/use-session.ts'
import { ExportToAnki } from '../exports/ExportToAnki.tsx'
import { watchClipUrl } from '../player/clip-url.ts'
import { VideoModal } from '../player/VideoModal.tsx'
import { CollectionDialog } from './CollectionDialog.tsx'
import {
  failureText,
  fetchCollectionAsUser,
  likeCount,
  membersToList,
  saveMembers,
  setCollectionLike,
} from './collections-api.ts'
import { DeleteCollectionDialog } from './DeleteCollectionDialog.tsx'
import { PhraseTable } from './PhraseTable.tsx'
import { findCollectionClips } from './play-all.ts'
import { SignInRequiredDialog } from './SignInRequiredDialog.tsx'
import './collections.css'

export interface CollectionDetailProps {
  collection: Collection
  phrases: string[]
  /** True when `collection` was read for the signed-in viewer already (a private collection of its owner). */
  personal?: boolean
}

export default function CollectionDetail({
  collection: initial,
  phrases: initialPhrases,
  personal = false,
}: CollectionDetailProps) {
  const { status } = useSession()
  const [collection, setCollection] = useState(initial)
  const [phrases, setPhrases] = useState(initialPhrases)
  const [editing, setEditing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [newPhrase, setNewPhrase] = useState('')
  const [addError, setAddError] = useState<string | null>(null)
  const [likeBusy, setLikeBusy] = useState(false)
  const [signInPrompt, setSignInPrompt] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [editingDetails, setEditingDetails] = useState(false)
  const [player, setPlayer] = useState<{
    chunks: SiteChunk[]
    index: number
    query: string | null
    /** Play all (issue 18): each clip's phrase, and the next clip when one ends. */
    phrases?: string[]
  } | null>(null)
  const [playAllBusy, setPlayAllBusy] = useState(false)
  const playAllRun = useRef<AbortController | null>(null)
  // a shared `?clip=` address opens that clip (issue 17)
  useEffect(
    () =>
      watchClipUrl(
        () => [],
        (chunks, index) => setPlayer({ chunks, index, query: null }),
      ),
    [],
  )
  const loadedFor = useRef<string | null>(personal ? 'authenticated' : null)

  // a signed-in viewer's own view: is_owner and is_liked
  useEffect(() => {
    if (status !== 'authenticated' || loadedFor.current === status) return
    loadedFor.current = status
    void (async () => {
      try {
        const own = await fetchCollectionAsUser(initial.id)
        setCollection(own)
        setPhrases(membersToList(own.members))
      } catch (error) {
        console.warn('[collection] loading your view failed:', error)
      }
    })()
  }, [status, initial.id])

  async function toggleLike() {
    if (likeBusy) return
    if (status !== 'authenticated') {
      setSignInPrompt(true)
      return
    }
    setLikeBusy(true)
    try {
      const answer = await setCollectionLike(collection.id, !collection.is_liked)
      setCollection((c) => ({ ...c, is_liked: answer.is_liked, likes_count: answer.likes_count }))
    } catch (error) {
      window.alert(failureText(error, MESSAGES.genericError))
    } finally {
      setTimeout(() => setLikeBusy(false), LIMITS.buttonDebounceMs)
    }
  }

  async function commit(next: string[], fallback: string): Promise<boolean> {
    const before = phrases
    setPhrases(next)
    setBusy(true)
    try {
      const saved = await saveMembers(collection.id, next)
      setPhrases(membersToList(saved.members))
      setCollection((c) => ({ ...c, ...stripMembers(saved) }))
      return true
    } catch (error) {
      setPhrases(before)
      window.alert(failureText(error, fallback))
      return false
    } finally {
      setBusy(false)
    }
  }

  async function addPhrase() {
    const phrase = newPhrase.trim().replace(/\s+/g, ' ')
    setAddError(null)
    if (!phrase || busy) return
    if (phrases.some((p) => normalizeText(p) === normalizeText(phrase))) {
      setAddError(MESSAGES.phraseAlreadyExists)
      return
    }
    if (await commit([...phrases, phrase], MESSAGES.addPhraseFailed)) setNewPhrase('')
  }

  async function searchPhrase(phrase: string) {
    try {
      const body = await apiJson<SiteChunk[] | { items?: SiteChunk[] }>(
        `/api/search?q=${encodeURIComponent(phrase)}`,
      )
      const chunks = Array.isArray(body) ? body : (body.items ?? [])
      if (chunks.length === 0) {
        window.alert(MESSAGES.noVideosForPhrase)
        return
      }
      // the modal logs the play once the clip really plays (VideoModal)
      setPlayer({ chunks, index: 0, query: phrase })
    } catch (error) {
      console.warn('[collection] phrase search failed:', error)
      window.alert(MESSAGES.phraseSearchError)
    }
  }

  // issue 18: the phrases in order, each with its remembered clip or else its first search result
  async function playAll() {
    if (playAllBusy) return
    playAllRun.current?.abort()
    const run = new AbortController()
    playAllRun.current = run
    setPlayAllBusy(true)
    let opened = false
    try {
      await findCollectionClips(
        collection.id,
        status === 'authenticated',
        (items, done) => {
          if (run.signal.aborted) return
          if (items.length === 0) {
            if (done) window.alert(MESSAGES.playAllNothing)
            return
          }
          const chunks = items.map((item) => item.chunk)
          const itemPhrases = items.map((item) => item.phrase)
          if (!opened) {
            opened = true
            setPlayer({ chunks, index: 0, query: itemPhrases[0]!, phrases: itemPhrases })
          } else {
            // the run grows as clips are found; a closed player stays closed
            setPlayer((p) => (p?.phrases ? { ...p, chunks, phrases: itemPhrases } : p))
          }
        },
        run.signal,
      )
    } catch (error) {
      console.warn('[collection] play all failed:', error)
      if (!opened) window.alert(MESSAGES.phraseSearchError)
    } finally {
      if (playAllRun.current === run) setPlayAllBusy(false)
    }
  }

  const isOwner = collection.is_owner && status === 'authenticated'
  return (
    <div className="pr-scope pr-collection">
      <a className="pr-back-link" href="/collections">
        ← Collections
      </a>
      <header className="pr-collection-head">
        <div className="pr-collection-title">
          <h1>{collection.name}</h1>
          <p className="pr-muted">{collection.description || MESSAGES.collectionDefaultDescription}</p>
          <p className="pr-collection-meta">
            <span>By {collection.creator_name}</span>
            <span className={`pr-badge ${collection.public ? 'pr-badge-success' : 'pr-badge-muted'}`}>
              {collection.public ? MESSAGES.public : MESSAGES.private}
            </span>
          </p>
        </div>
        <div className="pr-collection-tools">
          <button
            type="button"
            className={`pr-btn pr-btn-outline pr-like-btn${collection.is_liked ? ' pr-liked' : ''}`}
            aria-pressed={status === 'authenticated' ? collection.is_liked : undefined}
            onClick={toggleLike}
            disabled={likeBusy}
            data-like-count={collection.likes_count}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill={collection.is_liked ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z" />
            </svg>
            <span>{likeCount(collection.likes_count)}</span>
          </button>
          {phrases.length > 0 && !editing ? (
            <button
              type="button"
              className="pr-btn pr-btn-primary pr-play-all"
              onClick={() => void playAll()}
              disabled={playAllBusy && !player}
              aria-busy={playAllBusy}
              data-play-all
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
                <path d="M8 5v14l11-7z" />
              </svg>
              {playAllBusy && !player ? MESSAGES.playAllLoading : MESSAGES.playAll}
            </button>
          ) : null}
          {phrases.length > 0 ? <ExportToAnki source="collection" collectionId={collection.id} /> : null}
          {isOwner ? (
            <>
              <button
                type="button"
                className="pr-btn pr-btn-primary"
                onClick={() => setEditing((v) => !v)}
                aria-pressed={editing}
              >
                {editing ? 'Done' : 'Edit'}
              </button>
              {editing ? (
                <>
                  <button
                    type="button"
                    className="pr-btn pr-btn-outline"
                    onClick={() => setEditingDetails(true)}
                  >
                    {MESSAGES.editCollection}
                  </button>
                  <button type="button" className="pr-btn pr-btn-danger" onClick={() => setDeleting(true)}>
                    Delete
                  </button>
                </>
              ) : null}
            </>
          ) : null}
        </div>
      </header>
      {isOwner && editing ? (
        <div className="pr-add-row">
          <label htmlFor="add-phrase" className="visually-hidden">
            Add a phrase
          </label>
          <input
            id="add-phrase"
            className="pr-input"
            placeholder="Add a phrase and press Enter"
            maxLength={LIMITS.collectionPhraseMax}
            value={newPhrase}
            onChange={(event) => {
              setNewPhrase(event.target.value)
              setAddError(null)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                void addPhrase()
              }
            }}
            aria-describedby={addError ? 'add-phrase-error' : undefined}
            disabled={busy}
          />
          <button
            type="button"
            className="pr-btn pr-btn-primary"
            onClick={() => void addPhrase()}
            disabled={busy || !newPhrase.trim()}
          >
            Add
          </button>
          {addError ? (
            <p className="pr-inline-error" id="add-phrase-error" role="alert">
              {addError}
            </p>
          ) : null}
        </div>
      ) : null}
      {phrases.length === 0 ? (
        <p className="pr-empty-phrases">{MESSAGES.noPhrasesInCollection}</p>
      ) : (
        <PhraseTable
          phrases={phrases}
          editing={isOwner && editing}
          busy={busy}
          onSearch={(phrase) => void searchPhrase(phrase)}
          onRemove={(index) =>
            void commit(
              phrases.filter((_, i) => i !== index),
              MESSAGES.removePhraseFailed,
            )
          }
          onReorder={(next) => void commit(next, MESSAGES.reorderPhrasesFailed)}
        />
      )}
      <SignInRequiredDialog open={signInPrompt} onClose={() => setSignInPrompt(false)} />
      {isOwner ? (
        <>
          <DeleteCollectionDialog
            open={deleting}
            collection={collection}
            onClose={() => setDeleting(false)}
            onDeleted={() => window.location.assign('/my-collections')}
          />
          <CollectionDialog
            open={editingDetails}
            collection={collection}
            onClose={() => setEditingDetails(false)}
            onSaved={(saved) => {
              setCollection((c) => ({ ...c, ...saved }))
              setEditingDetails(false)
            }}
          />
        </>
      ) : null}
      <VideoModal
        chunks={player?.chunks ?? []}
        index={player ? player.index : null}
        query={(player?.phrases ? player.phrases[player.index] : player?.query) ?? null}
        onIndexChange={(index) => setPlayer((p) => (p ? { ...p, index } : p))}
        onClose={() => {
          playAllRun.current?.abort()
          setPlayAllBusy(false)
          setPlayer(null)
        }}
        advanceOnEnd={Boolean(player?.phrases)}
        // Play all stops at the end of its last clip once every phrase has been looked up (no wrap to the first)
        playerOptions={
          player?.phrases && !playAllBusy && player.index === player.chunks.length - 1
            ? { onVideoEnd: () => undefined }
            : undefined
        }
      />
    </div>
  )
}

function stripMembers<T extends { members?: unknown }>(value: T): Omit<T, 'members'> {
  const { members: _members, ...rest } = value
  return rest
}
