/**
 * Likes and saves mark the clip the learner chose (issue 17, docs/decisions/088), the spec's item-level calls keep
 * their meaning, and play history can be cleared: on PGlite and PostgreSQL, with parallel callers.
 */
import { beforeAll, expect, it } from 'vitest'
import type { Chunk } from '../src/content/types.ts'
import { loadMigrations, migrate } from '../src/db/migrate.ts'
import type { HistoryItem } from '../src/user-content/user-content-store.ts'
import { seedContent } from './fixtures.ts'
import { createFreshDatabase, describeEachDatabase } from './harness.ts'
import { type Caller, createUser, send } from './user-content-support.ts'

describeEachDatabase('per-clip likes and saves, clearing play history', (app, kind) => {
  let film = { contentId: 0, chunkIds: [] as number[] }
  let other = { contentId: 0, chunkIds: [] as number[] }
  let clock = Date.now()
  const tick = () => {
    clock += 1000
  }

  beforeAll(async () => {
    app().ctx.now = () => new Date(clock)
    const seeded = await seedContent(app().db, [
      {
        name: 'Are you okay?',
        chunks: [
          { text: 'Are you okay?' },
          { text: 'Are you okay with this?' },
          { text: 'I am okay.' },
          { text: 'Gone for now.', enabled: false },
          { text: 'Okay then.' },
          { text: 'Fine.' },
        ],
      },
      { name: 'Elsewhere', chunks: [{ text: 'Hello.' }] },
    ])
    film = seeded[0]!
    other = seeded[1]!
  })

  const mark = async (
    caller: Caller,
    method: 'POST' | 'DELETE',
    body: Record<string, number>,
    which: 'like' | 'save' = 'like',
  ) => {
    tick()
    return app().fetchJson<{ is_liked: boolean; is_saved: boolean; detail?: string }>(
      `/api/user-content/${which}`,
      send(method, caller, body),
    )
  }
  const status = async (caller: Caller, contentId: number, chunkId?: number) =>
    app().fetchJson<{ is_liked: boolean; is_saved: boolean }>(
      `/api/user-content/status/${contentId}${chunkId === undefined ? '' : `?content_chunk_id=${chunkId}`}`,
      send('GET', caller),
    )
  const listIds = async (caller: Caller, path: string) => {
    const { status: code, body } = await app().fetchJson<Chunk[]>(
      `/api/user-content/${path}`,
      send('GET', caller),
    )
    expect(code).toBe(200)
    return body.map((chunk) => chunk.id)
  }
  const rows = async (table: 'likes' | 'saves', userId: number) =>
    (
      await app().db.query<{ content_chunk_id: number | null }>(
        `select content_chunk_id from ${table} where user_id = $1 order by content_chunk_id`,
        [userId],
      )
    ).rows.map((row) => (row.content_chunk_id === null ? null : Number(row.content_chunk_id)))

  it('saves the clip chosen, not every clip of its title; the lists show exactly the marked clips, newest first', async () => {
    const ada = await createUser(app().db)
    const [a, b, c] = film.chunkIds
    const saved = await mark(
      ada,
      'POST',
      { content_metadata_id: film.contentId, content_chunk_id: b! },
      'save',
    )
    expect(saved).toMatchObject({ status: 200, body: { is_liked: false, is_saved: true } })
    // only that clip is saved; the title as a whole counts as saved for the spec's item-level lookup
    expect((await status(ada, film.contentId, b)).body).toEqual({ is_liked: false, is_saved: true })
    expect((await status(ada, film.contentId, a)).body).toEqual({ is_liked: false, is_saved: false })
    expect((await status(ada, film.contentId, c)).body).toEqual({ is_liked: false, is_saved: false })
    expect((await status(ada, film.contentId)).body).toEqual({ is_liked: false, is_saved: true })
    expect(await listIds(ada, 'saved-chunks')).toEqual([b])

    // a second clip of the same title is a second mark, listed first (newest)
    await mark(ada, 'POST', { content_metadata_id: film.contentId, content_chunk_id: a! }, 'save')
    await mark(ada, 'POST', { content_metadata_id: film.contentId, content_chunk_id: c! }, 'like')
    expect(await listIds(ada, 'saved-chunks')).toEqual([a, b])
    expect(await listIds(ada, 'liked-chunks')).toEqual([c])
    expect(await rows('saves', ada.id)).toEqual([a, b])

    // taking one clip off keeps the other
    const off = await mark(
      ada,
      'DELETE',
      { content_metadata_id: film.contentId, content_chunk_id: b! },
      'save',
    )
    expect(off).toMatchObject({ status: 200, body: { is_liked: false, is_saved: false } })
    expect(await listIds(ada, 'saved-chunks')).toEqual([a])
    expect((await status(ada, film.contentId, a)).body).toEqual({ is_liked: false, is_saved: true })
    // the query-string form of DELETE names the clip too
    const viaQuery = await app().fetchJson(
      `/api/user-content/save?content_metadata_id=${film.contentId}&content_chunk_id=${a}`,
      send('DELETE', ada),
    )
    expect(viaQuery).toMatchObject({ status: 200, body: { is_saved: false } })
    expect(await listIds(ada, 'saved-chunks')).toEqual([])
    expect((await status(ada, film.contentId)).body).toEqual({ is_liked: true, is_saved: false })
  })

  it("keeps the spec's item-level calls: a mark without a clip goes on the clip last played, DELETE without a clip takes all", async () => {
    const bob = await createUser(app().db)
    const [a, b, c] = film.chunkIds
    // never played: the title's first enabled clip
    expect((await mark(bob, 'POST', { content_metadata_id: film.contentId })).body).toMatchObject({
      is_liked: true,
    })
    expect(await rows('likes', bob.id)).toEqual([a])
    // the item already has a mark: a call without a clip changes nothing (idempotent, as before)
    tick()
    await app().fetchJson(
      '/api/user-content/play',
      send('POST', bob, { content_chunk_id: c, content_metadata_id: film.contentId }),
    )
    await mark(bob, 'POST', { content_metadata_id: film.contentId })
    expect(await rows('likes', bob.id)).toEqual([a])
    // a clip named explicitly adds to it; DELETE without a clip takes every mark of the item
    await mark(bob, 'POST', { content_metadata_id: film.contentId, content_chunk_id: b! })
    expect(await rows('likes', bob.id)).toEqual([a, b])
    const cleared = await mark(bob, 'DELETE', { content_metadata_id: film.contentId })
    expect(cleared).toMatchObject({ status: 200, body: { is_liked: false } })
    expect(await rows('likes', bob.id)).toEqual([])
    // with nothing marked, a call without a clip takes the clip played last (c)
    await mark(bob, 'POST', { content_metadata_id: film.contentId })
    expect(await rows('likes', bob.id)).toEqual([c])
    expect((await status(bob, film.contentId, c)).body).toEqual({ is_liked: true, is_saved: false })
    expect(await listIds(bob, 'liked-chunks')).toEqual([c])
  })

  it('refuses clips that are unknown, of another title or disabled, and bad clip ids in the status lookup', async () => {
    const cat = await createUser(app().db)
    const disabled = film.chunkIds[3]!
    expect(
      (await mark(cat, 'POST', { content_metadata_id: film.contentId, content_chunk_id: 987654321 })).status,
    ).toBe(404)
    expect(
      await mark(cat, 'POST', { content_metadata_id: film.contentId, content_chunk_id: other.chunkIds[0]! }),
    ).toMatchObject({
      status: 422,
      body: { detail: 'content_chunk_id does not belong to content_metadata_id' },
    })
    expect(
      (await mark(cat, 'POST', { content_metadata_id: film.contentId, content_chunk_id: disabled })).status,
    ).toBe(404)
    // a disabled clip can still be looked up and taken off (a mark made before it was disabled)
    expect((await status(cat, film.contentId, disabled)).body).toEqual({ is_liked: false, is_saved: false })
    expect(
      (await mark(cat, 'DELETE', { content_metadata_id: film.contentId, content_chunk_id: disabled })).status,
    ).toBe(200)
    expect((await status(cat, film.contentId, other.chunkIds[0])).status).toBe(422)
    expect((await status(cat, film.contentId, 987654321)).status).toBe(404)
    for (const bad of ['abc', '0', '-1', '1.5', '', '99999999999999999999']) {
      const answer = await app().fetchJson<{ detail?: string }>(
        `/api/user-content/status/${film.contentId}?content_chunk_id=${bad}`,
        send('GET', cat),
      )
      expect([bad, answer.status]).toEqual([bad, 400])
      expect(typeof answer.body.detail).toBe('string')
    }
    const badDelete = await app().fetchJson(
      `/api/user-content/like?content_metadata_id=${film.contentId}&content_chunk_id=x`,
      send('DELETE', cat),
    )
    expect(badDelete.status).toBe(400)
    expect(await rows('likes', cat.id)).toEqual([])
  })

  it('stores one like when the same clip is liked 20 times in parallel, with or without the clip', async () => {
    const dan = await createUser(app().db)
    const clip = film.chunkIds[4]!
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app().fetchJson(
          '/api/user-content/like',
          send('POST', dan, { content_metadata_id: film.contentId, content_chunk_id: clip }),
        ),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    for (const answer of answers) expect(answer.body).toEqual({ is_liked: true, is_saved: false })
    expect(await rows('likes', dan.id)).toEqual([clip])

    const eve = await createUser(app().db)
    const itemLevel = await Promise.all(
      Array.from({ length: 20 }, () =>
        app().fetchJson('/api/user-content/save', send('POST', eve, { content_metadata_id: film.contentId })),
      ),
    )
    expect(itemLevel.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    expect(await rows('saves', eve.id)).toEqual([film.chunkIds[0]])

    // five clips of one title liked at once: five likes, listed all
    const fay = await createUser(app().db)
    const enabled = film.chunkIds.filter((_, i) => i !== 3)
    const many = await Promise.all(
      enabled.flatMap((id) =>
        Array.from({ length: 4 }, () =>
          app().fetchJson(
            '/api/user-content/like',
            send('POST', fay, { content_metadata_id: film.contentId, content_chunk_id: id }),
          ),
        ),
      ),
    )
    expect(many.every((answer) => answer.status === 200)).toBe(true)
    expect(await rows('likes', fay.id)).toEqual([...enabled].sort((x, y) => x - y))
    expect((await listIds(fay, 'liked-chunks')).sort((x, y) => x - y)).toEqual(
      [...enabled].sort((x, y) => x - y),
    )
  }, 120_000)

  it('ends like/unlike races consistent: the stored mark, the status and the list agree', async () => {
    for (let round = 0; round < 3; round++) {
      const gus = await createUser(app().db)
      const clip = film.chunkIds[round]!
      const body = { content_metadata_id: film.contentId, content_chunk_id: clip }
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          app().fetchJson('/api/user-content/like', send(i % 2 === 0 ? 'POST' : 'DELETE', gus, body)),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
      const stored = await rows('likes', gus.id)
      expect(stored.length).toBeLessThanOrEqual(1)
      const liked = stored.length === 1
      expect((await status(gus, film.contentId, clip)).body).toEqual({ is_liked: liked, is_saved: false })
      expect(await listIds(gus, 'liked-chunks')).toEqual(liked ? [clip] : [])
      // and a last like after the storm stores exactly one
      await mark(gus, 'POST', body)
      expect(await rows('likes', gus.id)).toEqual([clip])
    }
  }, 120_000)

  it('clears one history entry or all of it, only the caller’s, with parallel deletes', async () => {
    const hal = await createUser(app().db)
    const ivy = await createUser(app().db)
    const play = async (caller: Caller, chunkId: number) => {
      tick()
      const answer = await app().fetchJson(
        '/api/user-content/play',
        send('POST', caller, { content_chunk_id: chunkId, content_metadata_id: film.contentId }),
      )
      expect(answer.status).toBe(200)
    }
    for (const id of [film.chunkIds[0]!, film.chunkIds[1]!, film.chunkIds[2]!]) {
      await play(hal, id)
      await play(ivy, id)
    }
    const history = async (caller: Caller) =>
      (await app().fetchJson<HistoryItem[]>('/api/user-content/play-history', send('GET', caller))).body
    const before = await history(hal)
    expect(before.map((item) => item.chunk.id)).toEqual([
      film.chunkIds[2],
      film.chunkIds[1],
      film.chunkIds[0],
    ])
    const target = before[1]!.id

    // someone else's entry is not found, and stays
    const ivyEntry = (await history(ivy))[0]!.id
    expect(
      (await app().fetchJson(`/api/user-content/play-history/${ivyEntry}`, send('DELETE', hal))).status,
    ).toBe(404)

    // ten parallel deletes of one entry: one removes it, the others find it gone
    const deletes = await Promise.all(
      Array.from({ length: 10 }, () =>
        app().fetchJson(`/api/user-content/play-history/${target}`, send('DELETE', hal)),
      ),
    )
    expect(deletes.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(404)])
    expect((await history(hal)).map((item) => item.chunk.id)).toEqual([film.chunkIds[2], film.chunkIds[0]])

    for (const bad of ['abc', '0', '-1', '1.5']) {
      const answer = await app().fetchJson<{ detail?: string }>(
        `/api/user-content/play-history/${bad}`,
        send('DELETE', hal),
      )
      expect([bad, answer.status]).toEqual([bad, 400])
      expect(typeof answer.body.detail).toBe('string')
    }

    // clearing all, ten times in parallel: two entries go in total, Ivy keeps hers
    const clears = await Promise.all(
      Array.from({ length: 10 }, () =>
        app().fetchJson<{ deleted: number }>('/api/user-content/play-history', send('DELETE', hal)),
      ),
    )
    expect(clears.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    expect(clears.reduce((sum, answer) => sum + answer.body.deleted, 0)).toBe(2)
    expect(await history(hal)).toEqual([])
    expect(await history(ivy)).toHaveLength(3)

    // a session is required, and a cookie-borne delete from another site is refused
    expect((await app().fetchJson('/api/user-content/play-history', { method: 'DELETE' })).status).toBe(401)
    const token = ivy.headers.authorization!.slice('Bearer '.length)
    const forged = await app().fetchJson('/api/user-content/play-history', {
      method: 'DELETE',
      headers: { cookie: `auth_token=${token}`, origin: 'https://evil.example' },
    })
    expect(forged.status).toBe(403)
    expect(await history(ivy)).toHaveLength(3)
  }, 120_000)

  it('migrates item-level marks to the clip the lists showed (migration 048)', async () => {
    const database = await createFreshDatabase(kind)
    try {
      const all = await loadMigrations()
      await migrate(
        database.pool,
        all.filter((migration) => migration.name < '048'),
      )
      const [item, empty] = await seedContent(
        database.pool,
        [
          { name: 'Old', chunks: [{ text: 'One.', enabled: false }, { text: 'Two.' }, { text: 'Three.' }] },
          { name: 'No clips', chunks: [] },
        ],
        { index: false },
      ) // a schema before 048 has no search phrase tables (051) either
      const { rows: users } = await database.pool.query<{ id: number }>(
        `insert into users (email, password_hash, first_name, last_name, is_verified)
         values ('m1@example.org', 'x', 'A', 'B', true), ('m2@example.org', 'x', 'C', 'D', true) returning id`,
      )
      const [u1, u2] = users.map((user) => user.id)
      await database.pool.query(
        `insert into likes (user_id, content_metadata_id, content_chunk_id) values
           ($1, $3, null), ($2, $3, $5), ($1, $4, null)`,
        [u1, u2, item!.contentId, empty!.contentId, item!.chunkIds[2]],
      )
      await database.pool.query('insert into saves (user_id, content_metadata_id) values ($1, $2)', [
        u2,
        item!.contentId,
      ])
      await migrate(database.pool, all)
      const { rows } = await database.pool.query<{
        user_id: number
        content_metadata_id: number
        content_chunk_id: number | null
      }>(
        `select user_id, content_metadata_id, content_chunk_id from likes
         union all select user_id, content_metadata_id, content_chunk_id from saves`,
      )
      const norm = rows
        .map((row) => [
          Number(row.user_id),
          Number(row.content_metadata_id),
          row.content_chunk_id === null ? null : Number(row.content_chunk_id),
        ])
        .sort()
      // a mark without a clip takes the first enabled clip (clip 2, as the list showed); a remembered clip stays;
      // an item without clips keeps a clip-less mark
      expect(norm).toEqual(
        [
          [u1, item!.contentId, item!.chunkIds[1]],
          [u1, empty!.contentId, null],
          [u2, item!.contentId, item!.chunkIds[2]],
          [u2, item!.contentId, item!.chunkIds[1]],
        ].sort(),
      )
      // a second clip of the same item may now be marked by the same user
      await database.pool.query(
        'insert into likes (user_id, content_metadata_id, content_chunk_id) values ($1, $2, $3)',
        [u1, item!.contentId, item!.chunkIds[2]],
      )
      // but not the same clip twice, nor two clip-less marks of one item
      await expect(
        database.pool.query(
          'insert into likes (user_id, content_metadata_id, content_chunk_id) values ($1, $2, $3)',
          [u1, item!.contentId, item!.chunkIds[2]],
        ),
      ).rejects.toThrow()
      await expect(
        database.pool.query('insert into likes (user_id, content_metadata_id) values ($1, $2)', [
          u1,
          empty!.contentId,
        ]),
      ).rejects.toThrow()
    } finally {
      await database.close()
    }
  }, 120_000)
})
