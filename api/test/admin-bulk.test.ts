import { beforeAll, expect, it } from 'vitest'
import type { Chunk } from '../src/content/types.ts'
import { LIMITS } from '../src/shared/limits.ts'
import type { AdminChunk } from '../src/shared/wire.ts'
import {
  bulkAs,
  changesOf,
  expectConsistentTrail,
  lastChangeId,
  seedLargeContent,
  statesOf,
  toggleAs,
  usernameOf,
} from './admin-support.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, anonymous, createAdmin, createUser, send } from './user-content-support.ts'

describeEachDatabase('admin bulk enable/disable', (app) => {
  let scene = { contentId: 0, chunkIds: [] as number[] }
  let other = { contentId: 0, chunkIds: [] as number[] }
  let admin: Caller
  let second: Caller
  let learner: Caller
  let adminName = ''

  beforeAll(async () => {
    const seeded = await seedContent(app().db, [
      {
        name: 'The Harbour',
        chunks: [
          { text: 'The lighthouse keeper waves.' },
          { text: 'Another lighthouse in the fog.' },
          { text: 'A quiet morning by the sea.', enabled: false },
          { text: 'Boats return before the storm.' },
        ],
      },
      {
        name: 'Parallel Lines',
        chunks: Array.from({ length: 20 }, (_, i) => ({ text: `parallel sentence number ${i + 1}` })),
      },
    ])
    scene = seeded[0]!
    other = seeded[1]!
    admin = await createAdmin(app().db)
    second = await createAdmin(app().db)
    learner = await createUser(app().db)
    adminName = await usernameOf(app().db, admin)
  })

  const searchIds = async (q: string) => {
    const answer = await app().fetchJson<Chunk[]>(`/api/search?q=${encodeURIComponent(q)}`)
    expect(answer.status).toBe(200)
    return answer.body.map((c) => c.id).sort((a, b) => a - b)
  }
  const totals = async () =>
    (await app().fetchJson<{ count: number }>('/api/content/chunks/count')).body.count

  it('disables and enables a selection in one call: answer in request order, duplicates collapsed, changed counted', async () => {
    const [a, b, c, d] = scene.chunkIds as [number, number, number, number]
    const initial = await statesOf(app().db, scene.chunkIds)
    const initialMark = await lastChangeId(app().db)
    const count = await totals()
    expect(await searchIds('lighthouse')).toEqual([a, b])

    const off = await bulkAs(app(), admin, { chunk_ids: [c, b, a, b, c], enabled: false })
    expect(off.status).toBe(200)
    expect(off.body.changed).toBe(2) // c was already disabled
    expect(off.body.chunks.map((chunk) => [chunk.id, chunk.enabled])).toEqual([
      [c, false],
      [b, false],
      [a, false],
    ])
    expect(off.body.chunks[0]!.last_change).toBeNull()
    for (const chunk of off.body.chunks.slice(1)) {
      expect(chunk.last_change).toMatchObject({
        admin: adminName,
        enabled_before: true,
        enabled_after: false,
      })
    }
    // the same fields as the list gives
    const listed = await app().fetchJson<AdminChunk[]>(
      `/admin-api/content-metadata/${scene.contentId}/chunks`,
      send('GET', admin),
    )
    expect(listed.body.filter((chunk) => chunk.id !== d)).toEqual(
      [a, b, c].map((id) => off.body.chunks.find((chunk) => chunk.id === id)),
    )
    // public search, counts and the chunk page follow at once
    expect(await searchIds('lighthouse')).toEqual([])
    expect((await app().fetch(`/api/content/chunk/${a}`)).status).toBe(404)
    expect(await totals()).toBe(count - 2)

    const on = await bulkAs(app(), admin, { chunk_ids: [a, b], enabled: true })
    expect(on.body).toMatchObject({
      changed: 2,
      chunks: [
        { id: a, enabled: true },
        { id: b, enabled: true },
      ],
    })
    expect(await searchIds('lighthouse')).toEqual([a, b])
    expect(await totals()).toBe(count)
    expect(await expectConsistentTrail(app().db, initial, initialMark)).toBe(4)
  })

  it('a single toggle also takes the clip out of public search at once and brings it back', async () => {
    const d = scene.chunkIds[3]!
    expect(await searchIds('storm')).toEqual([d])
    expect((await toggleAs(app(), admin, d, { enabled: false })).status).toBe(200)
    expect(await searchIds('storm')).toEqual([])
    expect((await toggleAs(app(), admin, d, { enabled: true })).status).toBe(200)
    expect(await searchIds('storm')).toEqual([d])
  })

  it('an unknown id answers 404 naming it and changes nothing (all or nothing)', async () => {
    const before = await statesOf(app().db, scene.chunkIds)
    const rows = (await changesOf(app().db, scene.chunkIds)).length
    const answer = await bulkAs(app(), admin, {
      chunk_ids: [scene.chunkIds[0], 987654321, scene.chunkIds[1], 987654322],
      enabled: false,
    })
    expect(answer).toMatchObject({ status: 404, body: { detail: 'Chunks not found: 987654321, 987654322' } })
    expect(await statesOf(app().db, scene.chunkIds)).toEqual(before)
    expect((await changesOf(app().db, scene.chunkIds)).length).toBe(rows)
    expect(await searchIds('lighthouse')).toEqual(scene.chunkIds.slice(0, 2))
    const many = await bulkAs(app(), admin, {
      chunk_ids: Array.from({ length: 15 }, (_, i) => 900_000_000 + i),
      enabled: false,
    })
    expect(many.status).toBe(404)
    expect(many.body.detail).toBe(
      `Chunks not found: ${Array.from({ length: 10 }, (_, i) => 900_000_000 + i).join(', ')}, …`,
    )
  })

  it('refuses bad bodies with a 4xx and a detail, changing nothing', async () => {
    const id = scene.chunkIds[0]!
    const before = await statesOf(app().db, scene.chunkIds)
    const tooMany = Array.from({ length: LIMITS.adminBulkMax + 1 }, (_, i) => i + 1)
    for (const [body, status, detail] of [
      [{ chunk_ids: [], enabled: false }, 422, `chunk_ids: must list 1 to ${LIMITS.adminBulkMax} chunk ids`],
      [
        { chunk_ids: tooMany, enabled: false },
        422,
        `chunk_ids: must list 1 to ${LIMITS.adminBulkMax} chunk ids`,
      ],
      [{ chunk_ids: [id, 1.5], enabled: false }, 422, 'chunk_ids.1: must be a positive integer'],
      [{ chunk_ids: [0], enabled: false }, 422, 'chunk_ids.0: must be a positive integer'],
      [{ chunk_ids: [-3], enabled: false }, 422, 'chunk_ids.0: must be a positive integer'],
      [{ chunk_ids: [1e20], enabled: false }, 422, 'chunk_ids.0: must be a positive integer'],
      [{ chunk_ids: [String(id)], enabled: false }, 422, 'chunk_ids.0: must be a positive integer'],
      [{ chunk_ids: [id, id, null], enabled: false }, 422, 'chunk_ids.2: must be a positive integer'],
      [{ chunk_ids: [[id]], enabled: false }, 422, 'chunk_ids.0: must be a positive integer'],
      [{ chunk_ids: id, enabled: false }, 422, `chunk_ids: must list 1 to ${LIMITS.adminBulkMax} chunk ids`],
      [
        { chunk_ids: { 0: id }, enabled: false },
        422,
        `chunk_ids: must list 1 to ${LIMITS.adminBulkMax} chunk ids`,
      ],
      [{ enabled: false }, 422, `chunk_ids: must list 1 to ${LIMITS.adminBulkMax} chunk ids`],
      [{ chunk_ids: [id] }, 422, 'enabled: must be true or false'],
      [{ chunk_ids: [id], enabled: 'false' }, 422, 'enabled: must be true or false'],
      [{ chunk_ids: [id], enabled: 0 }, 422, 'enabled: must be true or false'],
      [{ chunk_ids: [id], enabled: null }, 422, 'enabled: must be true or false'],
      [{ chunk_ids: [id], enabled: false, reason: 'x' }, 422, 'Unknown field: reason'],
      [[id], 422, /./],
      [null, 422, /./],
      ['{"chunk_ids":[1],', 400, 'Request body is not valid JSON'],
    ] as const) {
      const answer = await bulkAs(app(), admin, body)
      const label = JSON.stringify(body).slice(0, 40)
      expect([label, answer.status]).toEqual([label, status])
      if (typeof detail === 'string') expect([label, answer.body.detail]).toEqual([label, detail])
      else expect(answer.body.detail).toMatch(detail)
    }
    const notJson = await app().fetch('/admin-api/content-chunks/enabled', {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      body: `chunk_ids=${id}&enabled=false`,
    })
    expect(notJson.status).toBe(415)
    // other methods on the bulk path
    expect((await app().fetch('/admin-api/content-chunks/enabled', send('POST', admin, {}))).status).toBe(405)
    expect(await statesOf(app().db, scene.chunkIds)).toEqual(before)
  })

  it('takes an admin session only: none or a learner session is 401, a cross-site cookie request 403', async () => {
    const id = scene.chunkIds[0]!
    for (const caller of [anonymous, learner]) {
      const answer = await bulkAs(app(), caller, { chunk_ids: [id], enabled: false })
      expect(answer).toMatchObject({ status: 401, body: { detail: 'Admin authentication required' } })
    }
    // a learner's token in the admin cookie is not an admin session either
    const learnerToken = learner.headers.authorization!.replace('Bearer ', '')
    const inCookie = await app().fetchJson('/admin-api/content-chunks/enabled', {
      method: 'PATCH',
      headers: { cookie: `admin_token=${learnerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chunk_ids: [id], enabled: false }),
    })
    expect(inCookie.status).toBe(401)
    const adminToken = admin.headers.authorization!.replace('Bearer ', '')
    const viaCookie = (origin: string) =>
      app().fetchJson<{ detail?: string; changed?: number }>('/admin-api/content-chunks/enabled', {
        method: 'PATCH',
        headers: { cookie: `admin_token=${adminToken}`, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ chunk_ids: [id], enabled: true }),
      })
    expect(await viaCookie('https://evil.example')).toMatchObject({
      status: 403,
      body: { detail: 'Cross-site request refused' },
    })
    expect(await viaCookie('http://localhost:4321')).toMatchObject({ status: 200, body: { changed: 0 } })
    expect((await statesOf(app().db, [id])).get(id)).toBe(true)
  })

  it('20 parallel toggles of one clip and of 20 clips: no 5xx, and the audit rows are exactly the transitions', async () => {
    const one = other.chunkIds[0]!
    const initial = await statesOf(app().db, other.chunkIds)
    const initialMark = await lastChangeId(app().db)
    const sameClip = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        toggleAs(app(), i % 3 === 0 ? second : admin, one, { enabled: i % 2 === 1 }),
      ),
    )
    expect(sameClip.map((a) => a.status)).toEqual(Array(20).fill(200))
    // each answer shows the state it asked for, and its last change leads there
    sameClip.forEach((answer, i) => {
      expect(answer.body.enabled).toBe(i % 2 === 1)
      if (answer.body.last_change) expect(answer.body.last_change.enabled_after).toBe(i % 2 === 1)
    })
    const rowsAfterSame = await expectConsistentTrail(app().db, initial, initialMark)
    expect(rowsAfterSame).toBeGreaterThanOrEqual(1)
    expect(rowsAfterSame).toBeLessThanOrEqual(20)

    const middle = await statesOf(app().db, other.chunkIds)
    const middleMark = await lastChangeId(app().db)
    const manyClips = await Promise.all(
      other.chunkIds.map((id) => toggleAs(app(), admin, id, { enabled: !middle.get(id) })),
    )
    expect(manyClips.map((a) => a.status)).toEqual(Array(20).fill(200))
    const rows = await changesOf(app().db, other.chunkIds, initialMark)
    expect(rows.length).toBe(rowsAfterSame + 20)
    expect(await expectConsistentTrail(app().db, middle, middleMark)).toBe(rows.length - rowsAfterSame)
    const now = await statesOf(app().db, other.chunkIds)
    for (const id of other.chunkIds) expect(now.get(id)).toBe(!middle.get(id))
    // the totals were recounted after the last commit
    const enabledNow = (
      await app().db.query<{ n: number }>('select count(*)::int as n from content_chunks where enabled')
    ).rows[0]!.n
    expect(await totals()).toBe(enabledNow)
  })

  it('5 parallel overlapping bulk calls: no 5xx, changed sums to the audit rows, each clip ends as its last row says', async () => {
    const ids = other.chunkIds
    const initial = await statesOf(app().db, ids)
    const initialMark = await lastChangeId(app().db)
    let rowsBefore = (await changesOf(app().db, ids)).length
    const selections = [
      { chunk_ids: ids.slice(0, 12), enabled: false },
      { chunk_ids: ids.slice(4, 16).reverse(), enabled: true },
      { chunk_ids: ids.slice(8, 20), enabled: false },
      { chunk_ids: [...ids].reverse(), enabled: true },
      { chunk_ids: ids.filter((_, i) => i % 2 === 0), enabled: false },
    ]
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        selections.map((body, i) => bulkAs(app(), i % 2 ? second : admin, body)),
      )
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
      answers.forEach((answer, i) => {
        expect(answer.body.chunks.map((c) => c.id)).toEqual(selections[i]!.chunk_ids)
        expect(answer.body.chunks.every((c) => c.enabled === selections[i]!.enabled)).toBe(true)
      })
      const changed = answers.reduce((sum, answer) => sum + answer.body.changed, 0)
      const rows = (await changesOf(app().db, ids)).length
      expect(rows - rowsBefore).toBe(changed)
      rowsBefore = rows
    }
    expect(await expectConsistentTrail(app().db, initial, initialMark)).toBeGreaterThan(0)
    const enabledNow = (
      await app().db.query<{ n: number }>('select count(*)::int as n from content_chunks where enabled')
    ).rows[0]!.n
    expect(await totals()).toBe(enabledNow)
  })

  it('one call disables a whole 5,000-clip item (the bulk maximum) and enables it back', async () => {
    const big = await seedLargeContent(app().db, LIMITS.adminBulkMax, (n) => `bulk clip ${n} says zanzibar`)
    const timings: number[] = []
    for (const enabled of [false, true]) {
      const started = performance.now()
      const answer = await bulkAs(app(), admin, { chunk_ids: big.chunkIds, enabled })
      timings.push(performance.now() - started)
      expect([answer.status, answer.body.changed, answer.body.chunks.length]).toEqual([200, 5000, 5000])
      expect((await searchIds('zanzibar')).length).toBe(
        enabled ? Math.min(5000, LIMITS.searchDefaultLimit) : 0,
      )
    }
    console.info(
      `[admin-bulk ${app().kind}] bulk toggle of 5,000 clips: ${timings.map((t) => t.toFixed(0)).join(' ms, ')} ms`,
    )
    expect((await changesOf(app().db, big.chunkIds)).length).toBe(10_000)
  }, 300_000) // seeds and toggles 5,000 clips: slow on a loaded machine
})
