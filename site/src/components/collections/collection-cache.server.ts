/**
 * Static-first collection pages (docs/decisions/072). What everyone may see of a public collection is kept in
 * memory per process, keyed by the collection's version ETag (`collectionVersion`, bumped on every change of its
 * fields, members or likes). Within a short freshness window a view costs no database round trip at all; after
 * it, one primary-key lookup revalidates, and only a changed collection is read again. Browsers and shared
 * caches revalidate with If-None-Match and get 304 while the collection is unchanged.
 */
import type { CollectionWithMembers } from '@phrasereel/api/shared/wire'
import type { AppContext } from '@phrasereel/api'
import { collectionVersion, getCollectionWithMembers } from '@phrasereel/api/server'

/** How long a cached collection is served without asking the database whether it changed. */
export const FRESH_MS = 5_000
const MAX_ENTRIES = 500

interface Entry {
  etag: string
  checkedAt: number
  collection: CollectionWithMembers
}

const cache = new Map<number, Entry>()

export type PublicCollectionResult =
  | { kind: 'public'; etag: string; collection: CollectionWithMembers }
  | { kind: 'private' }
  | { kind: 'missing' }

/** The anonymous view of a collection, from memory when still current (`revalidate` skips the window). */
export async function getPublicCollection(
  ctx: AppContext,
  id: number,
  options: { revalidate?: boolean } = {},
): Promise<PublicCollectionResult> {
  const now = Date.now()
  const hit = cache.get(id)
  // signed-in viewers always revalidate: a collection made private must vanish for them at once
  if (hit && !options.revalidate && now - hit.checkedAt < FRESH_MS)
    return { kind: 'public', etag: hit.etag, collection: hit.collection }
  const version = await collectionVersion(ctx.db, id)
  if (!version) {
    cache.delete(id)
    return { kind: 'missing' }
  }
  if (!version.isPublic) {
    cache.delete(id)
    return { kind: 'private' }
  }
  if (hit && hit.etag === version.etag) {
    hit.checkedAt = now
    return { kind: 'public', etag: hit.etag, collection: hit.collection }
  }
  const collection = await getCollectionWithMembers(ctx, null, id)
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  cache.set(id, { etag: version.etag, checkedAt: now, collection })
  return { kind: 'public', etag: version.etag, collection }
}

/** Forgets a collection (tests, or a page that knows it just changed it). */
export function forgetCollection(id: number): void {
  cache.delete(id)
}
