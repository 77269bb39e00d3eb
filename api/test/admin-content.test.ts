import { beforeAll, expect, it } from 'vitest'
import type { AdminChunk, AdminContentMetadata } from '../src/admin/content-admin-store.ts'
import type { Chunk } from '../src/content/types.ts'
import type { HistoryItem } from '../src/user-content/user-content-store.ts'
import { onChunksWritten } from '../src/search/index-sync.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, anonymous, createAdmin, createUser, send } from './user-content-support.ts'

describeEachDatabase('admin content API', (app) => {
  let film = { contentId: 0, chunkIds: [] as number[] }
  let empty = { contentId: 0, chunkIds: [] as number[] }
  let admin: Caller
  let user: Caller

  beforeAll(async () => {
    const seeded = await seedContent(app().db, [
      {
        name: 'The Long Road',
        category: 'movie',
        genre: 'Drama',
        year: 2019,
        part: 'Part 1',
        link: 'https://example.org/long-road',
        chunks: [
          { text: 'How are you?', duration: 2 },
          { text: 'I am fine, thanks.', duration: 3.5 },
          { text: 'Break a leg!', enabled: false, chunkType: 'audio', duration: 1 },
        ],
      },
      { name: 'Nothing yet', chunks: [] },
    ])
    film = seeded[0]!
    empty = seeded[1]!
    await onChunksWritten(app().ctx, film.chunkIds)
    admin = await createAdmin(app().db)
    user = await createUser(app().db)
  })

  const toggle = (caller: Caller, chunkId: number, body: unknown) =>
    app().fetchJson<AdminChunk & { detail?: string }>(
      `/admin-api/content-chunks/${chunkId}/enabled`,
      send('PATCH', caller, body),
    )

  it('lists every content item with its chunk count', async () => {
    const { status, body } = await app().fetchJson<AdminContentMetadata[]>(
      '/admin-api/content-metadata',
      send('GET', admin),
    )
    expect(status).toBe(200)
    expect(body).toEqual([
      {
        id: film.contentId,
        name: 'The Long Road',
        content_category: 'movie',
        genre: 'Drama',
        release_year: 2019,
        content_part: 'Part 1',
        external_link: 'https://example.org/long-road',
        chunk_count: 3,
        enabled_chunk_count: 2,
      },
      expect.objectContaining({
        id: empty.contentId,
        name: 'Nothing yet',
        chunk_count: 0,
        enabled_chunk_count: 0,
      }),
    ])
  })

  it('lists the chunks of one item, disabled ones too, with the admin fields', async () => {
    const { status, body } = await app().fetchJson<AdminChunk[]>(
      `/admin-api/content-metadata/${film.contentId}/chunks`,
      send('GET', admin),
    )
    expect(status).toBe(200)
    expect(body.map((c) => c.id)).toEqual(film.chunkIds)
    expect(body[2]).toEqual({
      id: film.chunkIds[2],
      play_file_name: '3.m4a',
      segment_file_name: 'segment_3.json',
      thumbnail_file_name: '3_thumbnail.jpg',
      chunk_type: 'audio',
      chunk_duration: 1,
      enabled: false,
      transcribed_text: 'Break a leg!',
      play_s3_url: `/media/${film.contentId}/3.m4a`,
      segment_s3_url: `/media/${film.contentId}/segment_3.json`,
      thumbnail_s3_url: `/media/${film.contentId}/3_thumbnail.jpg`,
      last_change: null,
    })
    const none = await app().fetchJson(
      `/admin-api/content-metadata/${empty.contentId}/chunks`,
      send('GET', admin),
    )
    expect(none).toMatchObject({ status: 200, body: [] })
    const unknown = await app().fetchJson('/admin-api/content-metadata/987654321/chunks', send('GET', admin))
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Content not found' } })
  })

  it('disabling a chunk takes it out of the feed, navigation, counts and user lists at once; enabling restores it', async () => {
    const target = film.chunkIds[1]!
    // a user has played and liked it (explicitly that clip)
    await app().fetch(
      '/api/user-content/play',
      send('POST', user, { content_chunk_id: target, content_metadata_id: film.contentId }),
    )
    await app().fetch(
      '/api/user-content/like',
      send('POST', user, { content_metadata_id: film.contentId, content_chunk_id: target }),
    )
    const count = async () =>
      (await app().fetchJson<{ count: number }>('/api/content/chunks/count')).body.count
    const words = async () =>
      (await app().fetchJson<{ count: number }>('/api/content/words/count')).body.count
    const visible = async () => {
      const random = await app().fetchJson<Chunk[]>('/api/content/random-chunks?limit=60')
      const next = await app().fetchJson<{ id: number }>(
        `/api/content/navigate-chunk?content_metadata_id=${film.contentId}&content_chunk_id=${film.chunkIds[0]}&action=next`,
      )
      const liked = await app().fetchJson<Chunk[]>('/api/user-content/liked-chunks', send('GET', user))
      const history = await app().fetchJson<HistoryItem[]>(
        '/api/user-content/play-history',
        send('GET', user),
      )
      const search = await app().fetchJson<Chunk[]>('/api/search?q=fine+thanks')
      return {
        search: search.body.map((c) => c.id),
        chunk: (await app().fetch(`/api/content/chunk/${target}`)).status,
        random: random.body.some((c) => c.id === target),
        next: next.status === 200 ? next.body.id : null,
        liked: liked.body.map((c) => c.id),
        history: history.body.map((h) => h.chunk.id),
      }
    }
    expect(await count()).toBe(2)
    expect(await words()).toBe(7)
    expect(await visible()).toEqual({
      search: [target],
      chunk: 200,
      random: true,
      next: target,
      liked: [target],
      history: [target],
    })

    const off = await toggle(admin, target, { enabled: false })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ id: target, enabled: false, transcribed_text: 'I am fine, thanks.' })
    expect(await visible()).toEqual({
      search: [],
      chunk: 404,
      random: false,
      next: null,
      // the liked list shows exactly the clips marked (decision 088): no fallback to another clip of the item
      liked: [],
      history: [],
    })
    expect(await count()).toBe(1)
    expect(await words()).toBe(3)
    const list = await app().fetchJson<AdminContentMetadata[]>(
      '/admin-api/content-metadata',
      send('GET', admin),
    )
    expect(list.body[0]).toMatchObject({ chunk_count: 3, enabled_chunk_count: 1 })

    // toggling to the state it already has is accepted and changes nothing
    expect((await toggle(admin, target, { enabled: false })).body.enabled).toBe(false)
    const on = await toggle(admin, target, { enabled: true })
    expect(on.body.enabled).toBe(true)
    expect(await visible()).toEqual({
      search: [target],
      chunk: 200,
      random: true,
      next: target,
      liked: [target],
      history: [target],
    })
    expect(await count()).toBe(2)
  })

  it('takes admin sessions only', async () => {
    for (const caller of [anonymous, user]) {
      for (const [method, path, body] of [
        ['GET', '/admin-api/content-metadata', undefined],
        ['GET', `/admin-api/content-metadata/${film.contentId}/chunks`, undefined],
        ['PATCH', `/admin-api/content-chunks/${film.chunkIds[0]}/enabled`, { enabled: false }],
      ] as const) {
        const answer = await app().fetchJson(path, send(method, caller, body))
        expect([path, answer.status, answer.body]).toEqual([
          path,
          401,
          { detail: 'Admin authentication required' },
        ])
      }
    }
    const { rows } = await app().db.query<{ enabled: boolean }>(
      'select enabled from content_chunks where id = $1',
      [film.chunkIds[0]],
    )
    expect(rows[0]!.enabled).toBe(true)
  })

  it('answers whole lists by default, pages both with limit and offset, and says the whole size in X-Total-Count', async () => {
    const whole = await app().fetchJson<AdminContentMetadata[]>(
      '/admin-api/content-metadata',
      send('GET', admin),
    )
    expect(whole.body).toHaveLength(2)
    expect(whole.response.headers.get('x-total-count')).toBe('2')
    const firstItem = await app().fetchJson<AdminContentMetadata[]>(
      '/admin-api/content-metadata?limit=1',
      send('GET', admin),
    )
    expect(firstItem.status).toBe(200)
    expect(firstItem.body.map((m) => m.id)).toEqual([film.contentId])
    expect(firstItem.response.headers.get('x-total-count')).toBe('2')
    const secondItem = await app().fetchJson<AdminContentMetadata[]>(
      '/admin-api/content-metadata?limit=1&offset=1',
      send('GET', admin),
    )
    expect(secondItem.body).toEqual([expect.objectContaining({ id: empty.contentId, chunk_count: 0 })])
    const pastTheEnd = await app().fetchJson('/admin-api/content-metadata?offset=50', send('GET', admin))
    expect(pastTheEnd).toMatchObject({ status: 200, body: [] })

    const chunksUrl = `/admin-api/content-metadata/${film.contentId}/chunks`
    const pages: number[][] = []
    for (let offset = 0; offset < 3; offset += 2) {
      const page = await app().fetchJson<AdminChunk[]>(
        `${chunksUrl}?limit=2&offset=${offset}`,
        send('GET', admin),
      )
      expect(page.response.headers.get('x-total-count')).toBe('3')
      expect(page.response.headers.get('cache-control')).toBe('private, no-store')
      pages.push(page.body.map((c) => c.id))
    }
    expect(pages).toEqual([film.chunkIds.slice(0, 2), film.chunkIds.slice(2)])

    for (const query of ['limit=0', 'limit=1001', 'limit=x', 'offset=-1', 'offset=1e3', 'limit=1.5']) {
      for (const url of [`/admin-api/content-metadata?${query}`, `${chunksUrl}?${query}`]) {
        const answer = await app().fetchJson<{ detail?: string }>(url, send('GET', admin))
        expect([url, answer.status]).toEqual([url, 400])
        expect(answer.body.detail).toMatch(/^(limit|offset) must be an integer between/)
      }
    }
  })

  it('answers bad input with a 4xx and a detail', async () => {
    const chunkId = film.chunkIds[0]!
    for (const [body, expected] of [
      [{}, 422],
      [{ enabled: 'false' }, 422],
      [{ enabled: 0 }, 422],
      [{ enabled: null }, 422],
      [{ enabled: true, id: 5 }, 422],
      [[true], 422],
      ['true', 422],
      ['{"enabled":', 400],
      [JSON.stringify({ enabled: true, pad: 'x'.repeat(80_000) }), 413],
    ] as const) {
      const answer = await toggle(admin, chunkId, body)
      expect([body.toString().slice(0, 30), answer.status]).toEqual([body.toString().slice(0, 30), expected])
      expect(typeof answer.body.detail).toBe('string')
    }
    const notJson = await app().fetchJson(`/admin-api/content-chunks/${chunkId}/enabled`, {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      body: 'enabled=false',
    })
    expect(notJson.status).toBe(415)
    expect(await toggle(admin, 987654321, { enabled: false })).toMatchObject({
      status: 404,
      body: { detail: 'Chunk not found' },
    })
    for (const bad of ['x', '-2', '0', '99999999999999999999']) {
      expect((await toggle(admin, bad as unknown as number, { enabled: true })).status).toBe(400)
      const chunks = await app().fetchJson(`/admin-api/content-metadata/${bad}/chunks`, send('GET', admin))
      expect(chunks.status).toBe(400)
    }
    const { rows } = await app().db.query<{ enabled: boolean }>(
      'select enabled from content_chunks where id = $1',
      [chunkId],
    )
    expect(rows[0]!.enabled).toBe(true)
  })
})
