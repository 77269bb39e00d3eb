import { beforeAll, expect, it } from 'vitest'
import type { Chunk } from '../src/content/types.ts'
import type { HistoryItem } from '../src/user-content/user-content-store.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, anonymous, createUser, send } from './user-content-support.ts'

describeEachDatabase('user content: likes, saves, play history', (app) => {
  let film = { contentId: 0, chunkIds: [] as number[] }
  let podcast = { contentId: 0, chunkIds: [] as number[] }
  let hidden = { contentId: 0, chunkIds: [] as number[] }
  let ada: Caller
  let bob: Caller
  // each write gets its own second, so "newest first" is decided by the clock, not by luck
  let clock = Date.now()
  const tick = () => {
    clock += 1000
  }

  beforeAll(async () => {
    app().ctx.now = () => new Date(clock)
    const seeded = await seedContent(app().db, [
      {
        name: 'The Long Road',
        genre: 'Drama',
        chunks: [
          { text: 'How are you?' },
          { text: 'I am fine, thanks.', enabled: false },
          { text: "I don't know what you mean." },
          { text: 'Break a leg!' },
        ],
      },
      { name: 'Morning Talk', category: 'podcast', chunks: [{ text: 'Good morning.', chunkType: 'audio' }] },
      { name: 'Withdrawn', chunks: [{ text: 'Gone.', enabled: false }] },
    ])
    film = seeded[0]!
    podcast = seeded[1]!
    hidden = seeded[2]!
    ada = await createUser(app().db, { first: 'Ada' })
    bob = await createUser(app().db, { first: 'Bob' })
  })

  const like = async (caller: Caller, method: 'POST' | 'DELETE', body: unknown, kind = 'like') => {
    tick()
    return app().fetchJson(`/api/user-content/${kind}`, send(method, caller, body))
  }
  const play = async (caller: Caller, chunkId: number, contentId: number) => {
    tick()
    return app().fetchJson(
      '/api/user-content/play',
      send('POST', caller, { content_chunk_id: chunkId, content_metadata_id: contentId }),
    )
  }
  const list = async <T>(caller: Caller, path: string) => {
    const { status, body } = await app().fetchJson<T>(`/api/user-content/${path}`, send('GET', caller))
    expect(status).toBe(200)
    return body
  }

  it('likes and saves idempotently and reports the status', async () => {
    for (let i = 0; i < 2; i++) {
      const liked = await like(ada, 'POST', { content_metadata_id: film.contentId })
      expect(liked).toMatchObject({ status: 200, body: { is_liked: true, is_saved: false } })
    }
    const { rows } = await app().db.query('select * from likes where user_id = $1', [ada.id])
    expect(rows).toHaveLength(1)

    const saved = await like(ada, 'POST', { content_metadata_id: film.contentId }, 'save')
    expect(saved.body).toEqual({ is_liked: true, is_saved: true })
    const status = await app().fetchJson(`/api/user-content/status/${film.contentId}`, send('GET', ada))
    expect(status).toMatchObject({ status: 200, body: { is_liked: true, is_saved: true } })
    // another user's status is their own
    const bobStatus = await app().fetchJson(`/api/user-content/status/${film.contentId}`, send('GET', bob))
    expect(bobStatus.body).toEqual({ is_liked: false, is_saved: false })

    for (let i = 0; i < 2; i++) {
      const unliked = await like(ada, 'DELETE', { content_metadata_id: film.contentId })
      expect(unliked).toMatchObject({ status: 200, body: { is_liked: false, is_saved: true } })
    }
    // DELETE also takes the id in the query string, for clients that cannot send a body with DELETE
    const unsaved = await app().fetchJson(
      `/api/user-content/save?content_metadata_id=${film.contentId}`,
      send('DELETE', ada),
    )
    expect(unsaved).toMatchObject({ status: 200, body: { is_liked: false, is_saved: false } })
    expect(await list<Chunk[]>(ada, 'liked-chunks')).toEqual([])
    expect(await list<Chunk[]>(ada, 'saved-chunks')).toEqual([])
  })

  it('answers 404 for unknown content and clips, 422 for a clip of another item', async () => {
    expect(await like(ada, 'POST', { content_metadata_id: 987654321 })).toEqual(
      expect.objectContaining({ status: 404, body: { detail: 'Content not found' } }),
    )
    expect((await like(ada, 'DELETE', { content_metadata_id: 987654321 }, 'save')).status).toBe(404)
    expect((await app().fetchJson('/api/user-content/status/987654321', send('GET', ada))).status).toBe(404)
    expect(await play(ada, 987654321, film.contentId)).toMatchObject({
      status: 404,
      body: { detail: 'Chunk not found' },
    })
    // a disabled clip cannot be played (nor logged)
    expect((await play(ada, film.chunkIds[1]!, film.contentId)).status).toBe(404)
    expect(await play(ada, podcast.chunkIds[0]!, film.contentId)).toMatchObject({
      status: 422,
      body: { detail: 'content_chunk_id does not belong to content_metadata_id' },
    })
    const wrongClip = await like(ada, 'POST', {
      content_metadata_id: film.contentId,
      content_chunk_id: podcast.chunkIds[0],
    })
    expect(wrongClip.status).toBe(422)
    const { rows } = await app().db.query('select 1 from play_history where user_id = $1', [ada.id])
    expect(rows).toHaveLength(0)
  })

  it('shows each liked item by the clip the user was on, else its first enabled clip, newest first', async () => {
    // Ada watches clip 3 of the film, then likes the film: her liked list shows clip 3
    expect((await play(ada, film.chunkIds[2]!, film.contentId)).status).toBe(200)
    await like(ada, 'POST', { content_metadata_id: film.contentId })
    // she likes the podcast without playing it: its first clip
    await like(ada, 'POST', { content_metadata_id: podcast.contentId })
    // and saves the film naming the clip explicitly
    await like(
      ada,
      'POST',
      { content_metadata_id: film.contentId, content_chunk_id: film.chunkIds[3] },
      'save',
    )
    // an item whose clips are all disabled can be liked but has nothing to show
    await like(ada, 'POST', { content_metadata_id: hidden.contentId })

    const liked = await list<Chunk[]>(ada, 'liked-chunks')
    expect(liked.map((chunk) => chunk.id)).toEqual([podcast.chunkIds[0], film.chunkIds[2]])
    expect(liked[1]).toMatchObject({
      transcribed_text: "I don't know what you mean.",
      play_s3_url: `/media/${film.contentId}/3.mp4`,
      content_metadata: { id: film.contentId, name: 'The Long Road', genre: 'Drama' },
    })
    expect((await list<Chunk[]>(ada, 'saved-chunks')).map((chunk) => chunk.id)).toEqual([film.chunkIds[3]])
    // Bob's lists are his own
    expect(await list<Chunk[]>(bob, 'liked-chunks')).toEqual([])

    // paging keeps the answer a plain list
    const second = await list<Chunk[]>(ada, 'liked-chunks?limit=1&offset=1')
    expect(second.map((chunk) => chunk.id)).toEqual([film.chunkIds[2]])
  })

  it('keeps one history entry per clip, most recent first, with chunk, content and played_at', async () => {
    await play(bob, film.chunkIds[0]!, film.contentId)
    await play(bob, podcast.chunkIds[0]!, podcast.contentId)
    const replayed = await play(bob, film.chunkIds[0]!, film.contentId)
    expect(replayed.status).toBe(200)

    const history = await list<HistoryItem[]>(bob, 'play-history')
    expect(history.map((item) => item.chunk.id)).toEqual([film.chunkIds[0], podcast.chunkIds[0]])
    expect(history[0]).toEqual({
      id: expect.any(Number),
      chunk: expect.objectContaining({ id: film.chunkIds[0], transcribed_text: 'How are you?' }),
      content: expect.objectContaining({ id: film.contentId, name: 'The Long Road' }),
      played_at: new Date(clock).toISOString(),
    })
    expect(new Date(history[0]!.played_at) > new Date(history[1]!.played_at)).toBe(true)
    const page = await list<HistoryItem[]>(bob, 'play-history?limit=1&offset=1')
    expect(page.map((item) => item.chunk.id)).toEqual([podcast.chunkIds[0]])
    expect(await list<HistoryItem[]>(bob, 'play-history?offset=2')).toEqual([])
  })

  it('drops a disabled clip from the lists at once and shows it again when enabled', async () => {
    await app().db.query('update content_chunks set enabled = false where id = any($1)', [
      [film.chunkIds[2], film.chunkIds[0]],
    ])
    // the liked clip 3 of the film is gone (a list shows only the clips marked, docs/decisions/088); history
    // loses clip 1
    const liked = await list<Chunk[]>(ada, 'liked-chunks')
    expect(liked.map((chunk) => chunk.id)).toEqual([podcast.chunkIds[0]])
    const history = await list<HistoryItem[]>(bob, 'play-history')
    expect(history.map((item) => item.chunk.id)).toEqual([podcast.chunkIds[0]])

    await app().db.query('update content_chunks set enabled = true where id = any($1)', [
      [film.chunkIds[2], film.chunkIds[0]],
    ])
    expect((await list<Chunk[]>(ada, 'liked-chunks')).map((chunk) => chunk.id)).toEqual([
      podcast.chunkIds[0],
      film.chunkIds[2],
    ])
  })

  it('asks for a session on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/user-content/like', { content_metadata_id: film.contentId }],
      ['DELETE', '/api/user-content/like', { content_metadata_id: film.contentId }],
      ['POST', '/api/user-content/save', { content_metadata_id: film.contentId }],
      ['DELETE', '/api/user-content/save', { content_metadata_id: film.contentId }],
      ['GET', `/api/user-content/status/${film.contentId}`],
      [
        'POST',
        '/api/user-content/play',
        { content_chunk_id: film.chunkIds[0], content_metadata_id: film.contentId },
      ],
      ['GET', '/api/user-content/liked-chunks'],
      ['GET', '/api/user-content/saved-chunks'],
      ['GET', '/api/user-content/play-history'],
    ]
    for (const [method, path, body] of calls) {
      const { status, body: answer } = await app().fetchJson(path, send(method, anonymous, body))
      expect([method, path, status, answer]).toEqual([method, path, 401, { detail: 'Not authenticated' }])
    }
  })

  it('answers every bad input with a 4xx and a detail', async () => {
    const huge = JSON.stringify({ content_metadata_id: film.contentId, pad: 'x'.repeat(100_000) })
    const bodies: [unknown, number][] = [
      [{}, 422],
      [{ content_metadata_id: 'abc' }, 422],
      [{ content_metadata_id: -3 }, 422],
      [{ content_metadata_id: 0 }, 422],
      [{ content_metadata_id: 1.5 }, 422],
      [{ content_metadata_id: 1e30 }, 422],
      [{ content_metadata_id: '99999999999999999999' }, 422],
      [{ content_metadata_id: null }, 422],
      [{ content_metadata_id: film.contentId, extra: true }, 422],
      [[film.contentId], 422],
      ['null', 422],
      ['{"content_metadata_id": ', 400],
      [huge, 413],
    ]
    for (const path of ['/api/user-content/like', '/api/user-content/save', '/api/user-content/play']) {
      for (const method of path.endsWith('play') ? ['POST'] : ['POST', 'DELETE']) {
        for (const [body, expected] of bodies) {
          const { status, body: answer } = await app().fetchJson(path, send(method, ada, body))
          const label = body === huge ? 'huge' : body
          expect([path, method, label, status]).toEqual([path, method, label, expected])
          expect(typeof (answer as { detail?: unknown }).detail).toBe('string')
        }
      }
    }
    // not JSON at all
    const text = await app().fetchJson('/api/user-content/like', {
      method: 'POST',
      headers: { ...ada.headers, 'content-type': 'text/plain' },
      body: String(film.contentId),
    })
    expect(text.status).toBe(415)
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999999999999', '%ZZ']) {
      const { status, body } = await app().fetchJson(`/api/user-content/status/${bad}`, send('GET', ada))
      expect(status, bad).toBeGreaterThanOrEqual(400)
      expect(status, bad).toBeLessThan(500)
      expect(body).toHaveProperty('detail')
    }
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'offset=-1',
      'limit=abc',
      'offset=1e3',
      'offset=100001',
    ]) {
      const { status, body } = await app().fetchJson(
        `/api/user-content/liked-chunks?${query}`,
        send('GET', ada),
      )
      expect([query, status]).toEqual([query, 400])
      expect(body).toHaveProperty('detail')
    }
    const bad = await app().fetchJson(`/api/user-content/like?content_metadata_id=-4`, send('DELETE', ada))
    expect(bad.status).toBe(400)
  })
})
