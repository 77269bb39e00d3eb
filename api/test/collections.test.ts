import { beforeAll, expect, it } from 'vitest'
import {
  type Collection,
  type CollectionWithMembers,
  collectionVersion,
} from '../src/collections/collection-store.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, anonymous, createUser, send } from './user-content-support.ts'

describeEachDatabase('collections', (app) => {
  let ada: Caller
  let bob: Caller
  let nameless: Caller
  let clock = Date.now()

  beforeAll(async () => {
    app().ctx.now = () => {
      clock += 1000
      return new Date(clock)
    }
    ada = await createUser(app().db, { first: 'Ada', last: 'Lovelace' })
    bob = await createUser(app().db, { first: 'Bob', last: '' })
    nameless = await createUser(app().db, { first: ' ', last: '' })
  })

  const create = (caller: Caller, body: unknown) =>
    app().fetchJson<Collection & { detail?: string }>('/api/collections/', send('POST', caller, body))
  const members = (caller: Caller, id: number) =>
    app().fetchJson<CollectionWithMembers & { detail?: string }>(
      `/api/collections/${id}/members`,
      send('GET', caller),
    )
  const setMembers = (caller: Caller, id: number, body: unknown) =>
    app().fetchJson<CollectionWithMembers & { detail?: string }>(
      `/api/collections/${id}/members`,
      send('POST', caller, body),
    )

  it('creates a collection and answers it with the spec fields', async () => {
    const { status, body } = await create(ada, {
      name: '  Everyday phrases  ',
      description: 'Things people say',
      public: true,
    })
    expect(status).toBe(201)
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Everyday phrases',
      description: 'Things people say',
      public: true,
      is_public: true,
      is_liked: false,
      likes_count: 0,
      members_count: 0,
      creator_name: 'Ada Lovelace',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      tags: [],
      is_owner: true,
    })
    // defaults: private, no description; a creator without a name is shown as Anonymous
    const bare = await create(nameless, { name: 'Mine' })
    expect(bare.body).toMatchObject({ public: false, description: null, creator_name: 'Anonymous', tags: [] })
    const bobs = await create(bob, { name: 'Idioms', description: '', is_public: true })
    expect(bobs.body).toMatchObject({ public: true, description: null, creator_name: 'Bob' })
  })

  it('validates name, description and tags as spec §5 says', async () => {
    for (const name of [undefined, '', '   ', null]) {
      expect(await create(ada, { name, description: 'x' })).toMatchObject({
        status: 422,
        body: { detail: 'Collection name is required' },
      })
    }
    expect((await create(ada, { name: 'n'.repeat(101) })).status).toBe(422)
    expect((await create(ada, { name: 'n'.repeat(100) })).status).toBe(201)
    // characters, not UTF-16 units: 100 emoji are 100 characters
    expect((await create(ada, { name: '🎬'.repeat(100) })).status).toBe(201)
    expect((await create(ada, { name: 'ok', description: 'd'.repeat(501) })).status).toBe(422)
    expect((await create(ada, { name: 'ok', description: 'd'.repeat(500) })).status).toBe(201)
    expect((await create(ada, { name: 'ok', public: true, is_public: false })).status).toBe(422)
    const tagged = await create(ada, { name: 'Tagged', tags: [' Travel ', 'travel', 'Small  Talk'] })
    expect(tagged.body.tags).toEqual(['travel', 'small talk'])
    expect(
      (await create(ada, { name: 'ok', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).status,
    ).toBe(422)
    expect((await create(ada, { name: 'ok', tags: ['x'.repeat(31)] })).status).toBe(422)
    expect((await create(ada, { name: 'ok', tags: [''] })).status).toBe(422)
    for (const body of [
      { name: 5 },
      { name: 'ok', public: 'yes' },
      { name: 'ok', description: 7 },
      { name: 'ok', owner_id: 1 },
      { name: 'ok', tags: 'travel' },
      [],
      'null',
    ]) {
      const { status, body: answer } = await create(ada, body)
      expect([body, status]).toEqual([body, 422])
      expect(typeof answer.detail).toBe('string')
    }
    // NUL is refused as the body is read, for every field (api/test/text-nul.test.ts)
    for (const body of [
      { name: 'nul\u0000byte' },
      { name: 'ok', description: '\u0000' },
      { name: 'ok', tags: ['a\u0000'] },
    ]) {
      const { status, body: answer } = await create(ada, body)
      expect([body, status]).toEqual([body, 400])
      expect(answer.detail).toMatch(/must not contain NUL characters/)
    }
    expect((await create(ada, '{"name":')).status).toBe(400)
    expect((await create(ada, JSON.stringify({ name: 'x', description: 'y'.repeat(70_000) }))).status).toBe(
      413,
    )
  })

  it('stores, reorders and removes phrases as an object keyed 1, 2, …', async () => {
    const { body: made } = await create(ada, { name: 'Greetings', public: true })
    const id = made.id
    const added = await setMembers(ada, id, {
      '1': 'How are you?',
      '2': '  Break   a leg ',
      '3': 'Good morning',
    })
    expect(added.status).toBe(200)
    expect(added.body.members).toEqual({ '1': 'How are you?', '2': 'Break a leg', '3': 'Good morning' })
    expect(added.body.members_count).toBe(3)

    const reordered = await setMembers(ada, id, {
      '2': 'How are you?',
      '1': 'Good morning',
      '3': 'Break a leg',
    })
    expect(reordered.body.members).toEqual({ '1': 'Good morning', '2': 'How are you?', '3': 'Break a leg' })
    // the wrapped form is accepted too, and a removal is just a shorter object
    const removed = await setMembers(ada, id, { members: { '1': 'Good morning', '2': 'Break a leg' } })
    expect(removed.body.members).toEqual({ '1': 'Good morning', '2': 'Break a leg' })

    const read = await members(anonymous, id)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id, members_count: 2, is_owner: false, is_liked: false })
    expect(Object.entries(read.body.members)).toEqual([
      ['1', 'Good morning'],
      ['2', 'Break a leg'],
    ])
    expect((await members(ada, id)).body.is_owner).toBe(true)

    // duplicates after normalisation are refused, and the stored list is left as it was
    const duplicate = await setMembers(ada, id, { '1': 'Good morning', '2': 'good morning!' })
    expect(duplicate).toMatchObject({ status: 409, body: { detail: 'Phrase already exists in collection' } })
    for (const bad of [
      { '1': 'a', '3': 'b' },
      { '0': 'a' },
      { '1': 'a', x: 'b' },
      { '1': 5 },
      { '1': '   ' },
      { '1': 'p'.repeat(201) },
      { '1': ['a'] },
      ['a', 'b'],
      Object.fromEntries(Array.from({ length: 251 }, (_, i) => [String(i + 1), `phrase ${i}`])),
    ]) {
      const { status, body } = await setMembers(ada, id, bad)
      expect(status, JSON.stringify(bad).slice(0, 60)).toBe(422)
      expect(typeof body.detail).toBe('string')
    }
    expect(await setMembers(ada, id, { '1': 'nul\u0000' })).toMatchObject({
      status: 400,
      body: { detail: '1 must not contain NUL characters' },
    })
    expect((await setMembers(ada, id, { '1': 'p'.repeat(200) })).status).toBe(200)
    expect((await members(ada, id)).body.members).toEqual({ '1': 'p'.repeat(200) })
    expect((await setMembers(ada, id, {})).body).toMatchObject({ members: {}, members_count: 0 })
  })

  it('edits fields with PUT, keeping what the body leaves out', async () => {
    const { body: made } = await create(ada, { name: 'Draft', description: 'first', tags: ['a'] })
    const edited = await app().fetchJson<Collection>(
      `/api/collections/${made.id}`,
      send('PUT', ada, { name: 'Final', public: true }),
    )
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      id: made.id,
      name: 'Final',
      description: 'first',
      public: true,
      tags: ['a'],
    })
    const cleared = await app().fetchJson<Collection>(
      `/api/collections/${made.id}`,
      send('PUT', ada, { name: 'Final', description: null, public: false, tags: [] }),
    )
    expect(cleared.body).toMatchObject({ description: null, public: false, is_public: false, tags: [] })
    expect(
      await app().fetchJson(`/api/collections/${made.id}`, send('PUT', ada, { name: ' ', public: true })),
    ).toMatchObject({ status: 422, body: { detail: 'Collection name is required' } })
    expect(
      (await app().fetchJson('/api/collections/987654321', send('PUT', ada, { name: 'x' }))).status,
    ).toBe(404)
  })

  it('lets only the owner change a collection, and hides private ones from everyone else', async () => {
    const { body: open } = await create(ada, { name: 'Open', public: true })
    const { body: secret } = await create(ada, { name: 'Secret' })
    await setMembers(ada, secret.id, { '1': 'hush' })

    for (const caller of [anonymous, bob]) {
      expect(await members(caller, secret.id)).toMatchObject({
        status: 404,
        body: { detail: 'Collection not found' },
      })
      expect((await app().fetchJson(`/api/collections/${secret.id}`, send('GET', caller))).status).toBe(404)
      expect((await members(caller, open.id)).status).toBe(200)
    }
    // Bob may read Open but not change it; Secret does not exist for him
    const attempts: [string, string, unknown?][] = [
      ['PUT', '', { name: 'Taken' }],
      ['POST', '/members', { '1': 'mine now' }],
      ['DELETE', ''],
    ]
    for (const [method, suffix, body] of attempts) {
      const onOpen = await app().fetchJson(`/api/collections/${open.id}${suffix}`, send(method, bob, body))
      expect([method, suffix, onOpen.status]).toEqual([method, suffix, 403])
      const onSecret = await app().fetchJson(
        `/api/collections/${secret.id}${suffix}`,
        send(method, bob, body),
      )
      expect([method, suffix, onSecret.status]).toEqual([method, suffix, 404])
      const anon = await app().fetchJson(
        `/api/collections/${open.id}${suffix}`,
        send(method, anonymous, body),
      )
      expect([method, suffix, anon.status]).toEqual([method, suffix, 401])
    }
    expect((await members(ada, open.id)).body).toMatchObject({ name: 'Open', members: {} })
    expect((await app().fetchJson(`/api/collections/${secret.id}/like`, send('POST', bob))).status).toBe(404)
    expect((await app().fetchJson(`/api/collections/${open.id}/like`, send('POST', anonymous))).status).toBe(
      401,
    )
  })

  it('likes and unlikes idempotently, answering is_liked and likes_count', async () => {
    const { body: made } = await create(ada, { name: 'Likeable', public: true })
    const likeAs = (caller: Caller, method: string) =>
      app().fetchJson(`/api/collections/${made.id}/like`, send(method, caller))
    expect((await likeAs(bob, 'POST')).body).toEqual({ is_liked: true, likes_count: 1 })
    expect((await likeAs(bob, 'POST')).body).toEqual({ is_liked: true, likes_count: 1 })
    expect((await likeAs(ada, 'POST')).body).toEqual({ is_liked: true, likes_count: 2 })
    expect((await members(bob, made.id)).body).toMatchObject({ is_liked: true, likes_count: 2 })
    expect((await members(anonymous, made.id)).body).toMatchObject({ is_liked: false, likes_count: 2 })
    expect((await likeAs(bob, 'DELETE')).body).toEqual({ is_liked: false, likes_count: 1 })
    expect((await likeAs(bob, 'DELETE')).body).toEqual({ is_liked: false, likes_count: 1 })
    expect((await app().fetchJson('/api/collections/987654321/like', send('POST', bob))).status).toBe(404)
  })

  it('lists public collections for anyone and the caller’s own ones, private too', async () => {
    const publicList = await app().fetchJson<Collection[]>('/api/collections/public', send('GET', anonymous))
    expect(publicList.status).toBe(200)
    expect(publicList.body.length).toBeGreaterThan(0)
    expect(publicList.body.every((c) => c.public && c.is_public && !c.is_owner)).toBe(true)
    expect(publicList.body.map((c) => c.name)).not.toContain('Secret')
    const created = publicList.body.map((c) => c.created_at)
    expect(created).toEqual([...created].sort().reverse())
    const likeable = publicList.body.find((c) => c.name === 'Likeable')!
    expect(likeable).toMatchObject({ likes_count: 1, members_count: 0, creator_name: 'Ada Lovelace' })
    // signed in, the caller's own flags show
    const asAda = await app().fetchJson<Collection[]>('/api/collections/public', send('GET', ada))
    expect(asAda.body.find((c) => c.name === 'Likeable')).toMatchObject({ is_owner: true, is_liked: true })
    const paged = await app().fetchJson<Collection[]>(
      '/api/collections/public?limit=1&offset=1',
      send('GET', anonymous),
    )
    expect(paged.body.map((c) => c.id)).toEqual([publicList.body[1]!.id])

    const mine = await app().fetchJson<Collection[]>('/api/collections/my', send('GET', ada))
    expect(mine.status).toBe(200)
    expect(mine.body.map((c) => c.name)).toContain('Secret')
    expect(mine.body.every((c) => c.is_owner)).toBe(true)
    const bobs = await app().fetchJson<Collection[]>('/api/collections/my', send('GET', bob))
    expect(bobs.body.map((c) => c.name)).toEqual(['Idioms'])
    expect((await app().fetchJson('/api/collections/my', send('GET', anonymous))).status).toBe(401)
  })

  it('bumps the version on every change, likes included, for cached pages', async () => {
    const { body: made } = await create(ada, { name: 'Versioned', public: true })
    const version = async () => (await collectionVersion(app().db, made.id))?.version
    const v0 = (await collectionVersion(app().db, made.id))!
    expect(v0).toMatchObject({ id: made.id, isPublic: true })
    const steps: [string, () => Promise<unknown>, boolean][] = [
      [
        'edit',
        () => app().fetch(`/api/collections/${made.id}`, send('PUT', ada, { name: 'Versioned 2' })),
        true,
      ],
      ['members', () => setMembers(ada, made.id, { '1': 'one' }), true],
      ['like', () => app().fetch(`/api/collections/${made.id}/like`, send('POST', bob)), true],
      ['like again', () => app().fetch(`/api/collections/${made.id}/like`, send('POST', bob)), false],
      ['unlike', () => app().fetch(`/api/collections/${made.id}/like`, send('DELETE', bob)), true],
      [
        'refused edit',
        () => app().fetch(`/api/collections/${made.id}`, send('PUT', bob, { name: 'x' })),
        false,
      ],
      ['read', () => members(anonymous, made.id), false],
    ]
    let expected = v0.version
    let etag = v0.etag
    for (const [label, step, changes] of steps) {
      await step()
      if (changes) expected += 1
      expect([label, await version()]).toEqual([label, expected])
      const now = (await collectionVersion(app().db, made.id))!.etag
      expect([label, now !== etag]).toEqual([label, changes])
      etag = now
    }
    // a creator's name change shows on the page, so it changes the tag too
    await app().db.query(
      `update users set first_name = 'Augusta', updated_at = now() + interval '1 second' where id = $1`,
      [ada.id],
    )
    expect((await collectionVersion(app().db, made.id))!.etag).not.toBe(etag)

    expect((await app().fetchJson(`/api/collections/${made.id}`, send('DELETE', ada))).body).toEqual({
      id: made.id,
      deleted: true,
    })
    expect(await collectionVersion(app().db, made.id)).toBeNull()
    expect((await members(ada, made.id)).status).toBe(404)
    const { rows } = await app().db.query('select 1 from collection_likes where collection_id = $1', [
      made.id,
    ])
    expect(rows).toHaveLength(0)
  })

  it('lets anonymous readers revalidate a public collection with its ETag', async () => {
    const { body: made } = await create(ada, { name: 'Cached', public: true })
    await setMembers(ada, made.id, { '1': 'see you later' })
    const first = await app().fetch(`/api/collections/${made.id}/members`)
    const etag = first.headers.get('etag')!
    expect(first.status).toBe(200)
    expect(etag).toBe((await collectionVersion(app().db, made.id))!.etag)
    const again = await app().fetch(`/api/collections/${made.id}/members`, {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    // a like changes the count on the page: the old tag no longer matches
    await app().fetch(`/api/collections/${made.id}/like`, send('POST', bob))
    const changed = await app().fetch(`/api/collections/${made.id}/members`, {
      headers: { 'if-none-match': etag },
    })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(((await changed.json()) as Collection).likes_count).toBe(1)
    // signed-in answers carry the caller's flags and are not shared
    const mine = await app().fetch(`/api/collections/${made.id}/members`, {
      headers: { ...ada.headers, 'if-none-match': etag },
    })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('etag')).toBeNull()
    // a private collection stays a 404, whatever tag is sent
    await app().fetch(`/api/collections/${made.id}`, send('PUT', ada, { name: 'Cached', public: false }))
    const hidden = await app().fetch(`/api/collections/${made.id}/members`, {
      headers: { 'if-none-match': '*' },
    })
    expect(hidden.status).toBe(404)
  })

  it('answers bad ids with a 4xx and a detail', async () => {
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999', '1e5']) {
      for (const [method, suffix] of [
        ['GET', '/members'],
        ['POST', '/like'],
        ['DELETE', ''],
      ] as const) {
        const { status, body } = await app().fetchJson(`/api/collections/${bad}${suffix}`, send(method, ada))
        expect([bad, method, status]).toEqual([bad, method, 400])
        expect(body).toHaveProperty('detail')
      }
    }
    for (const query of ['limit=0', 'limit=1000', 'offset=-5', 'limit=x']) {
      expect((await app().fetchJson(`/api/collections/public?${query}`)).status).toBe(400)
    }
    const notJson = await app().fetchJson('/api/collections/', {
      method: 'POST',
      headers: { ...ada.headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    })
    expect(notJson.status).toBe(415)
  })
})
