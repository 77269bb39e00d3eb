import { beforeAll, expect, it, vi } from 'vitest'
import { describeEachDatabase } from './harness.ts'
import { seedContent } from './fixtures.ts'
import { chunkRun, randomChunks } from '../src/content/content-store.ts'
import type { Chunk } from '../src/content/types.ts'

describeEachDatabase('content API', (app) => {
  let film = { contentId: 0, chunkIds: [] as number[] }
  let podcast = { contentId: 0, chunkIds: [] as number[] }

  // seeded once; every test below only reads, so each runs alone too
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
          {
            text: 'How are you?',
            translations: {
              fr: {
                phrase: 'Comment allez-vous ?',
                literal: ['Comment', 'êtes', 'vous'],
                keywords: [{ phrase: 'how are you', translation: 'comment allez-vous' }],
              },
              ar: { phrase: 'كيف حالك؟' },
            },
          },
          { text: 'I am fine, thanks.', enabled: false },
          { text: "I don't know what you mean." },
          { text: 'Break a leg!' },
        ],
      },
      {
        name: 'Morning Talk',
        category: 'podcast',
        chunks: [{ text: 'Good morning everyone.', chunkType: 'audio' }],
      },
    ])
    film = seeded[0]!
    podcast = seeded[1]!
    expect(film.chunkIds).toHaveLength(4)
  })

  it('answers a chunk in the spec shape with its content metadata', async () => {
    const { status, body } = await app().fetchJson<Chunk>(`/api/content/chunk/${film.chunkIds[0]}`)
    expect(status).toBe(200)
    expect(body).toEqual({
      id: film.chunkIds[0],
      play_s3_url: `/media/${film.contentId}/1.mp4`,
      segment_s3_url: `/media/${film.contentId}/segment_1.json`,
      thumbnail_s3_url: `/media/${film.contentId}/1_thumbnail.jpg`,
      transcribed_text: 'How are you?',
      chunk_type: 'video',
      chunk_duration: 2.5,
      content_metadata: {
        id: film.contentId,
        name: 'The Long Road',
        content_part: 'Part 1',
        content_category: 'movie',
        genre: 'Drama',
        release_year: 2019,
        external_link: 'https://example.org/long-road',
      },
    })
  })

  it('never serves a disabled chunk', async () => {
    const { status, body } = await app().fetchJson(`/api/content/chunk/${film.chunkIds[1]}`)
    expect(status).toBe(404)
    expect(body).toEqual({ detail: 'Chunk not found' })
    expect((await app().fetchJson(`/api/content/chunks/${film.chunkIds[1]}/translations`)).status).toBe(404)
    for (let i = 0; i < 10; i++) {
      const random = await app().fetchJson<Chunk[]>('/api/content/random-chunks?limit=60')
      expect(random.body.map((chunk) => chunk.id)).not.toContain(film.chunkIds[1])
    }
  })

  it('rejects malformed and unknown ids with a 4xx detail', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', "1'or'1"]) {
      const { status, body } = await app().fetchJson<{ detail: string }>(`/api/content/chunk/${id}`)
      expect(status, id).toBe(400)
      expect(typeof body.detail).toBe('string')
    }
    expect((await app().fetchJson('/api/content/chunk/987654321')).status).toBe(404)
    expect((await app().fetchJson('/api/content/nope')).body).toEqual({ detail: 'Not Found' })
    const wrongMethod = await app().fetch('/api/content/chunks/count', { method: 'POST' })
    expect(wrongMethod.status).toBe(405)
  })

  it('returns random chunks, all distinct, each enabled', async () => {
    const { status, body } = await app().fetchJson<Chunk[]>('/api/content/random-chunks')
    expect(status).toBe(200)
    expect(body).toHaveLength(4)
    expect(new Set(body.map((c) => c.id)).size).toBe(4)
    expect((await app().fetchJson('/api/content/random-chunks?limit=0')).status).toBe(400)
    expect((await app().fetchJson('/api/content/random-chunks?limit=abc')).status).toBe(400)
    expect((await app().fetchJson('/api/content/random-chunks?limit=2')).body).toHaveLength(2)
  })

  it('navigates within a content item, skipping disabled chunks, 404 at the ends', async () => {
    const base = `/api/content/navigate-chunk?content_metadata_id=${film.contentId}`
    const next = await app().fetchJson(`${base}&content_chunk_id=${film.chunkIds[0]}&action=next`)
    expect(next.status).toBe(200)
    expect(next.body).toEqual({
      id: film.chunkIds[2],
      play_s3_url: `/media/${film.contentId}/3.mp4`,
      segment_s3_url: `/media/${film.contentId}/segment_3.json`,
    })
    const previous = await app().fetchJson(`${base}&content_chunk_id=${film.chunkIds[2]}&action=previous`)
    expect((previous.body as { id: number }).id).toBe(film.chunkIds[0])
    expect((await app().fetchJson(`${base}&content_chunk_id=${film.chunkIds[3]}&action=next`)).status).toBe(
      404,
    )
    expect(
      (await app().fetchJson(`${base}&content_chunk_id=${film.chunkIds[0]}&action=previous`)).status,
    ).toBe(404)
    expect(
      (await app().fetchJson(`${base}&content_chunk_id=${film.chunkIds[0]}&action=sideways`)).status,
    ).toBe(400)
    expect((await app().fetchJson(`${base}&action=next`)).status).toBe(400)
    // a chunk of another content item is not a position in this one
    expect(
      (await app().fetchJson(`${base}&content_chunk_id=${podcast.chunkIds[0]}&action=next`)).status,
    ).toBe(404)
  })

  it("answers 204 instead of 404 at the ends when asked with 'missing=no-content'", async () => {
    const base = `/api/content/navigate-chunk?content_metadata_id=${film.contentId}&missing=no-content`
    const last = await app().fetch(`${base}&content_chunk_id=${film.chunkIds[3]}&action=next`)
    expect(last.status).toBe(204)
    expect(await last.text()).toBe('')
    const first = await app().fetch(`${base}&content_chunk_id=${film.chunkIds[0]}&action=previous`)
    expect(first.status).toBe(204)
    // a neighbour that exists is answered as usual; bad input is still a 400
    const next = await app().fetchJson<{ id: number }>(
      `${base}&content_chunk_id=${film.chunkIds[0]}&action=next`,
    )
    expect(next.status).toBe(200)
    expect(next.body.id).toBe(film.chunkIds[2])
    expect((await app().fetch(`${base}&content_chunk_id=x&action=next`)).status).toBe(400)
    // any other value keeps the spec's 404
    const other = `/api/content/navigate-chunk?content_metadata_id=${film.contentId}&missing=yes`
    expect((await app().fetch(`${other}&content_chunk_id=${film.chunkIds[3]}&action=next`)).status).toBe(404)
  })

  it('looks up segment and thumbnail URLs and chunk ids by play file name', async () => {
    const url = `/api/content/get_s3_url?content_metadata_id=${film.contentId}&access_file_name=segment_3.json`
    expect((await app().fetchJson(url)).body).toEqual({ s3_url: `/media/${film.contentId}/segment_3.json` })
    const thumb = `/api/content/get_s3_url?content_metadata_id=${film.contentId}&access_file_name=4_thumbnail.jpg`
    expect((await app().fetchJson(thumb)).body).toEqual({
      s3_url: `/media/${film.contentId}/4_thumbnail.jpg`,
    })
    const disabled = `/api/content/get_s3_url?content_metadata_id=${film.contentId}&access_file_name=segment_2.json`
    expect((await app().fetchJson(disabled)).status).toBe(404)
    const traversal = `/api/content/get_s3_url?content_metadata_id=${film.contentId}&access_file_name=../../etc/passwd`
    expect((await app().fetchJson(traversal)).status).toBe(400)
    const byName = `/api/content/chunk_id_by_metadata?content_metadata_id=${film.contentId}&play_file_name=4.mp4`
    expect((await app().fetchJson(byName)).body).toEqual({ chunk_id: film.chunkIds[3] })
    const notDigits = `/api/content/chunk_id_by_metadata?content_metadata_id=${film.contentId}&play_file_name=a.mp4`
    expect((await app().fetchJson(notDigits)).status).toBe(400)
    const missing = `/api/content/chunk_id_by_metadata?content_metadata_id=${film.contentId}&play_file_name=99.mp4`
    expect((await app().fetchJson(missing)).status).toBe(404)
  })

  it('answers translations in the spec shape', async () => {
    const { status, body } = await app().fetchJson(`/api/content/chunks/${film.chunkIds[0]}/translations`)
    expect(status).toBe(200)
    expect(body).toEqual([
      {
        translated_language: 'ar',
        translation_data: { translated_phrase: 'كيف حالك؟' },
        translation_literal_data: null,
        translation_comprehension_data: null,
      },
      {
        translated_language: 'fr',
        translation_data: { translated_phrase: 'Comment allez-vous ?' },
        translation_literal_data: { words: [{ '1': 'Comment' }, { '2': 'êtes' }, { '3': 'vous' }] },
        translation_comprehension_data: [{ phrase: 'how are you', translation: 'comment allez-vous' }],
      },
    ])
    expect((await app().fetchJson(`/api/content/chunks/${film.chunkIds[2]}/translations`)).body).toEqual([])
  })

  it('counts enabled chunks and their words', async () => {
    expect((await app().fetchJson('/api/content/chunks/count')).body).toEqual({ count: 4 })
    // 3 + 6 + 3 + 3 words in enabled chunks
    expect((await app().fetchJson('/api/content/words/count')).body).toEqual({ count: 15 })
  })

  it('reports health', async () => {
    const { status, body } = await app().fetchJson<{ status: string; pending_migrations: string[] }>(
      '/api/health',
    )
    expect(status).toBe(200)
    expect(body.status).toBe('ok')
    expect(body.pending_migrations).toEqual([])
  })
})

describeEachDatabase('random chunks on a larger corpus', (app) => {
  let enabled: number[] = []
  let disabled: number[] = []

  // 200 enabled chunks and 10 disabled ones
  beforeAll(async () => {
    const [shows, hidden] = await seedContent(app().db, [
      {
        name: 'Random Reel',
        chunks: Array.from({ length: 200 }, (_, i) => ({ text: `Line number ${i + 1}.` })),
      },
      {
        name: 'Hidden Reel',
        chunks: Array.from({ length: 10 }, (_, i) => ({ text: `Hidden ${i + 1}.`, enabled: false })),
      },
    ])
    enabled = shows!.chunkIds
    disabled = hidden!.chunkIds
    expect(enabled).toHaveLength(200)
  })

  it('gives a different page on each call, never a duplicate within one answer, and covers the corpus', async () => {
    const draw = async () => {
      const { status, body } = await app().fetchJson<Chunk[]>('/api/content/random-chunks?limit=12')
      expect(status).toBe(200)
      return body.map((chunk) => chunk.id)
    }
    const pages: string[] = []
    const seen = new Set<number>()
    for (let i = 0; i < 60; i++) {
      const ids = await draw()
      expect(ids).toHaveLength(12)
      expect(new Set(ids).size).toBe(12)
      for (const id of ids) {
        expect(enabled).toContain(id)
        seen.add(id)
      }
      pages.push([...ids].sort((a, b) => a - b).join(','))
    }
    // two consecutive calls (the home page's first page and its '12 more') differ
    for (let i = 1; i < pages.length; i++) expect(pages[i]).not.toBe(pages[i - 1])
    // no two pages alike at all, and 720 picks reach most of the 200 clips (about 180 expected)
    expect(new Set(pages).size).toBe(60)
    expect(seen.size).toBeGreaterThanOrEqual(150)
    for (const id of disabled) expect(seen.has(id)).toBe(false)
  })

  it('takes runs of keys from random points, wrapping around to the lowest keys, topping up overlaps', async () => {
    const { rows } = await app().db.query<{ id: number; random_key: number }>(
      'select id, random_key from content_chunks where enabled order by random_key',
    )
    for (const start of [0, 0.37, 0.5, 0.999]) {
      const expected = [
        ...rows.filter((r) => r.random_key >= start),
        ...rows.filter((r) => r.random_key < start),
      ]
        .slice(0, 12)
        .map((r) => r.id)
      expect((await chunkRun(app().db, '/media', start, 12)).map((chunk) => chunk.id)).toEqual(expected)
      // every point the same: the runs overlap entirely and the run from that point fills the page up
      const random = vi.spyOn(Math, 'random').mockReturnValue(start)
      try {
        const picked = await randomChunks(app().db, '/media', 12)
        expect(picked.map((chunk) => chunk.id)).toEqual(expected)
      } finally {
        random.mockRestore()
      }
    }
  })
})
