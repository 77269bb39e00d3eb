import { describe, expect, it } from 'vitest'
import { commitWithTotals } from './import-store.ts'

describe('commitWithTotals', () => {
  it("adds a batch's change to the totals in the commit's message, or only commits", () => {
    expect(commitWithTotals(0, 0)).toBe('commit')
    expect(commitWithTotals(3, -2)).toBe(
      'update content_stats set chunk_count = chunk_count + 3, word_count = word_count + -2, updated_at = now() ' +
        'where id = 1; commit',
    )
    expect(() => commitWithTotals(1.5, 0)).toThrow()
  })
})
