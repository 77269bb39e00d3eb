import { describe, expect, it } from 'vitest'
import type { EnqueuedTaskPromise, Task } from 'meilisearch'
import {
  buildMeiliQuery,
  MeiliTaskError,
  meiliSettings,
  quoteFilterValue,
  settle,
  toMeiliDocument,
} from './meili.ts'
import { planQuery } from './terms.ts'

describe('Meilisearch document mapping', () => {
  it('carries the spec §5 normalised text, rank, lowercased filters and the enabled flag', () => {
    const doc = toMeiliDocument({
      id: 7,
      content_metadata_id: 3,
      search_text: 'dont you know',
      enabled: false,
      genre: 'Drama',
      content_category: 'Movie',
      release_year: 2019,
      chunk_type: 'video',
      chunk_duration: 2.5,
    })
    expect(doc).toEqual({
      id: 7,
      content_metadata_id: 3,
      text: 'dont you know',
      rank_words: 3,
      enabled: false,
      genre: 'drama',
      category: 'movie',
      year: 2019,
      media: 'video',
      duration: 2.5,
    })
    const audio = toMeiliDocument({
      id: 8,
      content_metadata_id: 3,
      search_text: 'hi',
      enabled: true,
      genre: null,
      content_category: null,
      release_year: null,
      chunk_type: 'podcast',
      chunk_duration: 4,
    })
    expect(audio.media).toBe('audio') // every chunk type but video is audio (spec §3)
  })

  it('maps a chunk not yet indexed to an empty text', () => {
    const doc = toMeiliDocument({
      id: 1,
      content_metadata_id: 1,
      search_text: null,
      enabled: true,
      genre: null,
      content_category: null,
      release_year: null,
      chunk_type: 'video',
      chunk_duration: 1,
    })
    expect(doc.text).toBe('')
    expect(doc.genre).toBeNull()
    expect(doc.rank_words).toBe(1)
  })

  it('caps the rank at the word count PostgreSQL ranks with, so both engines order alike', () => {
    const row = {
      id: 2,
      content_metadata_id: 1,
      enabled: true,
      genre: null,
      content_category: null,
      release_year: null,
      chunk_type: 'video',
      chunk_duration: 1,
    }
    expect(toMeiliDocument({ ...row, search_text: Array(55).fill('la').join(' ') }).rank_words).toBe(40)
    expect(toMeiliDocument({ ...row, search_text: 'one two three four five six seven' }).rank_words).toBe(7)
  })
})

describe('Meilisearch query building', () => {
  it('asks for the normalised phrase, enabled chunks only, shortest clips first', () => {
    const query = buildMeiliQuery(planQuery("Don't you KNOW?")!, {}, 200)
    expect(query).toEqual({
      q: '"dont you know"',
      filter: 'enabled = true',
      sort: ['rank_words:asc', 'id:asc'],
      limit: 200,
      offset: 0,
      matchingStrategy: 'all',
      attributesToRetrieve: ['id', 'content_metadata_id'],
    })
  })

  it('splits a query at wildcards into phrases that must all occur', () => {
    expect(buildMeiliQuery(planQuery('make up * mind')!, {}, 10).q).toBe('"make up" "mind"')
    expect(buildMeiliQuery(planQuery('* know')!, {}, 10).q).toBe('"know"')
    expect(buildMeiliQuery(planQuery('i * * you *')!, {}, 10).q).toBe('"i" "you"')
  })

  it('never lets a query close its quoted phrase early (quotes are stripped by normalisation)', () => {
    const { q } = buildMeiliQuery(planQuery('say "hello" (there)')!, {}, 10)
    expect(q).toBe('"say hello there"')
  })

  it('passes the candidate count through and filters a year range alone', () => {
    const query = buildMeiliQuery(planQuery('hello')!, { yearTo: 1999 }, 1000)
    expect(query.limit).toBe(1000)
    expect(query.filter).toBe('enabled = true AND year <= 1999')
  })

  it('adds filters with quoted, escaped values', () => {
    const query = buildMeiliQuery(
      planQuery('hello')!,
      { genre: 'Sci "Fi" \\ Drama', category: 'Movie', yearFrom: 1990, yearTo: 2000 },
      10,
    )
    expect(query.filter).toBe(
      'enabled = true AND genre = "sci \\"fi\\" \\\\ drama" AND category = "movie" AND year >= 1990 AND year <= 2000',
    )
    expect(quoteFilterValue('a"b')).toBe('"a\\"b"')
  })

  it('filters the media type and sorts by clip length or release year when asked', () => {
    const plan = planQuery('hello')!
    expect(buildMeiliQuery(plan, { mediaType: 'audio' }, 10).filter).toBe(
      'enabled = true AND media = "audio"',
    )
    expect(buildMeiliQuery(plan, {}, 10, 'shortest').sort).toEqual(['duration:asc', 'id:asc'])
    expect(buildMeiliQuery(plan, {}, 10, 'newest').sort).toEqual(['year:desc', 'id:asc'])
    expect(buildMeiliQuery(plan, {}, 10, 'relevance').sort).toEqual(['rank_words:asc', 'id:asc'])
    const settings = meiliSettings()
    expect(settings.filterableAttributes).toEqual(expect.arrayContaining(['media']))
    expect(settings.sortableAttributes).toEqual(expect.arrayContaining(['duration', 'year']))
  })

  it('uses settings that keep every word and match exactly', () => {
    const settings = meiliSettings()
    expect(settings.searchableAttributes).toEqual(['text'])
    expect(settings.stopWords).toEqual([])
    expect(settings.typoTolerance).toEqual({ enabled: false })
    expect(settings.filterableAttributes).toEqual(
      expect.arrayContaining(['enabled', 'genre', 'category', 'year']),
    )
    expect(settings.sortableAttributes).toEqual(expect.arrayContaining(['rank_words', 'id']))
  })
})

describe('Meilisearch tasks', () => {
  const enqueued = (task: Partial<Task>) =>
    Object.assign(Promise.resolve({ taskUid: 1 }), {
      waitTask: async () => ({ uid: 1, type: 'indexSwap', indexUid: null, error: null, ...task }) as Task,
    }) as unknown as EnqueuedTaskPromise

  it('returns a task that succeeded', async () => {
    expect((await settle(enqueued({ status: 'succeeded' }))).status).toBe('succeeded')
  })

  it('throws for a task that failed or was canceled (waitTask itself resolves with them)', async () => {
    const failed = enqueued({
      status: 'failed',
      error: { message: 'Index `x` not found.', code: 'index_not_found', type: 'invalid_request', link: '' },
    })
    await expect(settle(failed)).rejects.toBeInstanceOf(MeiliTaskError)
    await expect(settle(failed)).rejects.toThrow(/indexSwap.*failed: index_not_found/)
    await expect(settle(enqueued({ status: 'canceled' }))).rejects.toThrow(/canceled/)
  })
})
