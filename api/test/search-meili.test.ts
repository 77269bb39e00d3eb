/**
 * The Meilisearch adapter over the wire. A small HTTP peer started here implements just the Meilisearch REST
 * endpoints the adapter calls (indexes, settings, documents, swap, search, tasks answered as succeeded), the way
 * the official API documents them, so paths, methods, JSON bodies and the Authorization header are checked for
 * real. With MEILI_URL set, the same scenario also runs against that real server.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onChunksWritten } from '../src/search/index-sync.ts'
import {
  buildMeiliFacetQuery,
  buildMeiliQuery,
  MeiliTaskError,
  meiliSettings,
  rebuildMeiliIndex,
} from '../src/search/meili.ts'
import { rebuildSearchIndexes } from '../src/search/reindex.ts'
import type { SearchHit } from '../src/search/search.ts'
import type { SearchFacets } from '../src/shared/wire.ts'
import { planQuery } from '../src/search/terms.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase, type TestApp } from './harness.ts'
import { createAdmin, send } from './user-content-support.ts'

type Doc = Record<string, unknown> & { id: number }

interface Recorded {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  authorization: string | undefined
  contentType: string | undefined
}

/**
 * Just enough Meilisearch: every write is a task that has already succeeded (or failed, when `failNext` names its
 * type), and search does phrase matching, the filter grammar the adapter writes, and sorting. Unknown fields in a
 * swap are refused as Meilisearch before v1.18 does (`rename`), so the adapter must not send them.
 */
class MeiliPeer {
  readonly key = 'peer-master-key'
  readonly requests: Recorded[] = []
  indexes = new Map<
    string,
    { primaryKey: string | null; settings: Record<string, unknown>; docs: Map<number, Doc> }
  >()
  tasks = new Map<number, Record<string, unknown>>()
  failNext: string | null = null
  /** Runs before a request is answered (after it is recorded), e.g. to change data while a rebuild runs. */
  beforeHandle: ((method: string, path: string) => Promise<void>) | null = null
  #server = http.createServer((req, res) => void this.#handle(req, res))
  url = ''

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections()
    await new Promise((resolve) => this.#server.close(resolve))
  }

  reset(): void {
    this.requests.length = 0
    this.indexes.clear()
    this.tasks.clear()
    this.failNext = null
    this.beforeHandle = null
  }

  /** Requests other than task polling, as `METHOD /path`. */
  calls(): string[] {
    return this.requests.filter((r) => !r.path.startsWith('/tasks/')).map((r) => `${r.method} ${r.path}`)
  }

  #task(res: http.ServerResponse, type: string, indexUid: string | null, apply: () => string | null): void {
    const uid = this.tasks.size
    let error = this.failNext === type ? 'injected failure' : null
    if (error) this.failNext = null
    else error = apply()
    this.tasks.set(uid, {
      uid,
      batchUid: uid,
      indexUid,
      type,
      status: error ? 'failed' : 'succeeded',
      canceledBy: null,
      details: {},
      error: error ? { message: error, code: 'peer_error', type: 'invalid_request', link: '' } : null,
      duration: 'PT0S',
      enqueuedAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
    })
    this.#json(res, 202, {
      taskUid: uid,
      indexUid,
      status: 'enqueued',
      type,
      enqueuedAt: new Date().toISOString(),
    })
  }

  #json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  }

  #error(res: http.ServerResponse, status: number, code: string, message: string): void {
    this.#json(res, status, {
      message,
      code,
      type: 'invalid_request',
      link: `https://docs.meilisearch.com/errors#${code}`,
    })
  }

  async #handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString()
    const url = new URL(req.url ?? '/', 'http://peer')
    const body = text ? (JSON.parse(text) as unknown) : undefined
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
    })
    if (req.headers.authorization !== `Bearer ${this.key}`) {
      return this.#error(
        res,
        401,
        'missing_authorization_header',
        'The Authorization header is missing or wrong.',
      )
    }
    await this.beforeHandle?.(req.method ?? '', url.pathname)
    const parts = url.pathname.split('/').filter(Boolean)
    const method = req.method
    if (method === 'GET' && parts[0] === 'tasks' && parts.length === 2) {
      const task = this.tasks.get(Number(parts[1]))
      return task ? this.#json(res, 200, task) : this.#error(res, 404, 'task_not_found', 'no such task')
    }
    if (method === 'POST' && url.pathname === '/indexes') {
      const { uid, primaryKey } = body as { uid: string; primaryKey?: string }
      return this.#task(res, 'indexCreation', uid, () => {
        if (this.indexes.has(uid)) return `index ${uid} already exists`
        this.indexes.set(uid, { primaryKey: primaryKey ?? null, settings: {}, docs: new Map() })
        return null
      })
    }
    if (method === 'POST' && url.pathname === '/swap-indexes') {
      const swaps = body as { indexes: [string, string] }[]
      for (const swap of swaps) {
        const unknown = Object.keys(swap).filter((key) => key !== 'indexes')
        if (unknown.length > 0) return this.#error(res, 400, 'bad_request', `Unknown field \`${unknown[0]}\``)
      }
      return this.#task(res, 'indexSwap', null, () => {
        for (const { indexes } of swaps) {
          const [a, b] = indexes.map((uid) => this.indexes.get(uid))
          if (!a || !b) return `index not found: ${indexes.join(', ')}`
          this.indexes.set(indexes[0], b)
          this.indexes.set(indexes[1], a)
        }
        return null
      })
    }
    if (parts[0] !== 'indexes' || !parts[1]) return this.#error(res, 404, 'not_found', url.pathname)
    const uid = parts[1]
    const index = this.indexes.get(uid)
    const rest = parts.slice(2).join('/')
    if (method === 'GET' && rest === '') {
      return index
        ? this.#json(res, 200, { uid, primaryKey: index.primaryKey, createdAt: '', updatedAt: '' })
        : this.#error(res, 404, 'index_not_found', `Index \`${uid}\` not found.`)
    }
    if (method === 'DELETE' && rest === '') {
      return this.#task(res, 'indexDeletion', uid, () =>
        this.indexes.delete(uid) ? null : 'index_not_found',
      )
    }
    if (method === 'PATCH' && rest === 'settings') {
      return this.#task(res, 'settingsUpdate', uid, () => {
        if (!index) return 'index_not_found'
        Object.assign(index.settings, body)
        return null
      })
    }
    if (method === 'POST' && rest === 'documents') {
      return this.#task(res, 'documentAdditionOrUpdate', uid, () => {
        // like Meilisearch, adding documents creates the index when it is missing
        let target = index
        if (!target) {
          target = { primaryKey: url.searchParams.get('primaryKey'), settings: {}, docs: new Map() }
          this.indexes.set(uid, target)
        }
        for (const doc of body as Doc[]) target.docs.set(doc.id, doc)
        return null
      })
    }
    if (method === 'POST' && rest === 'documents/delete-batch') {
      return this.#task(res, 'documentDeletion', uid, () => {
        for (const id of body as number[]) index?.docs.delete(id)
        return index ? null : 'index_not_found'
      })
    }
    if (method === 'POST' && rest === 'search') {
      if (!index) return this.#error(res, 404, 'index_not_found', `Index \`${uid}\` not found.`)
      return this.#json(res, 200, search(index.docs, body as SearchBody))
    }
    return this.#error(res, 404, 'not_found', `${method} ${url.pathname}`)
  }
}

interface SearchBody {
  q: string
  filter: string
  sort?: string[]
  limit: number
  offset?: number
  attributesToRetrieve?: string[]
  facets?: string[]
}

/** Quoted phrases must all occur as whole words; filters are `a = v` / `a >= n` / `a <= n` joined by AND. */
function search(docs: Map<number, Doc>, body: SearchBody) {
  const phrases = [...body.q.matchAll(/"([^"]*)"/g)].map((m) => m[1]!)
  const conditions = body.filter.split(' AND ').map((part) => {
    const m = /^(\w+) (=|>=|<=) (.+)$/.exec(part)
    if (!m) throw new Error(`filter the peer cannot read: ${part}`)
    const raw = m[3]!
    const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw === 'true' ? true : Number(raw)
    return { field: m[1]!, op: m[2]!, value }
  })
  const matches = [...docs.values()].filter((doc) => {
    const text = ` ${String(doc.text)} `
    if (!phrases.every((phrase) => text.includes(` ${phrase} `))) return false
    return conditions.every(({ field, op, value }) => {
      const have = doc[field]
      if (op === '=') return have === value
      if (have === null || have === undefined) return false
      return op === '>=' ? Number(have) >= Number(value) : Number(have) <= Number(value)
    })
  })
  // `field:asc|desc`; documents missing the field sort after the others either way, as Meilisearch does
  const keys = (body.sort ?? []).map((s) => ({ key: s.split(':')[0]!, sign: s.endsWith(':desc') ? -1 : 1 }))
  matches.sort((a, b) => {
    for (const { key, sign } of keys) {
      if (a[key] === b[key]) continue
      if (a[key] === null || a[key] === undefined) return 1
      if (b[key] === null || b[key] === undefined) return -1
      return sign * (Number(a[key]) - Number(b[key]))
    }
    return 0
  })
  const offset = body.offset ?? 0
  const hits = matches
    .slice(offset, offset + body.limit)
    .map((doc) => Object.fromEntries((body.attributesToRetrieve ?? ['id']).map((key) => [key, doc[key]])))
  // `facets`: per attribute, matching documents per value (documents without the attribute are not counted)
  const facetDistribution = body.facets
    ? Object.fromEntries(
        body.facets.map((facet) => {
          const counts: Record<string, number> = {}
          for (const doc of matches) {
            const value = doc[facet]
            if (value !== null && value !== undefined)
              counts[String(value)] = (counts[String(value)] ?? 0) + 1
          }
          return [facet, counts]
        }),
      )
    : undefined
  return {
    hits,
    ...(facetDistribution ? { facetDistribution } : {}),
    query: body.q,
    processingTimeMs: 0,
    limit: body.limit,
    offset,
    estimatedTotalHits: matches.length,
  }
}

const peer = new MeiliPeer()
await peer.start()
afterAll(() => peer.stop())

async function searchIds(
  app: TestApp,
  q: string,
): Promise<{ ids: number[]; engine: string | null; total: number }> {
  const { body, response } = await app.fetchJson<SearchHit[]>(`/api/search?q=${encodeURIComponent(q)}`)
  return {
    ids: body.map((hit) => hit.id).sort((a, b) => a - b),
    engine: response.headers.get('x-search-engine'),
    total: Number(response.headers.get('x-total-count')),
  }
}

describeEachDatabase(
  'Meilisearch adapter on the wire (local peer)',
  (app, kind) => {
    const live = 'chunks_peer'
    const ids: Record<string, number[]> = {}
    beforeAll(() => peer.reset())

    it('rebuilds by filling a new index, creating the live one, swapping them and deleting the old', async () => {
      const [film] = await seedContent(app().db, [
        {
          name: `Peer Film ${kind}`,
          genre: 'Drama',
          category: 'Movie',
          year: 2019,
          chunks: [
            { text: "Don't you know?" },
            { text: 'Make up your mind.' },
            { text: 'Make up his mind!' },
          ],
        },
      ])
      ids.film = film!.chunkIds
      const summary = await rebuildSearchIndexes(app().ctx)
      expect(summary.meiliIndex).toBe(live)

      const calls = peer.calls()
      const build = (
        peer.requests.find((r) => r.method === 'POST' && r.path === '/indexes')!.body as { uid: string }
      ).uid
      expect(build).toMatch(/^chunks_peer_build_\d+$/)
      expect(calls).toEqual([
        'POST /indexes',
        `PATCH /indexes/${build}/settings`,
        `POST /indexes/${build}/documents`,
        `GET /indexes/${live}`,
        'POST /indexes',
        'POST /swap-indexes',
        `DELETE /indexes/${build}`,
        // chunks written within the margin before the rebuild started go to the live index again after the swap
        `POST /indexes/${live}/documents`,
      ])
      const late = peer.requests.filter((r) => r.method === 'POST' && r.path === `/indexes/${live}/documents`)
      expect((late[0]!.body as Doc[]).map((doc) => doc.id).sort((a, b) => a - b)).toEqual(ids.film)
      // every request carries the key and JSON; every task was waited for before the next step
      for (const request of peer.requests) {
        expect(request.authorization).toBe(`Bearer ${peer.key}`)
        if (request.body !== undefined) expect(request.contentType).toMatch(/^application\/json/)
      }
      const polled = peer.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/tasks/'))
      expect(polled.map((r) => r.path)).toEqual([...peer.tasks.keys()].map((uid) => `/tasks/${uid}`))

      const bodyOf = (method: string, path: string) =>
        peer.requests.find((r) => r.method === method && r.path === path)!
      expect(bodyOf('POST', '/indexes').body).toEqual({ uid: build, primaryKey: 'id' })
      expect(bodyOf('PATCH', `/indexes/${build}/settings`).body).toEqual(meiliSettings())
      const added = bodyOf('POST', `/indexes/${build}/documents`)
      expect(added.query).toEqual({ primaryKey: 'id' })
      expect((added.body as Doc[]).sort((a, b) => a.id - b.id)).toEqual([
        {
          id: ids.film[0],
          content_metadata_id: expect.any(Number),
          text: 'dont you know',
          rank_words: 3,
          enabled: true,
          genre: 'drama',
          category: 'movie',
          year: 2019,
          media: 'video',
          duration: expect.any(Number),
        },
        expect.objectContaining({ id: ids.film[1], text: 'make up your mind', rank_words: 4 }),
        expect.objectContaining({ id: ids.film[2], text: 'make up his mind', rank_words: 4 }),
      ])
      expect(bodyOf('POST', '/swap-indexes').body).toEqual([{ indexes: [live, build] }])
      // the live index now holds the new documents; the build name is gone
      expect([...peer.indexes.keys()]).toEqual([live])
      expect(peer.indexes.get(live)!.docs.size).toBe(3)
      expect(peer.indexes.get(live)!.settings).toEqual(meiliSettings())
    })

    it('searches through Meilisearch with the query the adapter builds', async () => {
      peer.requests.length = 0
      const result = await searchIds(app(), "Don't you know")
      expect(result).toEqual({ ids: [ids.film![0]], engine: 'meilisearch', total: 1 })
      const [request] = peer.requests
      expect(request).toMatchObject({ method: 'POST', path: `/indexes/${live}/search` })
      expect(request!.authorization).toBe(`Bearer ${peer.key}`)
      expect(request!.body).toEqual(buildMeiliQuery(planQuery("don't you know")!, {}, 200))
      // wildcards: the phrases around * go to Meilisearch, the exact one-word check to PostgreSQL
      expect((await searchIds(app(), 'make up * mind')).ids).toEqual([ids.film![1], ids.film![2]])
      expect((await searchIds(app(), 'make * mind')).ids).toEqual([])
      // filters travel as a Meilisearch filter expression
      peer.requests.length = 0
      const filtered = await app().fetchJson<SearchHit[]>('/api/search?q=make+up&genre=DRAMA&year_from=2010')
      expect(filtered.body).toHaveLength(2)
      expect((peer.requests[0]!.body as { filter: string }).filter).toBe(
        'enabled = true AND genre = "drama" AND year >= 2010',
      )
      // the media type as a filter, the order as Meilisearch's sort
      peer.requests.length = 0
      const sorted = await app().fetchJson<SearchHit[]>('/api/search?q=make+up&type=video&sort=shortest')
      expect(sorted.body).toHaveLength(2)
      const sent = peer.requests[0]!.body as { filter: string; sort: string[] }
      expect(sent.filter).toBe('enabled = true AND media = "video"')
      expect(sent.sort).toEqual(['duration:asc', 'id:asc'])
      const audio = await app().fetchJson<SearchHit[]>('/api/search?q=make+up&type=audio')
      expect(audio.body).toEqual([])
    })

    it('counts clips per filter value with Meilisearch facets, each under the other filters', async () => {
      peer.requests.length = 0
      const all = await app().fetchJson<SearchFacets>('/api/search/facets?q=make+up')
      expect(all.body).toEqual({
        genre: [{ value: 'drama', count: 2 }],
        category: [{ value: 'movie', count: 2 }],
        media: [{ value: 'video', count: 2 }],
        capped: false,
        engine: 'meilisearch',
      })
      // no facet filtered: one request serves the three facets
      expect(peer.calls()).toEqual([`POST /indexes/${live}/search`])
      expect(peer.requests[0]!.body).toEqual(buildMeiliFacetQuery(planQuery('make up')!, {}))
      expect(peer.requests[0]!.body).toMatchObject({ facets: ['genre', 'category', 'media'], limit: 0 })
      peer.requests.length = 0
      const comedy = await app().fetchJson<SearchFacets>('/api/search/facets?q=make+up&genre=Comedy')
      // genres are counted without the genre filter; the rest under it (nothing is a comedy)
      expect(comedy.body).toMatchObject({
        genre: [{ value: 'drama', count: 2 }],
        category: [],
        media: [],
      })
      const filters = peer.requests.map((r) => (r.body as { filter: string }).filter).sort()
      expect(filters).toEqual(['enabled = true', 'enabled = true AND genre = "comedy"'])
    })

    it('sends writes as upserts and deletions, and never answers a disabled chunk', async () => {
      const [dont, , his] = ids.film!
      await app().db.query('update content_chunks set enabled = false where id = $1', [dont])
      peer.requests.length = 0
      await onChunksWritten(app().ctx, [dont!])
      expect(peer.calls()).toEqual([`POST /indexes/${live}/documents`])
      expect(peer.requests[0]!.body).toEqual([expect.objectContaining({ id: dont, enabled: false })])
      expect((await searchIds(app(), 'dont you know')).ids).toEqual([])

      await app().db.query('delete from content_chunks where id = $1', [his])
      peer.requests.length = 0
      await onChunksWritten(app().ctx, [his!])
      expect(peer.calls()).toEqual([`POST /indexes/${live}/documents/delete-batch`])
      expect(peer.requests[0]!.body).toEqual([his])
      expect((await searchIds(app(), 'make up * mind')).ids).toEqual([ids.film![1]])
    })

    it('an admin disabling or enabling a clip updates its Meilisearch document at once', async () => {
      const mind = ids.film![1]!
      const admin = await createAdmin(app().db)
      const toggle = async (enabled: boolean) => {
        peer.requests.length = 0
        const answer = await app().fetchJson<{ enabled: boolean }>(
          `/admin-api/content-chunks/${mind}/enabled`,
          send('PATCH', admin, { enabled }),
        )
        expect(answer).toMatchObject({ status: 200, body: { enabled } })
        expect(peer.calls()).toEqual([`POST /indexes/${live}/documents`])
        expect(peer.requests[0]!.body).toEqual([expect.objectContaining({ id: mind, enabled })])
        expect(peer.requests[0]!.authorization).toBe(`Bearer ${peer.key}`)
      }
      await toggle(false)
      expect(await searchIds(app(), 'make up your mind')).toEqual({
        ids: [],
        engine: 'meilisearch',
        total: 0,
      })
      await toggle(true)
      expect(await searchIds(app(), 'make up your mind')).toEqual({
        ids: [mind],
        engine: 'meilisearch',
        total: 1,
      })
      // setting the state a clip already has writes nothing anywhere
      peer.requests.length = 0
      const same = await app().fetchJson(
        `/admin-api/content-chunks/${mind}/enabled`,
        send('PATCH', admin, { enabled: true }),
      )
      expect(same.status).toBe(200)
      expect(peer.calls()).toEqual([])
    })

    it('rebuilds again by swapping with the existing live index', async () => {
      peer.requests.length = 0
      await rebuildSearchIndexes(app().ctx)
      const calls = peer.calls()
      // the live index exists: only the build index is created
      expect(calls).toContain(`GET /indexes/${live}`)
      expect(calls.filter((call) => call === 'POST /indexes')).toHaveLength(1)
      expect(calls).toContain('POST /swap-indexes')
      expect([...peer.indexes.keys()]).toEqual([live])
      expect([...peer.indexes.get(live)!.docs.keys()].sort((a, b) => a - b)).toEqual(
        [ids.film![0]!, ids.film![1]!].sort((a, b) => a - b),
      )
    })

    it('sends again, after the swap, a chunk that changed while the rebuild ran', async () => {
      const id = ids.film![1]!
      const setText = async (text: string) => {
        await app().db.query('update content_chunks set transcribed_text = $2 where id = $1', [id, text])
        await onChunksWritten(app().ctx, [id]) // as a writer does: to the live index of the moment
      }
      let changed = false
      peer.beforeHandle = async (method, path) => {
        // the build's documents were read before this request: the change reaches only the old live index
        if (changed || method !== 'POST' || !/_build_\d+\/documents$/.test(path)) return
        changed = true
        await setText('Make up your mind, please.')
      }
      try {
        await rebuildSearchIndexes(app().ctx)
      } finally {
        peer.beforeHandle = null
      }
      expect(changed).toBe(true)
      expect(peer.indexes.get(live)!.docs.get(id)).toMatchObject({ text: 'make up your mind please' })
      await setText('Make up your mind.')
      expect(peer.indexes.get(live)!.docs.get(id)).toMatchObject({ text: 'make up your mind' })
    })

    it('stops a rebuild at a failed task, keeps the live index and removes the half-built one', async () => {
      const before = peer.indexes.get(live)
      peer.failNext = 'documentAdditionOrUpdate'
      await expect(rebuildSearchIndexes(app().ctx)).rejects.toBeInstanceOf(MeiliTaskError)
      expect([...peer.indexes.keys()]).toEqual([live])
      expect(peer.indexes.get(live)).toBe(before)
      // a failed swap too
      peer.failNext = 'indexSwap'
      await expect(
        rebuildMeiliIndex(app().config, async (add) => add([]), { wait: { timeout: 5000, interval: 10 } }),
      ).rejects.toThrow(/indexSwap.*failed/)
      expect([...peer.indexes.keys()]).toEqual([live])
    })

    it('falls back to PostgreSQL when the server stops answering', async () => {
      const down = new MeiliPeer()
      await down.start()
      await down.stop() // a port nothing listens on any more
      const config = { ...app().config, MEILI_URL: down.url }
      const ctx = { ...app().ctx, config }
      const { searchChunks } = await import('../src/search/search.ts')
      const result = await searchChunks(ctx, { q: 'make up your mind', filters: {}, limit: 10, offset: 0 })
      expect(result.engine).toBe('postgres')
      expect(result.hits.map((hit) => hit.id)).toEqual([ids.film![1]])
    })
  },
  { env: { MEILI_URL: peer.url, MEILI_MASTER_KEY: peer.key, MEILI_INDEX: 'chunks_peer' } },
)

const meiliUrl = process.env.MEILI_URL

if (!meiliUrl) {
  describe.skip('Meilisearch adapter (skipped: set MEILI_URL to run against a real Meilisearch)', () => {
    it('searches through Meilisearch', () => {})
  })
} else {
  describeEachDatabase(
    'Meilisearch adapter',
    (app) => {
      it('indexes, searches, follows disabling and swaps in a rebuilt index', async () => {
        const [film] = await seedContent(app().db, [
          {
            name: 'Meili Film',
            genre: 'Drama',
            chunks: [
              { text: "Don't you know?" },
              { text: 'Make up your mind.' },
              { text: 'Make up his mind!' },
            ],
          },
        ])
        await rebuildSearchIndexes(app().ctx)
        await expect
          .poll(async () => (await searchIds(app(), 'dont you know')).ids, { timeout: 10_000 })
          .toEqual([film!.chunkIds[0]])
        expect((await searchIds(app(), 'dont you know')).engine).toBe('meilisearch')
        expect((await searchIds(app(), 'make up * mind')).ids).toEqual(
          [film!.chunkIds[1]!, film!.chunkIds[2]!].sort((a, b) => a - b),
        )
        await app().db.query('update content_chunks set enabled = false where id = $1', [film!.chunkIds[0]])
        await onChunksWritten(app().ctx, [film!.chunkIds[0]!])
        await expect
          .poll(async () => (await searchIds(app(), 'dont you know')).ids, { timeout: 10_000 })
          .toEqual([])
      })
    },
    {
      env: {
        MEILI_URL: meiliUrl,
        MEILI_INDEX: `chunks_test_${process.pid}`,
        ...(process.env.MEILI_MASTER_KEY ? { MEILI_MASTER_KEY: process.env.MEILI_MASTER_KEY } : {}),
      },
    },
  )
}

describeEachDatabase(
  'Meilisearch unreachable',
  (app) => {
    it('falls back to PostgreSQL search', async () => {
      const [film] = await seedContent(app().db, [{ name: 'Fallback', chunks: [{ text: 'Break a leg!' }] }])
      await onChunksWritten(app().ctx, film!.chunkIds) // the sync failure is logged, not thrown
      const { status, body, response } = await app().fetchJson<SearchHit[]>('/api/search?q=break+a+leg')
      expect(status).toBe(200)
      expect(body.map((hit) => hit.id)).toEqual(film!.chunkIds)
      expect(response.headers.get('x-search-engine')).toBe('postgres')
    })
  },
  { env: { MEILI_URL: 'http://127.0.0.1:9' } },
)
