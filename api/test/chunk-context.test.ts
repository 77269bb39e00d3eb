import { beforeAll, expect, it } from 'vitest'
import type { ChunkContext } from '../src/shared/wire.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

describeEachDatabase('clip context (GET /api/content/chunks/{id}/context)', (app) => {
  let scene: number[] = []
  let other: number[] = []

  beforeAll(async () => {
    const lines = Array.from({ length: 14 }, (_, i) => ({
      text: `Line ${i + 1} of the scene.`,
      enabled: i !== 4, // line 5 is disabled
      translations:
        i % 2 === 0
          ? { fr: { phrase: `Ligne ${i + 1}` }, de: { phrase: `Zeile ${i + 1}` } }
          : ({} as Record<string, { phrase: string }>),
    }))
    const seeded = await seedContent(app().db, [
      { name: 'The Scene', genre: 'Drama', year: 2020, chunks: lines },
      { name: 'Another Show', chunks: [{ text: 'Elsewhere.' }, { text: 'Not in the scene.' }] },
    ])
    scene = seeded[0]!.chunkIds
    other = seeded[1]!.chunkIds
  })

  const context = (id: number, query = '') =>
    app().fetchJson<ChunkContext & { detail?: string }>(`/api/content/chunks/${id}/context${query}`)
  const texts = (lines: { transcribed_text: string }[]) => lines.map((line) => line.transcribed_text)

  it('answers three enabled lines each way by default, in the order they are said, skipping disabled ones', async () => {
    const { status, body, response } = await context(scene[6]!) // line 7
    expect(status).toBe(200)
    expect(response.headers.get('cache-control')).toContain('public')
    expect(texts(body.before)).toEqual([
      'Line 3 of the scene.',
      'Line 4 of the scene.',
      'Line 6 of the scene.',
    ])
    expect(body.chunk.id).toBe(scene[6])
    expect(texts(body.after)).toEqual([
      'Line 8 of the scene.',
      'Line 9 of the scene.',
      'Line 10 of the scene.',
    ])
    expect(body.content_metadata).toMatchObject({ name: 'The Scene', genre: 'Drama', release_year: 2020 })
    expect(body.after[0]!.play_s3_url).toMatch(/\/media\/\d+\/8\.mp4$/)
  })

  it('stops at the ends of the source and never crosses into another content item', async () => {
    const first = await context(scene[0]!, '?before=10&after=1')
    expect(first.body.before).toEqual([])
    expect(texts(first.body.after)).toEqual(['Line 2 of the scene.'])
    const last = await context(scene[13]!, '?before=2&after=10')
    expect(texts(last.body.before)).toEqual(['Line 12 of the scene.', 'Line 13 of the scene.'])
    expect(last.body.after).toEqual([])
    const lone = await context(other[0]!)
    expect(texts(lone.body.after)).toEqual(['Not in the scene.'])
  })

  it('answers up to ten lines each way, and zero when asked', async () => {
    const wide = await context(scene[11]!, '?before=10&after=0')
    expect(wide.body.before).toHaveLength(10) // lines 1-11 less the disabled line 5
    expect(wide.body.before[0]!.transcribed_text).toBe('Line 1 of the scene.')
    expect(wide.body.after).toEqual([])
  })

  it('carries each line’s translated phrases, or only the language asked for', async () => {
    const all = await context(scene[2]!, '?before=1&after=1')
    expect(all.body.chunk.translations).toEqual({ de: 'Zeile 3', fr: 'Ligne 3' })
    expect(all.body.before[0]!.translations).toEqual({})
    const fr = await context(scene[2]!, '?before=1&after=1&lang=fr')
    expect(fr.body.chunk.translations).toEqual({ fr: 'Ligne 3' })
  })

  it('answers 404 for an unknown or disabled clip and 400 with a detail for bad parameters', async () => {
    expect((await context(999_999)).status).toBe(404)
    const disabled = await context(scene[4]!)
    expect(disabled.status).toBe(404)
    expect(disabled.body.detail).toBeTruthy()
    for (const query of [
      '?before=11',
      '?after=-1',
      '?before=abc',
      '?lang=french',
      '?lang=FR',
      '?after=1.5',
    ]) {
      const bad = await context(scene[6]!, query)
      expect(bad.status, query).toBe(400)
      expect(bad.body.detail, query).toEqual(expect.any(String))
    }
    expect((await context(0)).status).toBeGreaterThanOrEqual(400)
    expect((await app().fetch('/api/content/chunks/abc/context')).status).toBe(400)
  })
})
