/**
 * Role matrix for every endpoint of issue 6 (user content, collections, admin content): what an anonymous caller,
 * a signed-in user who does not own the collection, its owner and an admin each get (spec §6).
 */
import { beforeAll, expect, it } from 'vitest'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, anonymous, createAdmin, createUser, send } from './user-content-support.ts'

type Role = 'anonymous' | 'user' | 'owner' | 'admin'
const ROLES: Role[] = ['anonymous', 'user', 'owner', 'admin']

interface Targets {
  contentId: number
  chunkId: number
  /** A public collection of the owner, made fresh for this call. */
  open: number
  /** A private collection of the owner, made fresh for this call. */
  secret: number
}

interface Row {
  method: string
  path: (t: Targets) => string
  body?: (t: Targets) => unknown
  expect: Record<Role, number>
}

const SIGNED_IN = { anonymous: 401, user: 200, owner: 200, admin: 401 }
const EVERYONE = { anonymous: 200, user: 200, owner: 200, admin: 200 }
const OWNER_ONLY_OPEN = { anonymous: 401, user: 403, owner: 200, admin: 401 }
const OWNER_ONLY_SECRET = { anonymous: 401, user: 404, owner: 200, admin: 401 }
const READ_SECRET = { anonymous: 404, user: 404, owner: 200, admin: 404 }
const ADMIN_ONLY = { anonymous: 401, user: 401, owner: 401, admin: 200 }
const content = (t: Targets) => ({ content_metadata_id: t.contentId })

const MATRIX: Row[] = [
  { method: 'POST', path: () => '/api/user-content/like', body: content, expect: SIGNED_IN },
  { method: 'DELETE', path: () => '/api/user-content/like', body: content, expect: SIGNED_IN },
  { method: 'POST', path: () => '/api/user-content/save', body: content, expect: SIGNED_IN },
  { method: 'DELETE', path: () => '/api/user-content/save', body: content, expect: SIGNED_IN },
  { method: 'GET', path: (t) => `/api/user-content/status/${t.contentId}`, expect: SIGNED_IN },
  {
    method: 'POST',
    path: () => '/api/user-content/play',
    body: (t) => ({ content_chunk_id: t.chunkId, content_metadata_id: t.contentId }),
    expect: SIGNED_IN,
  },
  { method: 'GET', path: () => '/api/user-content/liked-chunks', expect: SIGNED_IN },
  { method: 'GET', path: () => '/api/user-content/saved-chunks', expect: SIGNED_IN },
  { method: 'GET', path: () => '/api/user-content/play-history', expect: SIGNED_IN },

  { method: 'GET', path: () => '/api/collections/public', expect: EVERYONE },
  { method: 'GET', path: () => '/api/collections/my', expect: SIGNED_IN },
  {
    method: 'POST',
    path: () => '/api/collections/',
    body: () => ({ name: 'New one', description: '', public: false }),
    expect: { anonymous: 401, user: 201, owner: 201, admin: 401 },
  },
  { method: 'GET', path: (t) => `/api/collections/${t.open}`, expect: EVERYONE },
  { method: 'GET', path: (t) => `/api/collections/${t.secret}`, expect: READ_SECRET },
  { method: 'GET', path: (t) => `/api/collections/${t.open}/members`, expect: EVERYONE },
  { method: 'GET', path: (t) => `/api/collections/${t.secret}/members`, expect: READ_SECRET },
  {
    method: 'PUT',
    path: (t) => `/api/collections/${t.open}`,
    body: () => ({ name: 'Renamed' }),
    expect: OWNER_ONLY_OPEN,
  },
  {
    method: 'PUT',
    path: (t) => `/api/collections/${t.secret}`,
    body: () => ({ name: 'Renamed' }),
    expect: OWNER_ONLY_SECRET,
  },
  {
    method: 'POST',
    path: (t) => `/api/collections/${t.open}/members`,
    body: () => ({ '1': 'hello there' }),
    expect: OWNER_ONLY_OPEN,
  },
  {
    method: 'POST',
    path: (t) => `/api/collections/${t.secret}/members`,
    body: () => ({ '1': 'hello there' }),
    expect: OWNER_ONLY_SECRET,
  },
  // issue 18: a clip's phrase into a collection, the clip remembered with it
  {
    method: 'POST',
    path: (t) => `/api/collections/${t.open}/clips`,
    body: (t) => ({ chunk_id: t.chunkId, phrase: 'hello there' }),
    expect: OWNER_ONLY_OPEN,
  },
  {
    method: 'POST',
    path: (t) => `/api/collections/${t.secret}/clips`,
    body: (t) => ({ chunk_id: t.chunkId }),
    expect: OWNER_ONLY_SECRET,
  },
  { method: 'POST', path: (t) => `/api/collections/${t.open}/like`, expect: SIGNED_IN },
  { method: 'DELETE', path: (t) => `/api/collections/${t.open}/like`, expect: SIGNED_IN },
  { method: 'POST', path: (t) => `/api/collections/${t.secret}/like`, expect: OWNER_ONLY_SECRET },
  { method: 'DELETE', path: (t) => `/api/collections/${t.secret}/like`, expect: OWNER_ONLY_SECRET },
  { method: 'DELETE', path: (t) => `/api/collections/${t.open}`, expect: OWNER_ONLY_OPEN },
  { method: 'DELETE', path: (t) => `/api/collections/${t.secret}`, expect: OWNER_ONLY_SECRET },

  { method: 'GET', path: () => '/admin-api/content-metadata', expect: ADMIN_ONLY },
  { method: 'GET', path: (t) => `/admin-api/content-metadata/${t.contentId}/chunks`, expect: ADMIN_ONLY },
  {
    method: 'PATCH',
    path: (t) => `/admin-api/content-chunks/${t.chunkId}/enabled`,
    body: () => ({ enabled: true }),
    expect: ADMIN_ONLY,
  },
]

describeEachDatabase('role matrix of likes, saves, history, collections and admin content', (app) => {
  const callers = {} as Record<Role, Caller>
  let contentId = 0
  let chunkId = 0

  beforeAll(async () => {
    const [film] = await seedContent(app().db, [{ name: 'Matrix film', chunks: [{ text: 'Hello there.' }] }])
    contentId = film!.contentId
    chunkId = film!.chunkIds[0]!
    callers.anonymous = anonymous
    callers.user = await createUser(app().db, { first: 'Other' })
    callers.owner = await createUser(app().db, { first: 'Owner' })
    callers.admin = await createAdmin(app().db)
  })

  const freshCollection = async (isPublic: boolean) => {
    const { status, body } = await app().fetchJson<{ id: number }>(
      '/api/collections/',
      send('POST', callers.owner, { name: isPublic ? 'Open' : 'Secret', public: isPublic }),
    )
    expect(status).toBe(201)
    return body.id
  }

  it(`covers ${MATRIX.length} endpoints × ${ROLES.length} roles`, async () => {
    const seen: string[] = []
    const wanted: string[] = []
    for (const row of MATRIX) {
      for (const role of ROLES) {
        const targets: Targets = {
          contentId,
          chunkId,
          open: await freshCollection(true),
          secret: await freshCollection(false),
        }
        const path = row.path(targets)
        const { status, body } = await app().fetchJson<Record<string, unknown>>(
          path,
          send(row.method, callers[role], row.body?.(targets)),
        )
        seen.push(`${row.method} ${path.replace(/\d+/g, '{id}')} as ${role}: ${status}`)
        wanted.push(`${row.method} ${path.replace(/\d+/g, '{id}')} as ${role}: ${row.expect[role]}`)
        if (status >= 400) expect(typeof body.detail).toBe('string')
        else if (body && !Array.isArray(body) && 'is_owner' in body) {
          // a collection answer says whether the caller owns it (a creator owns what they just created)
          const owns = role === 'owner' || path === '/api/collections/'
          expect([path, role, body.is_owner]).toEqual([path, role, owns])
        }
      }
    }
    expect(seen).toEqual(wanted)
    // ~350 requests: generous on a loaded shared machine
  }, 240_000)

  it('accepts the auth_token cookie for same-site calls and refuses cross-site state changes', async () => {
    const token = callers.user.headers.authorization!.slice('Bearer '.length)
    const viaCookie = (origin: string) => ({
      method: 'POST',
      headers: { cookie: `auth_token=${token}`, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ content_metadata_id: contentId }),
    })
    const forged = await app().fetchJson('/api/user-content/save', viaCookie('https://evil.example'))
    expect(forged.status).toBe(403)
    const status = await app().fetchJson(`/api/user-content/status/${contentId}`, {
      headers: { cookie: `auth_token=${token}` },
    })
    expect(status.body).toEqual({ is_liked: expect.any(Boolean), is_saved: false })
    const sameSite = await app().fetchJson('/api/user-content/save', viaCookie('http://localhost:4321'))
    expect(sameSite).toMatchObject({ status: 200, body: { is_saved: true } })
  })
})
