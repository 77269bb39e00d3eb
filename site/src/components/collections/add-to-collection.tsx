/**
 * 'Add to collection' (issue 18, docs/decisions/097) from a search result, a card or the player: pick one of my
 * collections or create one; the clip's phrase (the searched one when it came from search, else the server takes
 * the clip's transcript) goes in as a member and the member remembers the clip. Signed-out learners get the
 * 'Sign in Required' prompt, and the picker once they signed in. One dialog per page, opened from any host,
 * React island or framework-free page alike, through `openAddToCollection`.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Collection, CollectionClipAdded } from '@phrasereel/api/shared/wire'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { authFetch } from '../../lib/auth-client.ts'
import { ErrorBanner } from '../auth/ErrorBanner.tsx'
import { useSession } from '../auth/use-session.ts'
import { createCollection, failureText, fetchMyCollections, phraseCount } from './collections-api.ts'
import { Modal } from './Modal.tsx'
import { SignInRequiredDialog } from './SignInRequiredDialog.tsx'
import './collections.css'

/** The clip to add, and the phrase it came with (the search query), if any. */
export interface AddTarget {
  chunkId: number
  phrase: string | null
}

/** POST /api/collections/{id}/clips. */
export function addClipToCollection(collectionId: number, target: AddTarget): Promise<CollectionClipAdded> {
  return authFetch<CollectionClipAdded>(`/api/collections/${collectionId}/clips`, {
    method: 'POST',
    json: { chunk_id: target.chunkId, ...(target.phrase?.trim() ? { phrase: target.phrase.trim() } : {}) },
  })
}

let root: Root | null = null
let opened = 0

/** Opens the dialog for `target` (replacing one already open). */
export function openAddToCollection(target: AddTarget): void {
  if (!root) {
    const host = document.createElement('div')
    host.dataset.addToCollection = ''
    document.body.append(host)
    root = createRoot(host)
  }
  opened++
  root.render(<AddToCollection key={opened} target={target} />)
}

function AddToCollection({ target }: { target: AddTarget }) {
  const { status } = useSession()
  const [open, setOpen] = useState(true)
  if (!open || status === 'loading') return null
  if (status !== 'authenticated') {
    return (
      <SignInRequiredDialog
        open
        text={MESSAGES.addToCollectionSignIn}
        onClose={() => setOpen(false)}
        // the picker follows the sign-in
        onSignedIn={() => openAddToCollection(target)}
      />
    )
  }
  return <Picker target={target} onClose={() => setOpen(false)} />
}

function Picker({ target, onClose }: { target: AddTarget; onClose(): void }) {
  const [collections, setCollections] = useState<Collection[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [name, setName] = useState('')
  const nameId = useId()
  const phrase = target.phrase?.trim() || null

  useEffect(() => {
    let cancelled = false
    fetchMyCollections()
      .then((mine) => !cancelled && setCollections(mine))
      .catch((caught: unknown) => {
        if (cancelled) return
        setCollections([])
        setError(failureText(caught, MESSAGES.genericError))
      })
    return () => {
      cancelled = true
    }
  }, [])

  // buttons stay enabled while a call runs (aria-disabled, clicks ignored): a disabled button would drop the
  // focus out of the dialog, and the player under it would take Esc and the arrow keys
  const running = useRef(false)

  async function addTo(collection: Pick<Collection, 'id' | 'name'>, chained = false): Promise<void> {
    if (running.current && !chained) return
    running.current = true
    setError(null)
    setDone(null)
    setBusy(true)
    try {
      const answer = await addClipToCollection(collection.id, target)
      setDone(
        (answer.added ? MESSAGES.addedToCollection : MESSAGES.alreadyInCollection).replace(
          '{name}',
          collection.name,
        ),
      )
      setCollections((list) =>
        (list ?? []).map((c) => (c.id === collection.id ? { ...c, members_count: answer.members_count } : c)),
      )
    } catch (caught) {
      setError(failureText(caught, MESSAGES.addToCollectionFailed))
    } finally {
      running.current = false
      setBusy(false)
    }
  }

  async function createAndAdd(event: FormEvent): Promise<void> {
    event.preventDefault()
    if (running.current) return
    setError(null)
    setDone(null)
    if (!name.trim()) {
      setError(MESSAGES.collectionNameRequired)
      return
    }
    running.current = true
    setBusy(true)
    let made: Collection
    try {
      made = await createCollection({ name: name.trim(), description: '', public: false })
    } catch (caught) {
      setError(failureText(caught, MESSAGES.createCollectionFailed))
      running.current = false
      setBusy(false)
      return
    }
    setCollections((list) => [made, ...(list ?? [])])
    setName('')
    await addTo(made, true)
  }

  return (
    <Modal open title={MESSAGES.addToCollectionTitle} onClose={onClose}>
      <div className="pr-add-to-collection">
        {phrase ? (
          <p className="pr-muted">
            Phrase: <q>{phrase}</q>
          </p>
        ) : (
          <p className="pr-muted">The clip's transcript goes in as the phrase.</p>
        )}
        <ErrorBanner message={error} />
        <p className="pr-add-done" role="status">
          {done}
        </p>
        {collections === null ? (
          <p className="pr-muted" aria-busy="true">
            Loading collections...
          </p>
        ) : collections.length === 0 ? (
          <p className="pr-muted">{MESSAGES.addToCollectionNoCollections}</p>
        ) : (
          <ul className="pr-add-list" aria-label="My collections">
            {collections.map((collection) => (
              <li key={collection.id}>
                <button
                  type="button"
                  className="pr-btn pr-btn-outline pr-add-choice"
                  data-collection-id={collection.id}
                  aria-disabled={busy}
                  onClick={() => void addTo(collection)}
                >
                  <span className="pr-add-choice-name">{collection.name}</span>
                  <span className="pr-muted">{phraseCount(collection.members_count)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className="pr-add-new pr-field" onSubmit={(event) => void createAndAdd(event)} noValidate>
          <label htmlFor={nameId}>{MESSAGES.addToCollectionNewLabel}</label>
          <div className="pr-add-new-row">
            <input
              id={nameId}
              className="pr-input"
              value={name}
              maxLength={LIMITS.collectionNameMax}
              onChange={(event) => setName(event.target.value)}
              readOnly={busy}
            />
            <button type="submit" className="pr-btn pr-btn-primary" aria-disabled={busy}>
              {MESSAGES.addToCollectionCreate}
            </button>
          </div>
        </form>
        <div className="pr-dialog-actions">
          <button type="button" className="pr-btn pr-btn-outline" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Modal>
  )
}
