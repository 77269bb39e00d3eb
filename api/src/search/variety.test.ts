/** Variety across sources (decision 010) without a database. */
import { describe, expect, it } from 'vitest'
import { mixSources } from './variety.ts'

describe('variety mixing', () => {
  it('puts every source first clip before any second clip, block by block, in rank order', () => {
    const candidates = [1, 1, 1, 2, 2, 3, 1, 3].map((metadataId, id) => ({ id, metadataId }))
    expect(mixSources(candidates, 4).map((c) => c.id)).toEqual([0, 3, 1, 2, 4, 5, 6, 7])
  })
})
