import { describe, expect, it } from 'vitest'
import { activeFilterCount, readSearchFilters, searchFilterParams, searchUrl } from './search-filters.ts'

const read = (query: string) => readSearchFilters(new URLSearchParams(query))

describe('search filters in the address', () => {
  it('reads every filter and the order, lowercasing genre and category', () => {
    const state = read('q=x&genre=Drama&category=MOVIE&type=audio&year_from=1999&year_to=2010&sort=newest')
    expect(state).toEqual({
      genre: 'drama',
      category: 'movie',
      type: 'audio',
      yearFrom: 1999,
      yearTo: 2010,
      sort: 'newest',
    })
    expect(activeFilterCount(state)).toBe(5)
  })

  it('leaves out what the API would refuse and swaps a reversed year range', () => {
    expect(read('type=film&sort=longest&year_from=12&year_to=abc&genre=%20%20')).toEqual({
      sort: 'relevance',
    })
    expect(read(`genre=${'x'.repeat(101)}`)).toEqual({ sort: 'relevance' })
    expect(read('year_from=2020&year_to=2001')).toEqual({ yearFrom: 2001, yearTo: 2020, sort: 'relevance' })
  })

  it('writes back only what is set, without the default order', () => {
    // a GET form sends every field, empty or not
    const state = read('q=hi&genre=&category=&type=video&year_from=&year_to=2000&sort=relevance')
    expect(searchFilterParams(state)).toEqual([
      ['type', 'video'],
      ['year_to', '2000'],
    ])
    expect(searchUrl('see you', state)).toBe('/search?q=see+you&type=video&year_to=2000')
    expect(searchUrl('a&b', { sort: 'shortest' })).toBe('/search?q=a%26b&sort=shortest')
  })
})
