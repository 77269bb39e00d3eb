import { beforeAll, expect, it } from 'vitest'
import { onChunksWritten } from '../src/search/index-sync.ts'
import { invalidateSearchCache } from '../src/search/search.ts'
import { LIMITS } from '../src/shared/limits.ts'
import type { SearchFacets } from '../src/shared/wire.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

describeEachDatabase('search filter counts (GET /api/search/facets)', (app) => {
  beforeAll(async () => {
    const seeded = await seedContent(app().db, [
      {
        name: 'Road Movie',
        category: 'Movie',
        genre: 'Drama',
        year: 2019,
        chunks: [
          { text: 'See you tomorrow.' },
          { text: 'See you tomorrow, then.' },
          { text: 'See you later.' },
          { text: 'See you tomorrow!', enabled: false },
        ],
      },
      {
        name: 'Office Days',
        category: 'series',
        genre: 'comedy',
        year: 2005,
        chunks: [{ text: 'see you tomorrow' }],
      },
      {
        name: 'Morning Radio',
        category: 'podcast',
        genre: 'Comedy',
        year: 2021,
        chunks: [
          { text: 'See you tomorrow, listeners.', chunkType: 'audio' },
          { text: 'And see you tomorrow again.', chunkType: 'audio' },
        ],
      },
      { name: 'No Labels', chunks: [{ text: 'see you tomorrow folks' }] },
    ])
    await onChunksWritten(
      app().ctx,
      seeded.flatMap((content) => content.chunkIds),
    )
  })

  async function facets(query: string): Promise<SearchFacets> {
    const { status, body } = await app().fetchJson<SearchFacets>(`/api/search/facets?${query}`)
    expect(status).toBe(200)
    return body
  }

  it('counts the enabled matches per lowercased genre, category and media type, most first', async () => {
    const all = await facets('q=see+you+tomorrow')
    expect(all).toEqual({
      genre: [
        { value: 'comedy', count: 3 },
        { value: 'drama', count: 2 },
      ],
      category: [
        { value: 'movie', count: 2 },
        { value: 'podcast', count: 2 },
        { value: 'series', count: 1 },
      ],
      media: [
        { value: 'video', count: 4 },
        { value: 'audio', count: 2 },
      ],
      capped: false,
      engine: 'postgres',
    })
    // the counts agree with what the search answers under that filter
    const total = async (query: string) =>
      Number((await app().fetchJson(`/api/search?${query}`)).response.headers.get('x-total-count'))
    expect(await total('q=see+you+tomorrow&genre=comedy')).toBe(3)
    expect(await total('q=see+you+tomorrow&type=audio')).toBe(2)
    expect(await total('q=see+you+tomorrow&category=MOVIE')).toBe(2)
  })

  it('counts each facet under the other filters but not its own', async () => {
    const comedy = await facets('q=see+you+tomorrow&genre=Comedy')
    // genres still show what choosing another one would give
    expect(comedy.genre).toEqual([
      { value: 'comedy', count: 3 },
      { value: 'drama', count: 2 },
    ])
    // categories and media types count only comedies
    expect(comedy.category).toEqual([
      { value: 'podcast', count: 2 },
      { value: 'series', count: 1 },
    ])
    expect(comedy.media).toEqual([
      { value: 'audio', count: 2 },
      { value: 'video', count: 1 },
    ])
    const audio = await facets('q=see+you+tomorrow&type=audio&year_from=2020')
    expect(audio.genre).toEqual([{ value: 'comedy', count: 2 }])
    // media counts under the year range alone: the 2021 podcast's two audio clips, no video from 2020 on
    expect(audio.media).toEqual([{ value: 'audio', count: 2 }])
  })

  it('follows a disabled clip, and answers empty lists for a phrase nobody says', async () => {
    expect(await facets('q=nobody+says+this+phrase')).toEqual({
      genre: [],
      category: [],
      media: [],
      capped: false,
      engine: 'postgres',
    })
    const [{ id }] = (
      await app().db.query<{ id: number }>(
        "select id from content_chunks where transcribed_text = 'see you tomorrow folks'",
      )
    ).rows as [{ id: number }]
    await app().db.query('update content_chunks set enabled = false where id = $1', [id])
    invalidateSearchCache(app().ctx)
    const after = await facets('q=see+you+tomorrow')
    expect(after.media).toEqual([
      { value: 'video', count: 3 },
      { value: 'audio', count: 2 },
    ])
    await app().db.query('update content_chunks set enabled = true where id = $1', [id])
    invalidateSearchCache(app().ctx)
  })

  it('rejects bad input with 400 {detail}, as the search does', async () => {
    const cases: [string, string][] = [
      ['', 'q is required'],
      ['q=see&type=film', 'type must be one of video, audio'],
      ['q=see&year_from=2020&year_to=2010', 'year_from must not be after year_to'],
      ['q=see&year_from=12', `year_from must be between ${LIMITS.searchYearMin} and ${LIMITS.searchYearMax}`],
      ['q=see&genre=' + 'x'.repeat(101), 'genre must be at most 100 characters'],
    ]
    for (const [query, detail] of cases) {
      const answer = await app().fetchJson<{ detail: string }>(`/api/search/facets?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.body.detail).toBe(detail)
    }
  })
})
