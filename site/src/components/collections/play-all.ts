/**
 * 'Play all' of a collection page (issue 18, docs/decisions/097): its phrases in order, each with the clip it
 * remembers (added from a result, a card or the player) or else the first search result of the phrase; phrases
 * with neither are left out. Clips are found a few at a time, and the list grows in order, so the player starts
 * with the first phrase while the rest are still being found.
 */
import { apiJson } from '@phrasereel/api/shared/http-client'
import type { CollectionMemberClips, CollectionWithMembers } from '@phrasereel/api/shared/wire'
import type { SiteChunk } from '../../lib/api.ts'
import { authFetch } from '../../lib/auth-client.ts'
import { fetchClip } from '../player/clip-url.ts'
import { membersToList } from './collections-api.ts'

/** One phrase of the run-through and the clip that plays it. */
export interface PlayItem {
  phrase: string
  chunk: SiteChunk
}

const AT_ONCE = 4

/** The members and their remembered clips, as the viewer may read them. */
async function readMembers(
  collectionId: number,
  signedIn: boolean,
): Promise<{ phrases: string[]; clips: Record<string, number> }> {
  const url = `/api/collections/${collectionId}/members`
  const body = signedIn
    ? await authFetch<CollectionWithMembers & Partial<CollectionMemberClips>>(url)
    : await apiJson<CollectionWithMembers & Partial<CollectionMemberClips>>(url)
  return { phrases: membersToList(body.members), clips: body.member_clips ?? {} }
}

/** The first search result of `phrase`, or null. */
async function firstResult(phrase: string): Promise<SiteChunk | null> {
  const body = await apiJson<SiteChunk[] | { items?: SiteChunk[] }>(
    `/api/search?q=${encodeURIComponent(phrase)}&limit=1&offset=0`,
  )
  const items = Array.isArray(body) ? body : (body.items ?? [])
  return items[0] ?? null
}

/**
 * Finds the clips of a collection's phrases; `onProgress` gets the items found so far (in member order, only the
 * unbroken prefix) each time it grows, then `done` once every phrase was tried. Stops when `signal` aborts.
 */
export async function findCollectionClips(
  collectionId: number,
  signedIn: boolean,
  onProgress: (items: PlayItem[], done: boolean) => void,
  signal: AbortSignal,
): Promise<void> {
  const { phrases, clips } = await readMembers(collectionId, signedIn)
  const found: (PlayItem | null | undefined)[] = phrases.map(() => undefined)
  let shown = -1
  const report = (done: boolean) => {
    let prefix = 0
    while (prefix < found.length && found[prefix] !== undefined) prefix++
    if (prefix === shown && !done) return
    shown = prefix
    onProgress(
      found.slice(0, prefix).filter((item): item is PlayItem => !!item),
      done,
    )
  }
  let next = 0
  const worker = async () => {
    while (next < phrases.length && !signal.aborted) {
      const at = next++
      const phrase = phrases[at]!
      const remembered = clips[String(at + 1)]
      let chunk: SiteChunk | null = null
      try {
        chunk = remembered ? await fetchClip(remembered) : null
        chunk ??= await firstResult(phrase)
      } catch (error) {
        console.warn('[collection] finding a clip for a phrase failed:', error)
      }
      if (signal.aborted) return
      found[at] = chunk ? { phrase, chunk } : null
      report(false)
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, phrases.length) }, worker))
  if (!signal.aborted) report(true)
}
