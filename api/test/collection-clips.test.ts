import { beforeAll, expect, it } from 'vitest'
import { collectionVersion } from '../src/collections/collection-store.ts'
import { phraseOfClipText } from '../src/collections/collections.ts'
import { LIMITS } from '../src/shared/limits.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import type { CollectionClipAdded, CollectionMemberClips, CollectionWithMembers } from '../src/shared/wire.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, anonymous, createUser, send } from './user-content-support.ts'

const PARALLEL = 30
const LONG = `${'word '.repeat(60)}end`

describeEachDatabase('adding clips to collections (issue 18)', (app) => {
  let ada: Caller
  let bob: Caller
  let chunks: number[] = []
  let disabled = 0

  beforeAll(async () => {
    ada = await createUser(app().db, { first: 'Ada' })
    bob = await createUser(app().db, { first: 'Bob' })
    const [seeded] = await seedContent(app().db, [
      {
        name: 'Clips to keep',
        chunks: [
          { text: 'How are you doing today?' },
          { text: 'Break a leg tonight.' },
          { text: 'Hidden clip', enabled: false },
          { text: LONG },
          ...Array.from({ length: PARALLEL }, (_, i) => ({ text: `Parallel clip number ${i + 1}` })),
        ],
      },
    ])
    chunks = seeded!.chunkIds
    disabled = chunks[2]!
  })

  const create = async (caller: Caller, name: string) =>
    (await app().fetchJson<{ id: number }>('/api/collections/', send('POST', caller, { name, public: true })))
      .body.id
  const addClip = (caller: Caller, id: number, body: unknown) =>
    app().fetchJson<CollectionClipAdded & { detail?: string }>(
      `/api/collections/${id}/clips`,
      send('POST', caller, body),
    )
  const read = (id: number) =>
    app().fetchJson<CollectionWithMembers & CollectionMemberClips>(
      `/api/collections/${id}/members`,
      send('GET', anonymous),
    )

  it('adds the searched phrase as a member and remembers the clip; the members answer carries the clips', async () => {
    const id = await create(ada, 'Greetings')
    const first = await addClip(ada, id, { chunk_id: chunks[0], phrase: '  how are   you ' })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      id,
      members: { '1': 'how are you' },
      member_clips: { '1': chunks[0] },
      members_count: 1,
      position: 1,
      added: true,
    })
    // no phrase: the clip's transcript goes in
    const second = await addClip(ada, id, { chunk_id: chunks[1] })
    expect(second.body).toMatchObject({
      members: { '1': 'how are you', '2': 'Break a leg tonight.' },
      added: true,
    })
    // the same phrase again (normalised as spec §5) is not a second member: it remembers the new clip
    const again = await addClip(ada, id, { chunk_id: chunks[1], phrase: 'How are you?' })
    expect(again.body).toMatchObject({ position: 1, added: false, members_count: 2 })
    const { body } = await read(id)
    expect(body.members).toEqual({ '1': 'how are you', '2': 'Break a leg tonight.' })
    expect(body.member_clips).toEqual({ '1': chunks[1], '2': chunks[1] })
  })

  it('keeps remembered clips through reorder and remove, and forgets them for new phrases', async () => {
    const id = await create(ada, 'Reordered')
    await addClip(ada, id, { chunk_id: chunks[0], phrase: 'first' })
    await addClip(ada, id, { chunk_id: chunks[1], phrase: 'second' })
    const saved = await app().fetchJson<CollectionWithMembers & CollectionMemberClips>(
      `/api/collections/${id}/members`,
      send('POST', ada, { '1': 'typed by hand', '2': 'second' }),
    )
    expect(saved.status).toBe(200)
    expect(saved.body.member_clips).toEqual({ '2': chunks[1] })
    expect((await read(id)).body.member_clips).toEqual({ '2': chunks[1] })
  })

  it('cuts a long transcript to the phrase limit at a word boundary', async () => {
    const id = await create(ada, 'Long')
    const { body } = await addClip(ada, id, { chunk_id: chunks[3] })
    const phrase = body.members['1']!
    expect([...phrase].length).toBeLessThanOrEqual(LIMITS.collectionPhraseMax)
    expect(phrase).toBe(phraseOfClipText(LONG))
    expect(LONG.startsWith(phrase)).toBe(true)
    expect(phrase.endsWith('word')).toBe(true)
  })

  it('refuses bad input, unknown or disabled clips, strangers and anonymous callers with a detail', async () => {
    const id = await create(ada, 'Guarded')
    const cases: [Caller, number, unknown, number, string?][] = [
      [anonymous, id, { chunk_id: chunks[0] }, 401],
      [ada, id, {}, 422],
      [ada, id, { chunk_id: 'x' }, 422],
      [ada, id, { chunk_id: -1 }, 422],
      [ada, id, { chunk_id: 1.5 }, 422],
      [ada, id, { chunk_id: chunks[0], phrase: 'x'.repeat(201) }, 422],
      [ada, id, { chunk_id: chunks[0], extra: true }, 422],
      [ada, id, { chunk_id: disabled }, 404, MESSAGES.chunkNotFound],
      [ada, id, { chunk_id: 2 ** 40 }, 404, MESSAGES.chunkNotFound],
      [bob, id, { chunk_id: chunks[0] }, 403],
      [ada, 2 ** 40, { chunk_id: chunks[0] }, 404, MESSAGES.collectionNotFound],
    ]
    for (const [caller, target, body, status, detail] of cases) {
      const answer = await addClip(caller, target, body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(typeof answer.body.detail).toBe('string')
      if (detail) expect(answer.body.detail).toBe(detail)
    }
    expect((await read(id)).body.members).toEqual({})
  })

  it('refuses a phrase past the member limit', async () => {
    const id = await create(ada, 'Full')
    const full = Object.fromEntries(
      Array.from({ length: LIMITS.collectionMembersMax }, (_, i) => [String(i + 1), `phrase ${i + 1}`]),
    )
    expect((await app().fetchJson(`/api/collections/${id}/members`, send('POST', ada, full))).status).toBe(
      200,
    )
    const answer = await addClip(ada, id, { chunk_id: chunks[0], phrase: 'one too many' })
    expect(answer.status).toBe(409)
    // a phrase it holds still takes the clip
    expect((await addClip(ada, id, { chunk_id: chunks[0], phrase: 'phrase 7' })).body.added).toBe(false)
  })

  it(`${PARALLEL} parallel adds of different clips give ${PARALLEL} members at positions 1…${PARALLEL}`, async () => {
    const id = await create(ada, 'Busy')
    const before = (await collectionVersion(app().db, id))!.version
    const parallel = chunks.slice(4)
    const answers = await Promise.all(parallel.map((chunkId) => addClip(ada, id, { chunk_id: chunkId })))
    expect(answers.every((a) => a.status === 200 && a.body.added)).toBe(true)
    expect(answers.map((a) => a.body.position).sort((x, y) => x - y)).toEqual(
      Array.from({ length: PARALLEL }, (_, i) => i + 1),
    )
    const { body } = await read(id)
    expect(body.members_count).toBe(PARALLEL)
    expect(Object.keys(body.members)).toHaveLength(PARALLEL)
    // every member remembers the clip whose transcript it is
    for (const [key, phrase] of Object.entries(body.members)) {
      const n = Number(phrase.replace('Parallel clip number ', ''))
      expect(body.member_clips[key]).toBe(parallel[n - 1])
    }
    expect((await collectionVersion(app().db, id))!.version).toBe(before + PARALLEL)
  })

  it('GET /api/content/chunk/{id}?missing=no-content: 204 for an unknown or disabled clip, else as without it', async () => {
    for (const id of [disabled, 2 ** 40]) {
      expect((await app().fetch(`/api/content/chunk/${id}?missing=no-content`)).status).toBe(204)
      expect((await app().fetch(`/api/content/chunk/${id}`)).status).toBe(404)
    }
    const found = await app().fetchJson<{ id: number }>(`/api/content/chunk/${chunks[0]}?missing=no-content`)
    expect(found.status).toBe(200)
    expect(found.body.id).toBe(chunks[0])
  })

  it(`${PARALLEL} parallel adds of one phrase give one member`, async () => {
    const id = await create(ada, 'Same')
    const answers = await Promise.all(
      chunks.slice(4).map((chunkId) => addClip(ada, id, { chunk_id: chunkId, phrase: 'the same phrase' })),
    )
    expect(answers.every((a) => a.status === 200)).toBe(true)
    expect(answers.filter((a) => a.body.added)).toHaveLength(1)
    const { body } = await read(id)
    expect(body.members).toEqual({ '1': 'the same phrase' })
    expect(chunks.slice(4)).toContain(body.member_clips['1'])
  })
})
