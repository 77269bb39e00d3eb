/**
 * Create New Collection / Edit Collection (spec §2.10, §3 form, §5): name (required after trim, counter up to
 * 100), description (up to 500) and the public switch. Answers the saved collection.
 */
import type { Collection } from '@phrasereel/api/shared/wire'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, useState } from 'react'
import { ErrorBanner } from '../auth/ErrorBanner.tsx'
import {
  type CollectionFormValues,
  createCollection,
  failureText,
  updateCollection,
} from './collections-api.ts'
import { Modal } from './Modal.tsx'

export interface CollectionDialogProps {
  open: boolean
  /** The collection to edit; absent to create one. */
  collection?: Pick<Collection, 'id' | 'name' | 'description' | 'public'> | null
  onClose(): void
  onSaved(collection: Collection): void
}

export function CollectionDialog({ open, collection, onClose, onSaved }: CollectionDialogProps) {
  return (
    <Modal
      open={open}
      title={collection ? MESSAGES.editCollection : MESSAGES.createNewCollection}
      onClose={onClose}
    >
      <CollectionForm
        key={collection?.id ?? 'new'}
        collection={collection}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Modal>
  )
}

function CollectionForm({ collection, onClose, onSaved }: Omit<CollectionDialogProps, 'open'>) {
  const [name, setName] = useState(collection?.name ?? '')
  const [description, setDescription] = useState(collection?.description ?? '')
  const [isPublic, setIsPublic] = useState(collection?.public ?? false)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    setError(null)
    if (!name.trim()) return setError(MESSAGES.collectionNameRequired)
    const values: CollectionFormValues = {
      name: name.trim(),
      description: description.trim(),
      public: isPublic,
    }
    setSaving(true)
    try {
      const saved = collection
        ? await updateCollection(collection.id, values)
        : await createCollection(values)
      onSaved(saved)
    } catch (caught) {
      setError(
        failureText(caught, collection ? MESSAGES.updateCollectionFailed : MESSAGES.createCollectionFailed),
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <ErrorBanner message={error} />
      <div className="pr-field">
        <label htmlFor="collection-name">Name</label>
        <input
          id="collection-name"
          value={name}
          maxLength={LIMITS.collectionNameMax}
          onChange={(event) => setName(event.target.value)}
          aria-describedby="collection-name-count"
          required
        />
        <span className="pr-field-hint" id="collection-name-count">
          {name.length}/{LIMITS.collectionNameMax}
        </span>
      </div>
      <div className="pr-field">
        <label htmlFor="collection-description">Description</label>
        <textarea
          id="collection-description"
          value={description}
          maxLength={LIMITS.collectionDescriptionMax}
          onChange={(event) => setDescription(event.target.value)}
          aria-describedby="collection-description-count"
        />
        <span className="pr-field-hint" id="collection-description-count">
          {description.length}/{LIMITS.collectionDescriptionMax}
        </span>
      </div>
      <label className="pr-switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={isPublic}
          checked={isPublic}
          onChange={(event) => setIsPublic(event.target.checked)}
        />
        <span>{MESSAGES.public}</span>
      </label>
      <div className="pr-dialog-actions">
        <button type="button" className="pr-btn pr-btn-outline" onClick={onClose} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="pr-btn pr-btn-primary" disabled={saving}>
          {collection
            ? saving
              ? 'Saving...'
              : 'Save Changes'
            : saving
              ? 'Creating...'
              : 'Create Collection'}
        </button>
      </div>
    </form>
  )
}
