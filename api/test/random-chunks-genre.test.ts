/**
 * `random-chunks?genre=&exclude=` (issue 17): the home feed's genre chip pages through one genre, 12 at a time,
 * each page of clips not shown yet; on PGlite and PostgreSQL.
 */
import { beforeAll, expect, it } from 'vitest'
import type { Chunk } from '../src/content/types.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

describeEachDatabase('random chunks of one genre, leaving out clips already shown', (app) => {
  let action: number[] = []
  let drama: number[] = []

  beforeAll(async () => {
    const many = (name: string, genre: string | undefined, count: number, disabledEvery = 0) => ({
      name,
      ...(genre === undefined ? {} : { genre }),
      chunks: Array.from({ length: count }, (_, i) => ({
        text: `${name} line ${i + 1}`,
        enabled: disabledEvery === 0 || (i + 1) % disabledEvery !== 0,
      })),
    })
    const seeded = await seedContent(app().db, [
      many('Chase One', 'Action', 20, 10),
      many('Chase Two', '  action ', 10),
      many('Tears', 'Drama', 7),
      many('Plain', undefined, 15),
    ])
    action = [...seeded[0]!.chunkIds.filter((_, i) => (i + 1) % 10 !== 0), ...seeded[1]!.chunkIds]
    drama = seeded[2]!.chunkIds
  })

  const get = (query: string) => app().fetchJson<Chunk[]>(`/api/content/random-chunks?${query}`)

  it('answers only clips of the genre, matched trimmed and case-insensitively, enabled only', async () => {
    for (const genre of ['action', 'ACTION', ' Action ']) {
      const { status, body } = await get(`limit=12&genre=${encodeURIComponent(genre)}`)
      expect(status).toBe(200)
      expect(body).toHaveLength(12)
      expect(new Set(body.map((chunk) => chunk.id)).size).toBe(12)
      for (const chunk of body) expect(action).toContain(chunk.id)
    }
    const few = await get('limit=12&genre=drama')
    expect(few.body.map((chunk) => chunk.id).sort((a, b) => a - b)).toEqual([...drama].sort((a, b) => a - b))
    expect((await get('limit=12&genre=western')).body).toEqual([])
  })

  it('pages through a genre 12 at a time with no clip twice until it runs out', async () => {
    const shown: number[] = []
    const pageSizes: number[] = []
    for (let page = 0; page < 5; page++) {
      const { status, body } = await get(`limit=12&genre=action&exclude=${shown.join(',')}`)
      expect(status).toBe(200)
      pageSizes.push(body.length)
      for (const chunk of body) {
        expect(shown).not.toContain(chunk.id)
        expect(action).toContain(chunk.id)
        shown.push(chunk.id)
      }
      if (body.length < 12) break
    }
    // 28 enabled action clips: 12, 12, then the last 4
    expect(pageSizes).toEqual([12, 12, 4])
    expect(shown.sort((a, b) => a - b)).toEqual([...action].sort((a, b) => a - b))
    // without a genre, exclude works the same over the whole catalogue
    const all = await get(`limit=60&exclude=${action.join(',')}`)
    expect(all.body.some((chunk) => action.includes(chunk.id))).toBe(false)
    // 50 enabled clips in all, 28 of them left out
    expect(all.body).toHaveLength(22)
  })

  it('answers bad genre and exclude values with a 400 and a detail', async () => {
    const tooMany = Array.from({ length: 481 }, (_, i) => i + 1).join(',')
    for (const query of [
      `genre=${'x'.repeat(101)}`,
      'genre=%00',
      'exclude=abc',
      'exclude=1,,2',
      'exclude=0',
      'exclude=-1',
      'exclude=1.5',
      `exclude=${tooMany}`,
    ]) {
      const { status, body } = await app().fetchJson<{ detail?: string }>(
        `/api/content/random-chunks?${query}`,
      )
      expect([query.slice(0, 30), status]).toEqual([query.slice(0, 30), 400])
      expect(typeof body.detail).toBe('string')
    }
    // 480 ids are fine
    const most = Array.from({ length: 480 }, (_, i) => i + 1).join(',')
    expect((await get(`exclude=${most}`)).status).toBe(200)
  })
})
