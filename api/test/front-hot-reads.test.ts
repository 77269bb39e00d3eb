/** The lean path of the hottest public reads: batched lookups, `dispatch` with a lazy request, `RawAnswer`s. */
import { beforeAll, describe, expect, it } from 'vitest'
import { createApiHandler } from '../src/app.ts'
import { chunkJson, setKeptChunks, sharedContentTotals } from '../src/content/public-reads.ts'
import type { Chunk } from '../src/content/types.ts'
import { namedStatementsSafe } from '../src/db/connect.ts'
import { Batcher } from '../src/http/batcher.ts'
import type { LazyRequest } from '../src/http/lazy-request.ts'
import { RawAnswer } from '../src/http/respond.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('Batcher', () => {
  it('sends a lone key at once, then coalesces the keys queued while a batch runs', async () => {
    const calls: number[][] = []
    const gates: ReturnType<typeof deferred<void>>[] = []
    const batcher = new Batcher<number, string>(async (keys) => {
      calls.push(keys)
      const gate = deferred<void>()
      gates.push(gate)
      await gate.promise
      return new Map(keys.filter((k) => k !== 404).map((k) => [k, `v${k}`]))
    })
    const first = batcher.load(1)
    expect(calls).toEqual([[1]]) // no waiting for company
    const second = batcher.load(2) // second slot (maxInFlight 2 by default)
    const queued = [batcher.load(3), batcher.load(4), batcher.load(3), batcher.load(404)]
    expect(calls).toEqual([[1], [2]])
    gates[0]!.resolve()
    expect(await first).toBe('v1')
    await new Promise((resolve) => setImmediate(resolve))
    expect(calls).toEqual([[1], [2], [3, 4, 404]]) // deduplicated, one batch
    gates[1]!.resolve()
    gates[2]!.resolve()
    expect(await second).toBe('v2')
    expect(await Promise.all(queued)).toEqual(['v3', 'v4', 'v3', undefined])
  })

  it('never answers a key from a batch sent before the key was asked for', async () => {
    let value = 'old'
    const gates: ReturnType<typeof deferred<void>>[] = []
    const batcher = new Batcher<number, string>(
      async (keys) => {
        const seen = value // what the database held when the batch was sent
        const gate = deferred<void>()
        gates.push(gate)
        await gate.promise
        return new Map(keys.map((k) => [k, seen]))
      },
      { maxInFlight: 1 },
    )
    const before = batcher.load(7)
    value = 'new' // a write commits while the first read is running
    const after = batcher.load(7)
    gates[0]!.resolve()
    expect(await before).toBe('old')
    await new Promise((resolve) => setImmediate(resolve))
    gates[1]!.resolve()
    expect(await after).toBe('new')
  })

  it('fails every waiter of a failed batch and goes on with the next', async () => {
    let fail = true
    const batcher = new Batcher<number, number>(
      async (keys) => {
        await new Promise((resolve) => setImmediate(resolve))
        if (fail) throw new Error('database down')
        return new Map(keys.map((k) => [k, k * 2]))
      },
      { maxInFlight: 1 },
    )
    const failing = [batcher.load(1), batcher.load(2)]
    await expect(failing[0]).rejects.toThrow('database down')
    await expect(failing[1]).rejects.toThrow('database down')
    fail = false
    expect(await batcher.load(3)).toBe(6)
  })

  it('caps the batch size', async () => {
    const sizes: number[] = []
    const batcher = new Batcher<number, number>(
      async (keys) => {
        sizes.push(keys.length)
        await new Promise((resolve) => setImmediate(resolve))
        return new Map(keys.map((k) => [k, k]))
      },
      { maxInFlight: 1, maxBatch: 3 },
    )
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.load(i)))
    expect(all).toEqual(Array.from({ length: 10 }, (_, i) => i))
    expect(sizes).toEqual([1, 3, 3, 3])
  })
})

/** A request as the front hands it over; counts how often a route asked for the full Fetch request. */
function lazy(method: string, path: string): LazyRequest & { built: number } {
  const url = `http://localhost:4321${path}`
  return {
    method,
    url,
    built: 0,
    get request() {
      this.built++
      return new Request(url, { method })
    },
  }
}

describeEachDatabase('hot public reads', (app, kind) => {
  let ids: number[] = []
  let contentId = 0

  beforeAll(async () => {
    const [seeded] = await seedContent(app().db, [
      {
        name: 'Lean Reads',
        category: 'movie',
        chunks: [
          { text: 'One two three.' },
          { text: 'Four five.' },
          { text: 'Six.', enabled: false },
          { text: 'Seven eight nine ten.' },
        ],
      },
    ])
    ids = seeded!.chunkIds
    contentId = seeded!.contentId
  })

  it('uses named statements on PostgreSQL only (PGlite serves every connection from one session)', async () => {
    expect(await namedStatementsSafe(app().db)).toBe(kind === 'postgres')
  })

  it('answers chunk/{id} and the totals as RawAnswers without building a Fetch request', async () => {
    const handler = createApiHandler(app().ctx)
    const source = lazy('GET', `/api/content/chunk/${ids[0]}`)
    const answer = await handler.dispatch!(source)
    expect(answer).toBeInstanceOf(RawAnswer)
    expect(source.built).toBe(0)
    const raw = answer as RawAnswer
    expect(raw.status).toBe(200)
    expect(raw.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(raw.headers['cache-control']).toBe('public, max-age=30')
    expect(raw.headers['access-control-allow-origin']).toBe('*') // the embed reads it from other sites
    // the same answer as the Fetch handler gives, in the spec shape
    const viaFetch = await app().fetchJson<Chunk>(`/api/content/chunk/${ids[0]}`)
    expect(JSON.parse(raw.body)).toEqual(viaFetch.body)
    expect(viaFetch.body).toMatchObject({
      id: ids[0],
      play_s3_url: `/media/${contentId}/1.mp4`,
      transcribed_text: 'One two three.',
      content_metadata: { id: contentId, name: 'Lean Reads', content_category: 'movie' },
    })

    const count = await handler.dispatch!(lazy('GET', '/api/content/chunks/count'))
    expect((count as RawAnswer).body).toBe('{"count":3}')
    const words = await handler.dispatch!(lazy('GET', '/api/content/words/count/'))
    expect(JSON.parse((words as RawAnswer).body)).toEqual({ count: 9 })

    // errors stay `{ detail }` answers with their status
    const missing = await handler.dispatch!(lazy('GET', `/api/content/chunk/${ids[2]}`))
    expect(missing.status).toBe(404)
    const bad = await handler.dispatch!(lazy('GET', '/api/content/chunk/x1'))
    expect(bad.status).toBe(400)
    const wrongMethod = await handler.dispatch!(lazy('DELETE', '/api/content/chunks/count'))
    expect(wrongMethod.status).toBe(405)
  })

  it('lets the embeddable player read translations and neighbours from other origins', async () => {
    const translations = await app().fetch(`/api/content/chunks/${ids[0]}/translations`)
    expect(translations.headers.get('access-control-allow-origin')).toBe('*')
    const next = await app().fetch(
      `/api/content/navigate-chunk?content_metadata_id=${contentId}&content_chunk_id=${ids[0]}&action=next`,
    )
    expect(next.status).toBe(200)
    expect(next.headers.get('access-control-allow-origin')).toBe('*')
    const none = await app().fetch(
      `/api/content/navigate-chunk?content_metadata_id=${contentId}&content_chunk_id=${ids[0]}&action=previous&missing=no-content`,
    )
    expect(none.status).toBe(204)
    expect(none.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers HEAD with the headers and no body through the Fetch handler', async () => {
    const response = await app().fetch(`/api/content/chunk/${ids[0]}`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.text()).toBe('')
  })

  it('builds the Fetch request for routes that read it (headers, cookies, body)', async () => {
    const handler = createApiHandler(app().ctx)
    const source = lazy('GET', '/api/user-content/liked-chunks')
    const answer = await handler.dispatch!(source)
    expect(answer.status).toBe(401) // it looked for a session
    expect(source.built).toBe(1)
  })

  it('answers many concurrent lookups correctly, sharing round trips', async () => {
    const wanted = Array.from({ length: 200 }, (_, i) => ids[i % ids.length]!)
    const bodies = await Promise.all(wanted.map((id) => chunkJson(app().ctx, id)))
    wanted.forEach((id, i) => {
      if (id === ids[2]) expect(bodies[i]).toBeNull()
      else expect(JSON.parse(bodies[i]!).id).toBe(id)
    })
    const totals = await Promise.all(Array.from({ length: 50 }, () => sharedContentTotals(app().ctx)))
    expect(new Set(totals.map((t) => t.chunks))).toEqual(new Set([3]))
  })

  it('shows a disabled chunk gone on the very next request', async () => {
    const target = ids[1]!
    expect((await app().fetch(`/api/content/chunk/${target}`)).status).toBe(200)
    await app().db.query('update content_chunks set enabled = false where id = $1', [target])
    expect((await app().fetch(`/api/content/chunk/${target}`)).status).toBe(404)
    await app().db.query('update content_chunks set enabled = true where id = $1', [target])
    expect((await app().fetch(`/api/content/chunk/${target}`)).status).toBe(200)
  })

  it('keeps chunk answers only while the content generation stays the same', async () => {
    const target = ids[3]!
    const text = async () =>
      (await app().fetchJson<Chunk>(`/api/content/chunk/${target}`)).body.transcribed_text
    expect(await text()).toBe('Seven eight nine ten.')
    // a change that does not move the generation (the trigger is off) is not seen: the answer was kept
    await app().db.query('alter table content_chunks disable trigger content_chunks_search_generation')
    try {
      await app().db.query(`update content_chunks set transcribed_text = 'Changed quietly.' where id = $1`, [
        target,
      ])
    } finally {
      await app().db.query('alter table content_chunks enable trigger content_chunks_search_generation')
    }
    expect(await text()).toBe('Seven eight nine ten.')
    // any write to chunks or content metadata moves it, and every kept answer goes
    await app().db.query(`update content_metadata set genre = genre where id = $1`, [contentId])
    expect(await text()).toBe('Changed quietly.')
    // with keeping off, every request reads the chunk
    setKeptChunks(0)
    try {
      await app().db.query('alter table content_chunks disable trigger content_chunks_search_generation')
      try {
        await app().db.query(
          `update content_chunks set transcribed_text = 'Seven eight nine ten.' where id = $1`,
          [target],
        )
      } finally {
        await app().db.query('alter table content_chunks enable trigger content_chunks_search_generation')
      }
      expect(await text()).toBe('Seven eight nine ten.')
    } finally {
      setKeptChunks(20_000)
    }
  })
})
