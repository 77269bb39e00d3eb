/**
 * The search index follows a bulk enable/disable once: one document upsert with the changed clips, none for the
 * clips that already had the asked state, nothing at all when nothing changed. A small recording stand-in for
 * Meilisearch answers the upserts (search-meili.test.ts covers the adapter itself).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bulkAs } from './admin-support.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, createAdmin } from './user-content-support.ts'

interface Recorded {
  call: string
  body: unknown
}

const recorded: Recorded[] = []
let taskUid = 0
const server = http.createServer((req, res) => {
  let text = ''
  req.on('data', (part: Buffer) => (text += part.toString()))
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://peer')
    recorded.push({ call: `${req.method} ${url.pathname}`, body: text ? JSON.parse(text) : null })
    taskUid += 1
    res.writeHead(202, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        taskUid,
        indexUid: 'chunks_admin',
        status: 'enqueued',
        type: 'documentAdditionOrUpdate',
        enqueuedAt: new Date().toISOString(),
      }),
    )
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const peerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describeEachDatabase(
  'admin bulk enable/disable: the search index follows once',
  (app) => {
    let ids: number[] = []
    let admin: Caller

    beforeAll(async () => {
      const seeded = await seedContent(app().db, [
        {
          name: 'Indexed',
          chunks: [
            { text: 'first' },
            { text: 'second' },
            { text: 'third', enabled: false },
            { text: 'fourth' },
          ],
        },
      ])
      ids = seeded[0]!.chunkIds
      admin = await createAdmin(app().db)
    })

    it('one upsert of the changed clips per call, none when nothing changed', async () => {
      recorded.length = 0
      const off = await bulkAs(app(), admin, { chunk_ids: [ids[0], ids[1], ids[2], ids[0]], enabled: false })
      expect([off.status, off.body.changed]).toEqual([200, 2])
      expect(recorded.map((r) => r.call)).toEqual(['POST /indexes/chunks_admin/documents'])
      const docs = recorded[0]!.body as { id: number; enabled: boolean }[]
      expect(docs.map((doc) => [doc.id, doc.enabled]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
        [ids[0], false],
        [ids[1], false],
      ])

      recorded.length = 0
      const same = await bulkAs(app(), admin, { chunk_ids: [ids[0], ids[2]], enabled: false })
      expect([same.status, same.body.changed]).toEqual([200, 0])
      expect(recorded).toEqual([])

      const on = await bulkAs(app(), admin, { chunk_ids: ids, enabled: true })
      expect([on.status, on.body.changed]).toEqual([200, 3])
      expect(recorded.map((r) => r.call)).toEqual(['POST /indexes/chunks_admin/documents'])
      expect((recorded[0]!.body as { id: number }[]).map((doc) => doc.id).sort((a, b) => a - b)).toEqual(
        [ids[0], ids[1], ids[2]].sort((a, b) => a! - b!),
      )
    })
  },
  { env: { MEILI_URL: peerUrl, MEILI_MASTER_KEY: 'test-key', MEILI_INDEX: 'chunks_admin' } },
)
