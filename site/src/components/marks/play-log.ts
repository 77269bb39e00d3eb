/** Play logging (spec §7.2): POST /api/user-content/play when a signed-in user plays a clip; failures only logged. */
import { authFetch } from '../../lib/auth-client.ts'
import { ensureSessionLoaded, isAuthenticated } from '../../stores/session.ts'

/** Records that the signed-in user played `chunkId` of `contentMetadataId`; does nothing when signed out. */
export async function logPlay(chunkId: number, contentMetadataId: number): Promise<void> {
  // pages without the embedded session (/play) learn it first; a no-op everywhere else
  await ensureSessionLoaded()
  if (!isAuthenticated.value) return
  try {
    await authFetch('/api/user-content/play', {
      method: 'POST',
      json: { content_chunk_id: chunkId, content_metadata_id: contentMetadataId },
    })
  } catch (error) {
    console.warn('[play-log] failed:', error)
  }
}

/** The clip a player shows. */
export interface ShownClip {
  chunkId: number
  contentMetadataId: number
}

export interface PlayLogger {
  /** The player now shows `clip` (opened, previous/next); a different clip is logged again when it plays. */
  show(clip: ShownClip | null): void
  /** The media is playing already (for a logger attached after playback started): logs as its event would. */
  playing(): void
  /** Stops listening. */
  dispose(): void
}

/**
 * Logs a play once per clip shown, when its media really starts playing (the `playing` event of any audio or video
 * element under `target`; media events do not bubble, so it listens in the capture phase). A clip that loops or
 * is paused and resumed is not logged again; moving to another clip and playing it is.
 */
export function watchPlays(target: EventTarget, log: typeof logPlay = logPlay): PlayLogger {
  let current: ShownClip | null = null
  let logged = false
  let disposed = false
  const onPlaying = () => {
    if (disposed || !current || logged) return
    logged = true
    void log(current.chunkId, current.contentMetadataId)
  }
  target.addEventListener('playing', onPlaying, true)
  return {
    show(clip) {
      if (
        clip &&
        current &&
        clip.chunkId === current.chunkId &&
        clip.contentMetadataId === current.contentMetadataId
      )
        return
      current = clip
      logged = false
    },
    playing: onPlaying,
    dispose() {
      disposed = true
      target.removeEventListener('playing', onPlaying, true)
      current = null
    },
  }
}
