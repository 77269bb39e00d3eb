/**
 * /my-collections (spec §2.9, §2.10): signed out, the spec's signed-out state; otherwise the user's collections
 * as cards (name, Public/Private, description, phrase count, like count, created date, an edit button on hover),
 * 'Create New Collection', and the empty state with 'Create Your First Collection'. A created collection goes on
 * top with both counts 0; an edited one merges in (spec §3). Clicking a card opens /collections/{id}.
 */
import type { Collection } from '@phrasereel/api/shared/wire'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { useEffect, useState } from 'react'
import { EmptyState } from '../common/EmptyState.tsx'
import { CollectionDialog } from './CollectionDialog.tsx'
import { failureText, fetchMyCollections, formatDate, likeCount, phraseCount } from './collections-api.ts'
import '../auth/auth-styles.ts'
import './collections.css'

interface Props {
  signedIn: boolean
  /** The list rendered on the server; null to load it in the browser. */
  initial: Collection[] | null
}

export default function MyCollections({ signedIn, initial }: Props) {
  const [collections, setCollections] = useState<Collection[] | null>(initial)
  const [error, setError] = useState<string | null>(null)
  const [dialog, setDialog] = useState<{ open: boolean; collection: Collection | null }>({
    open: false,
    collection: null,
  })

  useEffect(() => {
    if (!signedIn || initial !== null) return
    fetchMyCollections()
      .then(setCollections)
      .catch((caught: unknown) => setError(failureText(caught, MESSAGES.genericError)))
  }, [signedIn, initial])

  if (!signedIn) {
    return (
      <section className="pr-scope">
        <h1 className="pr-list-heading">My Collections</h1>
        <EmptyState
          title={MESSAGES.myCollectionsSignedOutTitle}
          description={MESSAGES.myCollectionsSignedOutText}
          action={{ label: MESSAGES.signIn, href: '/login' }}
        />
      </section>
    )
  }

  const openCreate = () => setDialog({ open: true, collection: null })
  let body: React.ReactNode
  if (error) {
    body = (
      <div className="empty-state" role="alert">
        <h2>{MESSAGES.errorLoadingCollections}</h2>
        <p>{error}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {MESSAGES.tryAgain}
        </button>
      </div>
    )
  } else if (collections === null) {
    body = (
      <ul className="pr-collection-grid" aria-busy="true">
        {Array.from({ length: LIMITS.skeletonCardsCollections }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="pr-skeleton-card" aria-hidden="true" />
        ))}
      </ul>
    )
  } else if (collections.length === 0) {
    body = (
      <EmptyState
        title={MESSAGES.myCollectionsEmptyTitle}
        description={MESSAGES.myCollectionsEmptyText}
        action={{ label: MESSAGES.createFirstCollection, onClick: openCreate }}
      />
    )
  } else {
    body = (
      <ul className="pr-collection-grid" data-my-collections>
        {collections.map((collection) => (
          <li key={collection.id}>
            <article className="pr-collection-card" data-collection-id={collection.id}>
              <div className="pr-card-row">
                <h2>
                  <a className="pr-card-link" href={`/collections/${collection.id}`}>
                    {collection.name}
                  </a>
                </h2>
                <span className={`pr-badge ${collection.public ? 'pr-badge-success' : 'pr-badge-muted'}`}>
                  {collection.public ? MESSAGES.public : MESSAGES.private}
                </span>
              </div>
              {collection.description ? <p className="pr-muted">{collection.description}</p> : null}
              <p className="pr-card-meta">
                <span>{phraseCount(collection.members_count)}</span>
                <span>{likeCount(collection.likes_count)}</span>
                <span>{formatDate(collection.created_at)}</span>
              </p>
              <div className="pr-card-actions">
                <button
                  type="button"
                  className="pr-btn pr-btn-outline pr-btn-sm pr-card-edit"
                  onClick={() => setDialog({ open: true, collection })}
                  aria-label={`Edit ${collection.name}`}
                >
                  Edit
                </button>
              </div>
            </article>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section className="pr-scope" aria-labelledby="my-collections-heading">
      <div className="pr-list-toolbar">
        <h1 id="my-collections-heading" className="pr-list-heading">
          My Collections
        </h1>
        {collections && collections.length > 0 ? (
          <button type="button" className="pr-btn pr-btn-primary" onClick={openCreate}>
            {MESSAGES.createNewCollection}
          </button>
        ) : null}
      </div>
      {body}
      <CollectionDialog
        open={dialog.open}
        collection={dialog.collection}
        onClose={() => setDialog({ open: false, collection: null })}
        onSaved={(saved) => {
          setCollections((list) => {
            const current = list ?? []
            if (dialog.collection) return current.map((c) => (c.id === saved.id ? { ...c, ...saved } : c))
            return [{ ...saved, likes_count: 0, members_count: 0 }, ...current]
          })
          setDialog({ open: false, collection: null })
        }}
      />
    </section>
  )
}
