/**
 * Several learners work in parallel over HTTP beside anonymous readers (issue 13): likes, saves, plays,
 * collection create/like/member rewrites and `/api/auth/me`. On the embedded database every connection shares one
 * PGlite session, so this is where requests used to get each other's statements, parameters and rows. No request
 * may hang or answer 5xx, every answer must be the caller's own, and every acknowledged write must be stored.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, createUser } from './user-content-support.ts'

const LEARNERS = 8
const READERS = 4
const ROUNDS = 24
const REQUEST_DEADLINE_MS = 30_000

describeEachDatabase('parallel learners over HTTP', (app) => {
  let server: http.Server
  let origin = ''
  let learners: (Caller & { email: string })[] = []
  let contents: { contentId: number; chunkIds: number[] }[] = []

  beforeAll(async () => {
    contents = await seedContent(
      app().db,
      Array.from({ length: 6 }, (_, i) => ({
        name: `Parallel ${i}`,
        chunks: [{ text: `the quick fox ${i} jumps` }, { text: `over the lazy dog ${i}` }],
      })),
    )
    learners = []
    for (let i = 0; i < LEARNERS; i++) {
      const caller = await createUser(app().db, { first: `Learner${i}` })
      const { rows } = await app().db.query<{ email: string }>('select email from users where id = $1', [
        caller.id,
      ])
      learners.push({ ...caller, email: rows[0]!.email })
    }
    // a plain node:http server in front of the API handler, as the site's front hands requests over
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers.set(name, value)
      const response = await app().handler(
        new Request(`http://localhost:4321${req.url}`, {
          method: req.method ?? 'GET',
          headers,
          body: body ?? null,
        }),
      )
      const out = Buffer.from(await response.arrayBuffer())
      res.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? 'text/plain' })
      res.end(out)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve())
  })

  it('answers every learner as themselves and keeps every acknowledged write', async () => {
    const problems: string[] = []
    const acknowledged = {
      likes: new Map<number, Set<number>>(),
      saves: new Map<number, Set<number>>(),
      plays: new Map<number, Set<number>>(),
      collections: new Map<number, Set<number>>(),
      collectionLikes: new Map<number, Set<number>>(),
    }
    const call = async (
      who: string,
      path: string,
      init: { method?: string; caller?: Caller; body?: unknown } = {},
    ): Promise<{ status: number; body: Record<string, unknown> | null }> => {
      const headers: Record<string, string> = { ...(init.caller?.headers ?? {}) }
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(origin + path, {
        method: init.method ?? 'GET',
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
      }).catch((error: Error) => {
        problems.push(`${who} ${init.method ?? 'GET'} ${path}: no answer (${error.message})`)
        return null
      })
      if (!response) return { status: 0, body: null }
      const text = await response.text()
      if (response.status >= 500)
        problems.push(`${who} ${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null }
    }
    const expectStatus = (who: string, what: string, got: number, want: number) => {
      if (got !== want) problems.push(`${who} ${what}: ${got}, expected ${want}`)
    }

    const learnerWork = learners.map(async (me, index) => {
      const who = `learner ${index}`
      const likes = new Set<number>()
      const saves = new Set<number>()
      const mine = new Set<number>()
      const plays = new Set<number>()
      acknowledged.likes.set(me.id, likes)
      acknowledged.saves.set(me.id, saves)
      acknowledged.collections.set(me.id, mine)
      for (let round = 0; round < ROUNDS; round++) {
        const content = contents[(index + round) % contents.length]!
        const chunkId = content.chunkIds[round % 2]!
        const mark = { content_metadata_id: content.contentId, content_chunk_id: chunkId }
        switch (round % 6) {
          case 0: {
            const answer = await call(who, '/api/auth/me', { caller: me })
            expectStatus(who, 'me', answer.status, 200)
            if (answer.status === 200 && answer.body?.email !== me.email)
              problems.push(`${who} /api/auth/me answered ${String(answer.body?.email)}`)
            break
          }
          case 1: {
            const answer = await call(who, '/api/user-content/like', {
              method: 'POST',
              caller: me,
              body: mark,
            })
            expectStatus(who, 'like', answer.status, 200)
            if (answer.status === 200) likes.add(content.contentId)
            break
          }
          case 2: {
            const answer = await call(who, '/api/user-content/save', {
              method: 'POST',
              caller: me,
              body: mark,
            })
            expectStatus(who, 'save', answer.status, 200)
            if (answer.status === 200) saves.add(content.contentId)
            break
          }
          case 3: {
            const answer = await call(who, '/api/user-content/play', {
              method: 'POST',
              caller: me,
              body: mark,
            })
            expectStatus(who, 'play', answer.status, 200)
            if (answer.status === 200) plays.add(chunkId) // one history row per clip
            break
          }
          case 4: {
            const made = await call(who, '/api/collections/', {
              method: 'POST',
              caller: me,
              body: { name: `${who} round ${round}`, public: true },
            })
            expectStatus(who, 'create collection', made.status, 201)
            const id = Number(made.body?.id)
            if (made.status !== 201 || !id) break
            mine.add(id)
            const members = await call(who, `/api/collections/${id}/members`, {
              method: 'POST',
              caller: me,
              body: { '1': `phrase ${round} of ${who}`, '2': 'the lazy dog' },
            })
            expectStatus(who, 'members', members.status, 200)
            const read = await call(who, `/api/collections/${id}`, { caller: me })
            if (read.body?.is_owner !== true || read.body?.name !== `${who} round ${round}`)
              problems.push(`${who} read collection ${id} as ${JSON.stringify(read.body)}`)
            break
          }
          default: {
            // like another learner's newest collection
            const other = acknowledged.collections.get(learners[(index + 1) % LEARNERS]!.id)
            const target = other ? [...other].at(-1) : undefined
            if (!target) break
            const answer = await call(who, `/api/collections/${target}/like`, { method: 'POST', caller: me })
            expectStatus(who, 'collection like', answer.status, 200)
            if (answer.status === 200) {
              const fans = acknowledged.collectionLikes.get(target) ?? new Set<number>()
              fans.add(me.id)
              acknowledged.collectionLikes.set(target, fans)
            }
          }
        }
      }
      acknowledged.plays.set(me.id, plays)
    })
    const readerWork = Array.from({ length: READERS }, async (_, index) => {
      const who = `reader ${index}`
      for (let round = 0; round < ROUNDS; round++) {
        const path = [
          '/api/content/chunks/count',
          '/api/search/?q=the%20lazy%20dog',
          '/api/content/random-chunks',
        ][round % 3]!
        const answer = await call(who, path)
        expectStatus(who, path, answer.status, 200)
        const me = await call(who, '/api/auth/me')
        expectStatus(who, 'anonymous me', me.status, 401)
      }
    })
    await Promise.all([...learnerWork, ...readerWork])
    expect(problems).toEqual([])

    const db = app().db
    for (const learner of learners) {
      const stored = async (table: string) =>
        new Set(
          (
            await db.query<{ id: number }>(
              `select content_metadata_id as id from ${table} where user_id = $1`,
              [learner.id],
            )
          ).rows.map((row) => row.id),
        )
      expect(await stored('likes')).toEqual(acknowledged.likes.get(learner.id))
      expect(await stored('saves')).toEqual(acknowledged.saves.get(learner.id))
      const plays = await db.query<{ id: number }>(
        'select content_chunk_id as id from play_history where user_id = $1',
        [learner.id],
      )
      expect(new Set(plays.rows.map((row) => row.id))).toEqual(acknowledged.plays.get(learner.id))
      const owned = await db.query<{ id: number }>('select id from collections where owner_id = $1', [
        learner.id,
      ])
      expect(new Set(owned.rows.map((row) => row.id))).toEqual(acknowledged.collections.get(learner.id))
    }
    for (const [collectionId, fans] of acknowledged.collectionLikes) {
      const { rows } = await db.query<{ user_id: number }>(
        'select user_id from collection_likes where collection_id = $1',
        [collectionId],
      )
      expect(new Set(rows.map((row) => row.user_id))).toEqual(fans)
    }
  })
})
