/**
 * The Meilisearch adapter against a real server. Runs only when MEILI_URL is set (none can run on the build
 * machines); otherwise it reports itself skipped.
 */
import { describe, expect, it } from 'vitest'
import { rebuildSearchIndexes } from '../src/search/reindex.ts'
import { onChunksWritten } from '../src/search/index-sync.ts'
import type { SearchHit } from '../src/search/search.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

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
        const search = async (q: string) => {
          const { body, response } = await app().fetchJson<SearchHit[]>(
            `/api/search?q=${encodeURIComponent(q)}`,
          )
          return { ids: body.map((hit) => hit.id).sort(), engine: response.headers.get('x-search-engine') }
        }
        await expect
          .poll(async () => (await search('dont you know')).ids, { timeout: 10_000 })
          .toEqual([film!.chunkIds[0]])
        expect((await search('dont you know')).engine).toBe('meilisearch')
        expect((await search('make up * mind')).ids).toEqual([film!.chunkIds[1], film!.chunkIds[2]].sort())
        await app().db.query('update content_chunks set enabled = false where id = $1', [film!.chunkIds[0]])
        await onChunksWritten(app().ctx, [film!.chunkIds[0]!])
        await expect.poll(async () => (await search('dont you know')).ids, { timeout: 10_000 }).toEqual([])
      })
    },
    { env: { MEILI_URL: meiliUrl, MEILI_INDEX: `chunks_test_${process.pid}` } },
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
