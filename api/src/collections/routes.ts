import { getSession, requireSession } from '../auth/session.ts'
import type { AppContext } from '../context.ts'
import { parseId, readJson } from '../http/input.ts'
import { parsePage } from '../http/paging.ts'
import { json } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { collectionVersion, listOwnCollections, listPublicCollections } from './collection-store.ts'
import {
  addClipBody,
  addClipToCollection,
  collectionBody,
  createCollection,
  deleteCollection,
  getCollection,
  getCollectionWithMembers,
  membersBody,
  replaceCollectionMembers,
  setCollectionLike,
  updateCollection,
} from './collections.ts'

// Answers carry the caller's is_liked / is_owner: never stored by shared caches, revalidated on every use.
const PRIVATE = { 'cache-control': 'private, no-cache' }

/** The collections calls of spec §7.3 (plus GET /api/collections/{id} without members). */
export function registerCollectionRoutes(router: Router<AppContext>): void {
  router.get('/api/collections/public', async ({ request, url, ctx }) => {
    const page = parsePage(url)
    const viewer = await viewerId(request, ctx)
    return json(await listPublicCollections(ctx.db, viewer, page), 200, PRIVATE)
  })

  router.get('/api/collections/my', async ({ request, url, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    return json(await listOwnCollections(ctx.db, session.ownerId, parsePage(url)), 200, PRIVATE)
  })

  router.post('/api/collections', async ({ request, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const body = await readJson(request, collectionBody)
    return json(await createCollection(ctx, session.ownerId, body), 201)
  })

  router.get('/api/collections/:id', async ({ request, params, ctx }) => {
    const id = parseId(params.id, 'id')
    return json(await getCollection(ctx, await viewerId(request, ctx), id), 200, PRIVATE)
  })

  router.put('/api/collections/:id', async ({ request, params, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const id = parseId(params.id, 'id')
    const body = await readJson(request, collectionBody)
    return json(await updateCollection(ctx, session.ownerId, id, body))
  })

  router.delete('/api/collections/:id', async ({ request, params, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const id = parseId(params.id, 'id')
    await deleteCollection(ctx, session.ownerId, id)
    return json({ id, deleted: true })
  })

  router.get('/api/collections/:id/members', async ({ request, params, ctx }) => {
    const id = parseId(params.id, 'id')
    const viewer = await viewerId(request, ctx)
    if (viewer === null) {
      // Anonymous readers all get the same answer: validate it with the collection's version, no query beyond it.
      const version = await collectionVersion(ctx.db, id)
      if (version?.isPublic) {
        const headers = {
          etag: version.etag,
          'cache-control': 'public, no-cache',
          vary: 'authorization, cookie',
        }
        if (etagMatches(request.headers.get('if-none-match'), version.etag)) {
          return new Response(null, { status: 304, headers })
        }
        return json(await getCollectionWithMembers(ctx, null, id), 200, headers)
      }
    }
    return json(await getCollectionWithMembers(ctx, viewer, id), 200, PRIVATE)
  })

  router.post('/api/collections/:id/members', async ({ request, params, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const id = parseId(params.id, 'id')
    const body = await readJson(request, membersBody)
    return json(await replaceCollectionMembers(ctx, session.ownerId, id, body))
  })

  // issue 18: a clip (and its phrase) into one of the caller's collections
  router.post('/api/collections/:id/clips', async ({ request, params, ctx }) => {
    const session = await requireSession(request, ctx, 'user')
    const id = parseId(params.id, 'id')
    const body = await readJson(request, addClipBody)
    return json(await addClipToCollection(ctx, session.ownerId, id, body))
  })

  for (const [method, liked] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    router.add(method, '/api/collections/:id/like', async ({ request, params, ctx }) => {
      const session = await requireSession(request, ctx, 'user')
      const id = parseId(params.id, 'id')
      return json(await setCollectionLike(ctx, session.ownerId, id, liked))
    })
  }
}

/** The signed-in caller's user id, or null: reading a public collection needs no session. */
async function viewerId(request: Request, ctx: AppContext): Promise<number | null> {
  return (await getSession(request, ctx, 'user'))?.session.ownerId ?? null
}

/** Whether an `If-None-Match` header names this entity tag (weak comparison, as for GET). */
function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
