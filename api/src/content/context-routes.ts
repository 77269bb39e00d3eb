import type { AppContext } from '../context.ts'
import { BadRequestError, NotFoundError } from '../http/errors.ts'
import { parseId } from '../http/input.ts'
import { json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { findChunkContext } from './context-store.ts'

// public and the same for everyone, like the other content reads; the embeddable player may ask from any origin
const PUBLIC_SHORT_CACHE = { 'cache-control': 'public, max-age=30', 'access-control-allow-origin': '*' }

/**
 * `GET /api/content/chunks/{chunkId}/context?before=&after=&lang=` (issue 18, beyond the spec): the lines said
 * before and after a clip in the same source, `LIMITS.contextDefaultLines` each way unless asked, at most
 * `LIMITS.contextMaxLines`; enabled clips only. `lang` keeps one translation language.
 */
export function registerContextRoutes(router: Router<AppContext>): void {
  router.get('/api/content/chunks/:chunkId/context', async ({ url, params, ctx }) => {
    const chunkId = parseId(params.chunkId, 'chunkId')
    const around = {
      before: readLines(url, 'before'),
      after: readLines(url, 'after'),
      language: readLanguage(url),
    }
    const context = await findChunkContext(ctx.db, ctx.mediaBase, chunkId, around)
    if (!context) throw new NotFoundError(MESSAGES.chunkNotFound)
    return json(context, 200, PUBLIC_SHORT_CACHE)
  })
}

function readLines(url: URL, name: 'before' | 'after'): number {
  const value = url.searchParams.get(name)
  if (value === null || value === '') return LIMITS.contextDefaultLines
  if (!/^\d{1,3}$/.test(value) || Number(value) > LIMITS.contextMaxLines) {
    throw new BadRequestError(`${name} must be a whole number from 0 to ${LIMITS.contextMaxLines}`)
  }
  return Number(value)
}

function readLanguage(url: URL): string | null {
  const value = url.searchParams.get('lang')
  if (value === null || value === '') return null
  if (!/^[a-z]{2}$/.test(value)) throw new BadRequestError('lang must be a two-letter language code')
  return value
}
