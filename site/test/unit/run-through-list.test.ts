/** Run-through of search results (issue 18): in order through the pages, the next page fetched ahead. */
import { describe, expect, it, vi } from 'vitest'
import type { SiteChunk } from '../../src/lib/api.ts'
import { createRunThroughList, type ResultsPage } from '../../src/components/search/run-through.ts'

const SIZE = 10
const chunk = (n: number) => ({ id: n, play_s3_url: `/media/1/${n}.mp4` }) as unknown as SiteChunk
/** `total` results, ids 1…total, served a page at a time. */
function results(total: number, exact = true) {
  const all = Array.from({ length: total }, (_, i) => chunk(i + 1))
  const fetchPage = vi.fn(
    async (page: number): Promise<ResultsPage> => ({
      items: all.slice((page - 1) * SIZE, page * SIZE),
      total,
      exact,
    }),
  )
  return { all, fetchPage }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createRunThroughList', () => {
  it('walks the results in order across the page boundary, fetching the next page ahead', async () => {
    const { all, fetchPage } = results(12)
    const list = createRunThroughList({
      pageSize: SIZE,
      page: 1,
      items: all.slice(0, SIZE),
      total: 12,
      exact: true,
      index: 7,
      fetchPage,
    })
    expect(list.current()?.id).toBe(8)
    expect(list.position()).toEqual({ index: 8, total: 12 })
    // two results ahead is still page 1
    expect(fetchPage).not.toHaveBeenCalled()
    expect(await list.step('next', false)).toBe(true)
    // at the 9th: the 11th (page 2) is two ahead, so page 2 is on its way before it is needed
    expect(fetchPage.mock.calls).toEqual([[2]])
    await settle()
    expect(await list.step('next', false)).toBe(true)
    expect(await list.step('next', false)).toBe(true)
    expect(list.current()?.id).toBe(11)
    expect(list.position()).toEqual({ index: 11, total: 12 })
    expect(list.neighbour('next')?.id).toBe(12)
    expect(list.neighbour('previous')?.id).toBe(10)
    expect(fetchPage).toHaveBeenCalledTimes(1)
  })

  it('stops after the last result at a clip end, and wraps round for Next and Previous', async () => {
    const { all, fetchPage } = results(12)
    const list = createRunThroughList({
      pageSize: SIZE,
      page: 2,
      items: all.slice(SIZE),
      total: 12,
      exact: true,
      index: 1,
      fetchPage,
    })
    expect(list.position()).toEqual({ index: 12, total: 12 })
    expect(await list.step('next', false)).toBe(false)
    expect(list.current()?.id).toBe(12)
    expect(await list.step('next', true)).toBe(true)
    expect(list.current()?.id).toBe(1)
    expect(await list.step('previous', true)).toBe(true)
    expect(list.current()?.id).toBe(12)
  })

  it('learns the end from a short page when the count was an estimate', async () => {
    const { all, fetchPage } = results(14, false)
    const list = createRunThroughList({
      pageSize: SIZE,
      page: 1,
      items: all.slice(0, SIZE),
      total: 40,
      exact: false,
      index: 9,
      fetchPage,
    })
    expect(list.position()).toEqual({ index: 10, total: null })
    await settle()
    // page 2 came back short: 14 in all
    expect(list.position()).toEqual({ index: 10, total: 14 })
  })

  it('tells its listeners about moves and pages; a failed page leaves the run where it is', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { all } = results(12)
    const fetchPage = vi.fn(async (): Promise<ResultsPage> => {
      throw new Error('offline')
    })
    const list = createRunThroughList({
      pageSize: SIZE,
      page: 1,
      items: all.slice(0, SIZE),
      total: 12,
      exact: true,
      index: 9,
      fetchPage,
    })
    const heard = vi.fn()
    list.subscribe(heard)
    expect(await list.step('next', false)).toBe(false)
    expect(list.current()?.id).toBe(10)
    expect(await list.step('previous', false)).toBe(true)
    expect(list.current()?.id).toBe(9)
    expect(heard).toHaveBeenCalledTimes(1)
    await settle()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
