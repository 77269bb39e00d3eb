/** The admin screens' list logic (spec §2.12, §9): sorts, filters, totals, ranges, file names and labels. */
import type { AdminChunk, AdminContentMetadata } from '@phrasereel/api/shared/wire'
import { describe, expect, it } from 'vitest'
import {
  ago,
  categoriesOf,
  chunkStats,
  chunksExportName,
  contentExportName,
  contentTotals,
  fileNumber,
  filterChunks,
  filterContent,
  formatMinutes,
  lastChangeLabel,
  rangeIds,
  sortChunks,
  sortContent,
  toChunkRow,
  toContentRows,
} from '../../src/components/admin/admin-list.ts'

function item(id: number, over: Partial<AdminContentMetadata> = {}): AdminContentMetadata {
  return {
    id,
    name: `Item ${id}`,
    content_part: null,
    content_category: null,
    genre: null,
    release_year: null,
    external_link: null,
    chunk_count: 0,
    enabled_chunk_count: 0,
    ...over,
  }
}

function chunk(id: number, over: Partial<AdminChunk> = {}): AdminChunk {
  return {
    id,
    play_file_name: `${id}.mp4`,
    segment_file_name: `segment_${id}.json`,
    thumbnail_file_name: `${id}_thumbnail.jpg`,
    chunk_type: 'video',
    chunk_duration: 10,
    enabled: true,
    transcribed_text: `line ${id}`,
    play_s3_url: `/media/1/${id}.mp4`,
    segment_s3_url: null,
    thumbnail_s3_url: null,
    last_change: null,
    ...over,
  }
}

describe('dashboard list', () => {
  const items = [
    item(1, { name: 'Zebra', content_category: 'series', release_year: 2001, chunk_count: 5 }),
    item(2, { name: 'apple', content_category: 'Film', release_year: null, chunk_count: 50 }),
    item(3, { name: 'Mango', content_category: null, release_year: 1999, chunk_count: 7, genre: 'Drama' }),
  ]

  it('counts items, chunks and distinct categories', () => {
    expect(contentTotals(items)).toEqual({ items: 3, chunks: 62, categories: 2 })
    expect(categoriesOf(items)).toEqual(['Film', 'series'])
  })

  it('sorts by name case-insensitively, numbers by value, missing values last either way', () => {
    const ids = (sort: Parameters<typeof sortContent>[1], dir: 'asc' | 'desc') =>
      sortContent(toContentRows(items), sort, dir).map((r) => r.item.id)
    expect(ids('name', 'asc')).toEqual([2, 3, 1])
    expect(ids('name', 'desc')).toEqual([1, 3, 2])
    expect(ids('chunks', 'asc')).toEqual([1, 3, 2])
    expect(ids('year', 'asc')).toEqual([3, 1, 2])
    expect(ids('year', 'desc')).toEqual([1, 3, 2])
    expect(ids('category', 'asc')).toEqual([2, 1, 3])
  })

  it('filters by a trimmed, case-insensitive term and by category', () => {
    const rows = toContentRows(items)
    expect(filterContent(rows, '  drama ', '').map((r) => r.item.id)).toEqual([3])
    expect(filterContent(rows, '', 'series').map((r) => r.item.id)).toEqual([1])
    expect(filterContent(rows, 'apple', 'series')).toEqual([])
    expect(filterContent(rows, '', '')).toHaveLength(3)
  })
})

describe('chunks list', () => {
  it('sorts file names by their numeric part, not as text', () => {
    const rows = ['10.mp4', '2.mp4', '1.mp4', 'intro.mp4'].map((name, i) =>
      toChunkRow(chunk(i + 1, { play_file_name: name })),
    )
    expect(sortChunks(rows, 'file', 'asc').map((r) => r.chunk.play_file_name)).toEqual([
      '1.mp4',
      '2.mp4',
      '10.mp4',
      'intro.mp4',
    ])
    expect(sortChunks(rows, 'file', 'desc').map((r) => r.chunk.play_file_name)[0]).toBe('10.mp4')
    expect(fileNumber('clip_007.mp4')).toBe(7)
    expect(fileNumber('x.mp4')).toBeNull()
  })

  it('sorts by duration, type and status, and filters by text and state', () => {
    const rows = [
      chunk(1, { chunk_duration: 30, chunk_type: 'video', enabled: false, transcribed_text: 'Hello there' }),
      chunk(2, { chunk_duration: 5, chunk_type: 'audio', enabled: true }),
    ].map(toChunkRow)
    expect(sortChunks(rows, 'duration', 'asc').map((r) => r.chunk.id)).toEqual([2, 1])
    expect(sortChunks(rows, 'type', 'asc').map((r) => r.chunk.id)).toEqual([2, 1])
    expect(sortChunks(rows, 'status', 'asc').map((r) => r.chunk.id)).toEqual([1, 2])
    expect(filterChunks(rows, 'HELLO', 'all').map((r) => r.chunk.id)).toEqual([1])
    expect(filterChunks(rows, 'audio', 'all').map((r) => r.chunk.id)).toEqual([2])
    expect(filterChunks(rows, '2.mp4', 'all').map((r) => r.chunk.id)).toEqual([2])
    expect(filterChunks(rows, '', 'disabled').map((r) => r.chunk.id)).toEqual([1])
    expect(filterChunks(rows, '', 'enabled').map((r) => r.chunk.id)).toEqual([2])
  })

  it('sums the stats and formats the total duration as m:ss', () => {
    const stats = chunkStats([
      chunk(1, { chunk_duration: 61.4 }),
      chunk(2, { enabled: false, chunk_duration: 3600 }),
    ])
    expect(stats).toEqual({ total: 2, enabled: 1, disabled: 1, seconds: 3661.4 })
    expect(formatMinutes(stats.seconds)).toBe('61:01')
    expect(formatMinutes(9)).toBe('0:09')
  })

  it('selects a range in the order shown, either direction', () => {
    const order = [5, 3, 9, 1]
    expect(rangeIds(order, 3, 1)).toEqual([3, 9, 1])
    expect(rangeIds(order, 1, 3)).toEqual([3, 9, 1])
    expect(rangeIds(order, null, 9)).toEqual([9])
    expect(rangeIds(order, 42, 9)).toEqual([9])
  })
})

describe('labels and file names', () => {
  it('names the exports after spec §9 with the local date', () => {
    const date = new Date(2026, 0, 5, 23, 30)
    expect(contentExportName(date)).toBe('content_metadata_2026-01-05.json')
    expect(chunksExportName(42, date)).toBe('content_chunks_42_2026-01-05.json')
  })

  it('says who changed a chunk and how long ago', () => {
    const now = Date.parse('2026-01-05T12:00:00Z')
    const changed = chunk(1, {
      last_change: {
        admin: 'alice',
        changed_at: '2026-01-05T10:00:00Z',
        enabled_before: true,
        enabled_after: false,
      },
    })
    expect(lastChangeLabel(changed, now)).toBe('Disabled by alice, 2 hours ago')
    expect(lastChangeLabel(chunk(2), now)).toBeNull()
    expect(ago('2026-01-05T11:59:30Z', now)).toBe('just now')
    expect(ago('2026-01-04T11:00:00Z', now)).toBe('1 day ago')
    expect(ago('2026-01-05T11:59:00Z', now)).toBe('1 minute ago')
  })
})
