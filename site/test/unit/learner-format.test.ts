import { describe, expect, it } from 'vitest'
import {
  fill,
  formatCount,
  formatDuration,
  formatResultTotal,
  genresOf,
  timeAgo,
  typeLabel,
} from '../../src/lib/format.ts'
import { highlightTranscript, highlightWordRange } from '../../src/lib/highlight.ts'
import { pageItems } from '../../src/lib/pagination.ts'

const meta = (m: { name?: string; content_category?: string | null; genre?: string | null }) => ({
  content_metadata: m,
})

describe('typeLabel (spec §2.7)', () => {
  it('uses the genre first, lowercased', () => {
    expect(typeLabel(meta({ name: 'BBC News', genre: 'Drama' }))).toBe('drama')
  })
  it('falls back to a keyword in the category or name', () => {
    expect(typeLabel(meta({ name: 'Morning Show', content_category: 'Podcast' }))).toBe('podcast')
    expect(typeLabel(meta({ name: 'Business Insider clips', genre: '' }))).toBe('business')
    expect(typeLabel(meta({ name: 'The BBC hour' }))).toBe('bbc')
    expect(typeLabel(meta({ name: 'Street FOOD tour' }))).toBe('food')
  })
  it("is 'media' otherwise", () => {
    expect(typeLabel(meta({ name: 'The Long Road', content_category: 'movie' }))).toBe('media')
    expect(typeLabel({})).toBe('media')
  })
})

describe('timeAgo (spec §2.7)', () => {
  const now = new Date('2025-07-10T12:00:00Z')
  it('counts minutes, hours and days, then shows the date after 7 days', () => {
    expect(timeAgo(new Date(now.getTime() - 30_000), now)).toBe('Just now')
    expect(timeAgo(new Date(now.getTime() - 5 * 60_000), now)).toBe('5m ago')
    expect(timeAgo(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3h ago')
    expect(timeAgo(new Date(now.getTime() - 2 * 86_400_000), now)).toBe('2d ago')
    expect(timeAgo(new Date(now.getTime() - 7 * 86_400_000), now)).toBe('7d ago')
    expect(timeAgo('2025-06-29T12:00:00Z', now)).toBe('Jun 29, 2025')
  })
})

describe('genresOf (spec §2.3)', () => {
  it('lowercases, removes duplicates and sorts', () => {
    expect(
      genresOf([
        meta({ genre: 'Drama' }),
        meta({ genre: 'comedy' }),
        meta({ genre: 'DRAMA' }),
        meta({ genre: null }),
      ]),
    ).toEqual(['comedy', 'drama'])
  })
})

describe('small formatters', () => {
  it('fills templates, counts and durations', () => {
    expect(fill('Found {n} result(s) for "{query}"', { n: 3, query: 'hi' })).toBe(
      'Found 3 result(s) for "hi"',
    )
    expect(formatCount(12345.4)).toBe('12,345')
    expect(formatDuration(75)).toBe('1:15')
  })
})

describe('pageItems (spec §2.4)', () => {
  it('shows every page up to 10', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })
  it('windows with first, last and ellipses past 10', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20])
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20])
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20])
    expect(pageItems(4, 11)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 11])
  })
})

describe('highlightTranscript (spec §2.4, §5)', () => {
  it('marks the query as one phrase, ignoring case and punctuation', () => {
    expect(highlightTranscript('Well, How are you today?', 'how are you')).toEqual([
      { text: 'Well, ', hit: false },
      { text: 'How are you', hit: true },
      { text: ' today?', hit: false },
    ])
  })
  it('marks every occurrence and nothing for a partial phrase', () => {
    const parts = highlightTranscript('go on, go on!', 'go on')
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['go on,', 'go on!'])
    expect(highlightTranscript('how is it', 'how are').every((p) => !p.hit)).toBe(true)
  })
  it('marks a word range from the search match', () => {
    expect(highlightWordRange('a b c d', 1, 2)).toEqual([
      { text: 'a ', hit: false },
      { text: 'b c', hit: true },
      { text: ' d', hit: false },
    ])
  })
})

describe('formatResultTotal', () => {
  it('shows exact totals as counts, estimates as about their two leading figures, the cap with a plus', () => {
    expect(formatResultTotal({ total: 1234 })).toBe('1,234')
    expect(formatResultTotal({ total: 1234, estimated: true })).toBe('about 1,200')
    expect(formatResultTotal({ total: 987, estimated: true })).toBe('about 990')
    expect(formatResultTotal({ total: 96, estimated: true })).toBe('96')
    expect(formatResultTotal({ total: 1000, capped: true, estimated: true })).toBe('1,000+')
  })
})
