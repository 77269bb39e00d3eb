/**
 * Like/save state per content item (spec §3 "Content status"), shared by every button on the page so a like in
 * the player shows on the card too. Fetched once per item and sign-in; failures are only logged (spec §8).
 */
import type { ContentStatus } from '@phrasereel/api/shared/wire'
import { type Signal, signal } from '@preact/signals-core'
import { authFetch } from '../../lib/auth-client.ts'
import { isAuthenticated, sessionEpoch } from '../../stores/session.ts'

const statuses = new Map<number, Signal<ContentStatus | null>>()
const fetched = new Map<number, number>()

/** The status signal of one content item (null while unknown or signed out). */
export function contentStatus(contentMetadataId: number): Signal<ContentStatus | null> {
  let status = statuses.get(contentMetadataId)
  if (!status) {
    status = signal<ContentStatus | null>(null)
    statuses.set(contentMetadataId, status)
  }
  return status
}

/** Loads the status for the current session unless already loaded since the last sign-in. */
export async function loadContentStatus(contentMetadataId: number): Promise<void> {
  const status = contentStatus(contentMetadataId)
  if (!isAuthenticated.value) {
    status.value = null
    return
  }
  const epoch = sessionEpoch.value
  if (fetched.get(contentMetadataId) === epoch) return
  fetched.set(contentMetadataId, epoch)
  try {
    status.value = await authFetch<ContentStatus>(`/api/user-content/status/${contentMetadataId}`)
  } catch (error) {
    fetched.delete(contentMetadataId)
    console.warn('[like/save] status lookup failed:', error)
  }
}

/**
 * Likes/saves (POST) or undoes it (DELETE) per spec §4: the state flips only on an OK answer, and then takes
 * the server's answer. Returns false when the call failed (already logged).
 */
export async function toggleMark(
  kind: 'like' | 'save',
  contentMetadataId: number,
  chunkId: number | undefined,
): Promise<boolean> {
  const status = contentStatus(contentMetadataId)
  const current = status.value
  const on = kind === 'like' ? Boolean(current?.is_liked) : Boolean(current?.is_saved)
  try {
    const answer = await authFetch<ContentStatus | undefined>(`/api/user-content/${kind}`, {
      method: on ? 'DELETE' : 'POST',
      json:
        on || chunkId === undefined
          ? { content_metadata_id: contentMetadataId }
          : { content_metadata_id: contentMetadataId, content_chunk_id: chunkId },
    })
    const base = status.value ?? { is_liked: false, is_saved: false }
    status.value =
      answer && typeof answer.is_liked === 'boolean'
        ? { is_liked: answer.is_liked, is_saved: answer.is_saved }
        : kind === 'like'
          ? { ...base, is_liked: !on }
          : { ...base, is_saved: !on }
    return true
  } catch (error) {
    console.warn(`[like/save] ${kind} failed:`, error)
    return false
  }
}
