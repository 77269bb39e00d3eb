/**
 * Like/save state per clip (spec §3 "Content status", per clip since issue 17: docs/decisions/088), shared by
 * every button on the page so a like in the player shows on the card of the same clip too, and on no other clip
 * of that title. Fetched once per clip and sign-in; failures are only logged (spec §8).
 */
import type { ContentStatus } from '@phrasereel/api/shared/wire'
import { type Signal, signal } from '@preact/signals-core'
import { authFetch } from '../../lib/auth-client.ts'
import { isAuthenticated, sessionEpoch } from '../../stores/session.ts'

/** The clip a like or save is about: its content item (spec §7.2 `content_metadata_id`) and the clip itself. */
export interface ClipRef {
  contentMetadataId: number
  chunkId: number
}

const statuses = new Map<string, Signal<ContentStatus | null>>()
const fetched = new Map<string, number>()

const keyOf = (clip: ClipRef) => `${clip.contentMetadataId}:${clip.chunkId}`

/** The status signal of one clip (null while unknown or signed out). */
export function contentStatus(clip: ClipRef): Signal<ContentStatus | null> {
  const key = keyOf(clip)
  let status = statuses.get(key)
  if (!status) {
    status = signal<ContentStatus | null>(null)
    statuses.set(key, status)
  }
  return status
}

/** Loads the clip's status for the current session unless already loaded since the last sign-in. */
export async function loadContentStatus(clip: ClipRef): Promise<void> {
  const status = contentStatus(clip)
  if (!isAuthenticated.value) {
    status.value = null
    return
  }
  const key = keyOf(clip)
  const epoch = sessionEpoch.value
  if (fetched.get(key) === epoch) return
  fetched.set(key, epoch)
  try {
    status.value = await authFetch<ContentStatus>(
      `/api/user-content/status/${clip.contentMetadataId}?content_chunk_id=${clip.chunkId}`,
    )
  } catch (error) {
    fetched.delete(key)
    console.warn('[like/save] status lookup failed:', error)
  }
}

/**
 * Likes/saves the clip (POST) or undoes it (DELETE) per spec §4: the state flips only on an OK answer, and then
 * takes the server's answer. Both calls send `content_metadata_id` (spec §7.2) and `content_chunk_id`. Returns
 * false when the call failed (already logged).
 */
export async function toggleMark(kind: 'like' | 'save', clip: ClipRef): Promise<boolean> {
  const status = contentStatus(clip)
  const current = status.value
  const on = kind === 'like' ? Boolean(current?.is_liked) : Boolean(current?.is_saved)
  try {
    const answer = await authFetch<ContentStatus | undefined>(`/api/user-content/${kind}`, {
      method: on ? 'DELETE' : 'POST',
      json: { content_metadata_id: clip.contentMetadataId, content_chunk_id: clip.chunkId },
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
