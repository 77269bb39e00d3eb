/** Delete Collection (spec §2.10, §5): the exact name must be typed, else 'Collection name does not match'. */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, useState } from 'react'
import { ErrorBanner } from '../auth/ErrorBanner.tsx'
import { deleteCollection, failureText } from './collections-api.ts'
import { Modal } from './Modal.tsx'

export interface DeleteCollectionDialogProps {
  open: boolean
  collection: { id: number; name: string }
  onClose(): void
  onDeleted(): void
}

export function DeleteCollectionDialog({
  open,
  collection,
  onClose,
  onDeleted,
}: DeleteCollectionDialogProps) {
  return (
    <Modal open={open} title={MESSAGES.deleteCollection} onClose={onClose} alert>
      <DeleteForm collection={collection} onClose={onClose} onDeleted={onDeleted} />
    </Modal>
  )
}

function DeleteForm({ collection, onClose, onDeleted }: Omit<DeleteCollectionDialogProps, 'open'>) {
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setError(null)
    if (typed !== collection.name) return setError(MESSAGES.collectionNameMismatch)
    setBusy(true)
    try {
      await deleteCollection(collection.id)
      onDeleted()
    } catch (caught) {
      setError(failureText(caught, MESSAGES.deleteCollectionFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit}>
      <p>
        This permanently deletes <strong>{collection.name}</strong> and its phrases. Type the collection name
        to confirm.
      </p>
      <ErrorBanner message={error} />
      <div className="pr-field">
        <label htmlFor="delete-collection-name">Collection name</label>
        <input
          id="delete-collection-name"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="pr-dialog-actions">
        <button type="button" className="pr-btn pr-btn-outline" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="pr-btn pr-btn-danger" disabled={busy}>
          {busy ? 'Deleting...' : MESSAGES.deleteCollection}
        </button>
      </div>
    </form>
  )
}
