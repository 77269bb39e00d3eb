/**
 * The collection calls of spec §7.3 as the islands use them. Members travel as an object keyed '1','2',… in
 * order (spec §3); the client works with an ordered list and converts at the edge.
 */
import { ApiError } from '@phrasereel/api/shared/http-client'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { Collection, CollectionLike, CollectionWithMembers } from '@phrasereel/api/shared/wire'
import { authFetch } from '../../lib/auth-client.ts'

/** The collection form (spec §3). */
export interface CollectionFormValues {
  name: string
  description: string
  public: boolean
}

/** Members object → ordered list. */
export function membersToList(members: Record<string, string> | null | undefined): string[] {
  if (!members) return []
  return Object.keys(members)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b)
    .map((n) => members[String(n)]!)
}

/** Ordered list → members object. */
export function listToMembers(phrases: readonly string[]): Record<string, string> {
  return Object.fromEntries(phrases.map((phrase, i) => [String(i + 1), phrase]))
}

/** The text to show for a failed call: the server's detail, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  // a call that never went out (signed out) says so; one that got no answer shows the fallback
  if (error instanceof ApiError)
    return error.detail ?? (error.message === MESSAGES.noAuthToken ? error.message : fallback)
  return fallback
}

/** POST /api/collections/. */
export function createCollection(values: CollectionFormValues): Promise<Collection> {
  return authFetch<Collection>('/api/collections/', { method: 'POST', json: values })
}

/** PUT /api/collections/{id}. */
export function updateCollection(id: number, values: CollectionFormValues): Promise<Collection> {
  return authFetch<Collection>(`/api/collections/${id}`, { method: 'PUT', json: values })
}

/** DELETE /api/collections/{id}. */
export function deleteCollection(id: number): Promise<void> {
  return authFetch<void>(`/api/collections/${id}`, { method: 'DELETE' })
}

/** POST /api/collections/{id}/members with the whole ordered list (add, remove and reorder). */
export function saveMembers(id: number, phrases: readonly string[]): Promise<CollectionWithMembers> {
  return authFetch<CollectionWithMembers>(`/api/collections/${id}/members`, {
    method: 'POST',
    json: listToMembers(phrases),
  })
}

/** POST (like) or DELETE (unlike) /api/collections/{id}/like; the UI takes the answer (spec §4). */
export function setCollectionLike(id: number, like: boolean): Promise<CollectionLike> {
  return authFetch(`/api/collections/${id}/like`, { method: like ? 'POST' : 'DELETE' })
}

/** GET /api/collections/{id}/members as the signed-in user (is_owner, is_liked). */
export function fetchCollectionAsUser(id: number): Promise<CollectionWithMembers> {
  return authFetch<CollectionWithMembers>(`/api/collections/${id}/members`)
}

/** GET /api/collections/my. */
export function fetchMyCollections(): Promise<Collection[]> {
  return authFetch<Collection[]>('/api/collections/my')
}

/** '{n} phrase' / '{n} phrases'. */
export function phraseCount(n: number): string {
  return `${n} ${n === 1 ? 'phrase' : 'phrases'}`
}

/** '{n} like' / '{n} likes' (spec §2.10). */
export function likeCount(n: number): string {
  return `${n} ${n === 1 ? 'like' : 'likes'}`
}

/** A created date as 'Mar 4, 2026'. */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

export { MESSAGES }
