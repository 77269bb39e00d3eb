/** Play logging (spec §7.2): POST /api/user-content/play when a signed-in user plays a clip; failures only logged. */
import { authFetch } from '../../lib/auth-client.ts'
import { isAuthenticated } from '../../stores/session.ts'

/** Records that the signed-in user played `chunkId` of `contentMetadataId`; does nothing when signed out. */
export async function logPlay(chunkId: number, contentMetadataId: number): Promise<void> {
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
