/**
 * The safety net of decision 010 (chunks stored without their search columns) runs on the writers' path: a search
 * only reads, and the next writer that reports its chunks through `onChunksWritten` indexes the ones left behind.
 */
import { beforeAll, expect, it } from 'vitest'
import { onChunksWritten } from '../src/search/index-sync.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

describeEachDatabase('search index sweep', (app) => {
  let forgotten: number[] = []
  let reported: number[] = []

  beforeAll(async () => {
    // fixtures store chunks as a writer that never calls onChunksWritten would
    const [left, written] = await seedContent(
      app().db,
      [
        { name: 'Forgotten', chunks: [{ text: 'Nobody indexed this line.' }, { text: 'Nor this line.' }] },
        { name: 'Written', chunks: [{ text: 'A writer reported this one.' }] },
      ],
      { index: false },
    )
    forgotten = left!.chunkIds
    reported = written!.chunkIds
  })

  const hits = async (q: string) =>
    (await app().fetchJson<{ id: number }[]>(`/api/search?q=${q}`)).body
      .map((hit) => hit.id)
      .sort((a, b) => a - b)
  const unindexed = async () =>
    (
      await app().db.query<{ n: number }>(
        'select count(*)::int as n from content_chunks where search_terms is null',
      )
    ).rows[0]!.n

  it('leaves searches to read: nothing is indexed on the request path', async () => {
    expect(await hits('this+line')).toEqual([])
    expect(await unindexed()).toBe(3)
  })

  it('indexes the chunks other writers left behind when a writer reports its own', async () => {
    await onChunksWritten(app().ctx, reported)
    expect(await unindexed()).toBe(0)
    expect(await hits('this+line')).toEqual([...forgotten].sort((a, b) => a - b))
    expect(await hits('writer+reported')).toEqual(reported)
  })
})
