/** Server-side loading of the personal lists for their pages (the same domain functions the API uses). */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { listMarkedChunks, listPlayHistory } from '@phrasereel/api/server'
import { contextOf } from '../auth/session.server.ts'
import type { PersonalListItem, PersonalListKind } from './PersonalList.tsx'

/** The first page of a personal list, or null when it could not be read (the island then loads it). */
export async function loadPersonalList(
  locals: object,
  kind: PersonalListKind,
  userId: number,
): Promise<PersonalListItem[] | null> {
  const ctx = contextOf(locals)
  const page = { limit: LIMITS.listPageDefault, offset: 0 }
  try {
    if (kind === 'history') {
      const history = await listPlayHistory(ctx.db, ctx.mediaBase, userId, page)
      return history.map((h) => ({ chunk: h.chunk, playedAt: h.played_at, historyId: h.id }))
    }
    const chunks = await listMarkedChunks(
      ctx.db,
      ctx.mediaBase,
      kind === 'liked' ? 'like' : 'save',
      userId,
      page,
    )
    return chunks.map((chunk) => ({ chunk }))
  } catch (error) {
    console.warn(`[${kind}] server-side list failed:`, error)
    return null
  }
}
