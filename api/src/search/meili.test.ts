import { describe, expect, it } from 'vitest'
import { buildMeiliQuery, meiliSettings, quoteFilterValue, toMeiliDocument } from './meili.ts'
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
    })
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
    })
    expect(doc.text).toBe('')
    expect(doc.genre).toBeNull()
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
