import { describe, expect, it } from 'vitest'
import type { SiteChunk } from '../../src/lib/api.ts'
import { chunkCardHtml, escapeHtml, genreButtonsHtml } from '../../src/lib/card-html.ts'
import { chunkErrorMessage } from '../../src/lib/chunk-errors.ts'
import { ApiError } from '@phrasereel/api/shared/http-client'
import { paginationHtml, resultHtml, resultsBlockHtml } from '../../src/lib/search-html.ts'

const chunk = (over: Partial<SiteChunk> = {}): SiteChunk => ({
  id: 7,
  play_s3_url: '/media/1/1.mp4',
  segment_s3_url: '/media/1/segment_1.json',
  thumbnail_s3_url: '/media/1/1_thumbnail.jpg',
  transcribed_text: 'How are you <today>?',
  chunk_type: 'video',
  chunk_duration: 2.5,
  content_metadata: {
    id: 1,
    name: 'A "quoted" <name>',
    content_part: null,
    content_category: 'movie',
    genre: 'Drama',
    release_year: 2019,
    external_link: null,
  },
  ...over,
})

describe('card markup', () => {
  it('escapes text and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    const html = chunkCardHtml(chunk())
    expect(html).toContain('href="/play/7"')
    expect(html).toContain('A &quot;quoted&quot; &lt;name&gt;')
    expect(html).not.toContain('<today>')
    expect(html).toContain('data-genre="drama"')
  })
  it("falls back to 'Untitled Content' and 'Video Preview'", () => {
    const html = chunkCardHtml(
      chunk({ thumbnail_s3_url: null, content_metadata: { ...chunk().content_metadata, name: '' } }),
    )
    expect(html).toContain('Untitled Content')
    expect(html).toContain('Video Preview')
  })
  it('marks the current genre button', () => {
    expect(genreButtonsHtml(['comedy'], 'comedy')).toContain('data-genre="comedy" aria-pressed="true"')
    expect(genreButtonsHtml(['comedy'], null)).toContain('data-genre="" aria-pressed="true"')
  })
})

describe('search markup', () => {
  it('highlights the query and picks the audio player for non-video clips', () => {
    expect(resultHtml(chunk(), 'how are you', 0)).toContain('<mark>How are you</mark>')
    const audio = resultHtml(chunk({ chunk_type: 'audio' }), 'how', 0)
    expect(audio).toContain('<audio controls')
    expect(audio).not.toContain('card__thumb')
  })
  it('writes the spec texts', () => {
    expect(resultsBlockHtml('hi', [], { total: 0 }, 1, 10)).toContain('No results found.')
    expect(resultsBlockHtml('hi', [chunk()], { total: 1 }, 1, 10)).toContain(
      'Found 1 result(s) for &quot;hi&quot;',
    )
  })
  it('says when the total is an estimate or the cap, and pages by it', () => {
    const estimated = resultsBlockHtml('hi', [chunk()], { total: 1234, estimated: true }, 1, 10)
    expect(estimated).toContain('Found about 1,200 result(s) for &quot;hi&quot;')
    expect(estimated).toContain('aria-label="Page 124"')
    const capped = resultsBlockHtml('hi', [chunk()], { total: 1000, capped: true, estimated: true }, 1, 10)
    expect(capped).toContain('Found 1,000+ result(s) for &quot;hi&quot;')
    expect(resultsBlockHtml('hi', [chunk()], { total: 1234 }, 1, 10)).toContain('Found 1,234 result(s)')
  })
  it('disables Previous on the first page and Next on the last', () => {
    expect(paginationHtml(1, 1)).toBe('')
    expect(paginationHtml(1, 3)).toMatch(/data-page="0" disabled>Previous/)
    expect(paginationHtml(3, 3)).toMatch(/data-page="4" disabled>Next/)
    expect(paginationHtml(2, 3)).toContain('aria-label="Page 2" aria-current="page"')
  })
})

describe('chunk page errors (spec §8)', () => {
  it('maps failures to the spec texts', () => {
    expect(chunkErrorMessage(new ApiError('404 Not Found', { status: 404, statusText: 'Not Found' }))).toBe(
      'Chunk not found',
    )
    expect(
      chunkErrorMessage(
        new ApiError('500 Internal Server Error', { status: 500, statusText: 'Internal Server Error' }),
      ),
    ).toBe('Failed to fetch chunk data: 500 Internal Server Error')
    expect(chunkErrorMessage(new ApiError('Network error', { status: 0 }))).toBe('Failed to load chunk data')
  })
})
