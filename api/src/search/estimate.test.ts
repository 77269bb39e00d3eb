/** Decision 013 without a database: the total estimate. */
import { describe, expect, it } from 'vitest'
import { estimateTotal } from './estimate.ts'

/** Clips per word count 1..40, as a histogram indexed by rank. */
function histogram(perRank: (rank: number) => number): number[] {
  return Array.from({ length: 41 }, (_, rank) => (rank === 0 ? 0 : perRank(rank)))
}

describe('total estimate', () => {
  it('extrapolates from the ranks read, scaling the stop rank by the share of the table scanned', () => {
    // 1,000 clips of every length; a one-word phrase found once per 100 word positions
    const clips = histogram(() => 1000)
    const density = 0.01
    const truth = clips.reduce((sum, n, rank) => sum + n * rank * density, 0) // 8,200
    const estimate = estimateTotal({
      phraseWords: 1,
      // ranks 1 and 2 read whole (10 + 20), rank 3 (30 in all) read through half the table
      perRank: new Map([
        [1, 10],
        [2, 20],
        [3, 15],
      ]),
      stopBlock: 499,
      relationBlocks: 1000,
      histogram: clips,
    })
    expect(Math.abs(estimate - truth) / truth).toBeLessThan(0.02)
  })

  it('counts where an n-word phrase can start in a clip (k - n + 1 places)', () => {
    const clips = histogram((rank) => (rank <= 10 ? 500 : 0))
    // a 3-word phrase at density 0.02 per start: ranks 3..10 hold 10, 20, ..., 80 matches (360 in all)
    const perRank = new Map([
      [3, 10],
      [4, 20],
      [5, 15],
    ])
    const estimate = estimateTotal({
      phraseWords: 3,
      perRank,
      stopBlock: 49,
      relationBlocks: 100,
      histogram: clips,
    })
    expect(estimate).toBeGreaterThan(340)
    expect(estimate).toBeLessThan(380)
  })

  it('is never below the rows read, and zero when nothing was read', () => {
    const clips = histogram(() => 0)
    expect(
      estimateTotal({
        phraseWords: 2,
        perRank: new Map([[2, 201]]),
        stopBlock: 5000,
        relationBlocks: 10,
        histogram: clips,
      }),
    ).toBe(201)
    expect(
      estimateTotal({
        phraseWords: 2,
        perRank: new Map(),
        stopBlock: 0,
        relationBlocks: 10,
        histogram: clips,
      }),
    ).toBe(0)
  })

  it('grows with how early in the table the walk stopped', () => {
    const clips = histogram(() => 100)
    const at = (stopBlock: number) =>
      estimateTotal({
        phraseWords: 1,
        perRank: new Map([[1, 201]]),
        stopBlock,
        relationBlocks: 1000,
        histogram: clips,
      })
    expect(at(99)).toBeGreaterThan(at(499))
    expect(at(499)).toBeGreaterThan(at(999))
  })
})
