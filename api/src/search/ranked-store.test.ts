/** Decision 013 without a database: the shape of the search statement. */
import { describe, expect, it } from 'vitest'
import { rankedPageStatement } from './ranked-store.ts'
import { planQuery } from './terms.ts'

describe('search statement', () => {
  it('keeps the pattern recheck and the filters where the planner cannot misjudge them (decision 013)', () => {
    const { text, filterParams } = rankedPageStatement(
      planQuery('make up * mind')!,
      { genre: 'Drama', yearFrom: 1990 },
      200,
    )
    // inside coalesce: no one-row estimate that sends the walk past jit_above_cost, no join driven by the filter
    expect(text).toContain('coalesce(c.search_text ~ $5, false)')
    expect(text).toContain('coalesce(c.content_metadata_id in (select m.id from content_metadata m where')
    expect(text).not.toMatch(/exists \(/)
    expect(filterParams).toEqual(['(^| )make up [^ ]+ mind( |$)', 'drama', 1990])
    // walk sizes are part of the text (a generic plan per prepared statement), the page is a range on its order
    expect(text).toContain('limit 201')
    expect(text).toContain('ord > $3::int and ord <= $3::int + $4::int')
    expect(rankedPageStatement(planQuery('make up your mind')!, {}, 400).text).toContain('limit 401')
  })

  it('needs no pattern when the grams prove the phrase', () => {
    const { text, filterParams } = rankedPageStatement(planQuery("don't you")!, {}, 200)
    expect(text).not.toContain('search_text ~')
    expect(filterParams).toEqual([])
  })

  it('finds a longer phrase through its word pairs and rechecks their order (decision 046)', () => {
    const plan = planQuery("Don't you know?")!
    expect(plan).toMatchObject({ exact: false, grams: ['dont you', 'you know'] })
    const { text, filterParams } = rankedPageStatement(plan, {}, 200)
    expect(text).toContain('coalesce(c.search_text ~ $5, false)')
    expect(filterParams).toEqual(['(^| )dont you know( |$)'])
  })
})
