import { beforeAll, expect, it } from 'vitest'
import { type CollectionWithMembers, collectionVersion } from '../src/collections/collection-store.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, createUser, send } from './user-content-support.ts'

const PARALLEL = 50

describeEachDatabase('collections under concurrent writes', (app) => {
  let owner: Caller
  let fans: Caller[] = []
  let collectionId = 0
  const phrases = Array.from({ length: 10 }, (_, i) => `phrase number ${i + 1}`)

  beforeAll(async () => {
    owner = await createUser(app().db, { first: 'Owner' })
    fans = []
    for (let i = 0; i < PARALLEL; i++) fans.push(await createUser(app().db, { first: `Fan${i}` }))
    const made = await app().fetchJson<{ id: number }>(
      '/api/collections/',
      send('POST', owner, { name: 'Busy', public: true }),
    )
    collectionId = made.body.id
  })

  const likeAs = (caller: Caller, method: 'POST' | 'DELETE') =>
    app().fetchJson<{ is_liked: boolean; likes_count: number }>(
      `/api/collections/${collectionId}/like`,
      send(method, caller),
    )
  const storedLikes = async () =>
    (
      await app().db.query<{ n: number }>(
        'select count(*) as n from collection_likes where collection_id = $1',
        [collectionId],
      )
    ).rows[0]!.n

  it(`${PARALLEL} parallel likes each see their own like counted once`, async () => {
    const before = (await collectionVersion(app().db, collectionId))!.version
    const answers = await Promise.all(fans.map((fan) => likeAs(fan, 'POST')))
    expect(answers.every((a) => a.status === 200 && a.body.is_liked)).toBe(true)
    // the likes applied one after another: every answer saw a different count, 1…50
    expect(answers.map((a) => a.body.likes_count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: PARALLEL }, (_, i) => i + 1),
    )
    expect(await storedLikes()).toBe(PARALLEL)
    expect((await collectionVersion(app().db, collectionId))!.version).toBe(before + PARALLEL)
  })

  it('mixed parallel likes, unlikes and repeated likes leave the count and the version exact', async () => {
    const before = (await collectionVersion(app().db, collectionId))!.version
    const unlikers = fans.slice(0, PARALLEL / 2)
    const repeaters = fans.slice(PARALLEL / 2)
    const answers = await Promise.all([
      ...unlikers.map((fan) => likeAs(fan, 'DELETE')),
      ...repeaters.map((fan) => likeAs(fan, 'POST')),
      // the owner taps like 50 times at once: one like
      ...Array.from({ length: PARALLEL }, () => likeAs(owner, 'POST')),
    ])
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const expected = PARALLEL / 2 + 1
    expect(await storedLikes()).toBe(expected)
    const read = await app().fetchJson<CollectionWithMembers>(`/api/collections/${collectionId}/members`)
    expect(read.body.likes_count).toBe(expected)
    // 25 unlikes and the owner's one like changed something; the 25 + 49 repeats did not
    expect((await collectionVersion(app().db, collectionId))!.version).toBe(before + PARALLEL / 2 + 1)
  })

  it(`${PARALLEL} parallel reorders (with likes in between) leave one complete order`, async () => {
    const before = (await collectionVersion(app().db, collectionId))!.version
    const orders = Array.from({ length: PARALLEL }, (_, k) => {
      const shift = k % phrases.length
      const rotated = [...phrases.slice(shift), ...phrases.slice(0, shift)]
      return k % 2 === 0 ? rotated : rotated.reverse()
    })
    const toObject = (order: string[]) => Object.fromEntries(order.map((p, i) => [String(i + 1), p]))
    const [writes, likes] = await Promise.all([
      Promise.all(
        orders.map((order) =>
          app().fetchJson<CollectionWithMembers>(
            `/api/collections/${collectionId}/members`,
            send('POST', owner, toObject(order)),
          ),
        ),
      ),
      Promise.all(fans.slice(0, 10).map((fan) => likeAs(fan, 'POST'))),
    ])
    writes.forEach((answer, k) => {
      expect(answer.status).toBe(200)
      expect(answer.body.members).toEqual(toObject(orders[k]!))
      expect(answer.body.members_count).toBe(phrases.length)
    })
    expect(likes.every((a) => a.status === 200)).toBe(true)

    const { rows } = await app().db.query<{ position: number; phrase: string }>(
      'select position, phrase from collection_members where collection_id = $1 order by position',
      [collectionId],
    )
    expect(rows.map((r) => r.position)).toEqual(phrases.map((_, i) => i + 1))
    const final = rows.map((r) => r.phrase)
    expect(orders.some((order) => order.join('|') === final.join('|'))).toBe(true)
    const read = await app().fetchJson<CollectionWithMembers>(`/api/collections/${collectionId}/members`)
    expect(Object.values(read.body.members)).toEqual(final)
    expect(read.body).toMatchObject({ members_count: phrases.length, likes_count: PARALLEL / 2 + 1 + 10 })
    expect((await collectionVersion(app().db, collectionId))!.version).toBe(before + PARALLEL + 10)
  })
})
