import { describe, expect, it } from 'vitest'
import {
  chunkTerms,
  findPhrase,
  gramHash,
  MAX_GRAM,
  planQuery,
  QueryError,
  RANK_SLOTS,
  term,
  tokenize,
} from './terms.ts'

describe('search terms', () => {
  it('normalises as spec §5 says, on words', () => {
    expect(tokenize(`  "Don't" you (KNOW)?! Well;  fine: ok.  `)).toEqual([
      'dont',
      'you',
      'know',
      'well',
      'fine',
      'ok',
    ])
    expect(tokenize('a\u0000b\u001fc')).toEqual(['abc'])
  })

  it('stores 1- and 2-word grams carrying the clip rank, each an exact integer', () => {
    expect(MAX_GRAM).toBe(2)
    const terms = chunkTerms(['i', 'dont', 'know'])
    expect(terms).toHaveLength(5)
    expect(terms).toContain(term(3, 'dont know'))
    expect(terms).not.toContain(term(3, 'i dont know'))
    for (const value of terms) {
      expect(Number.isSafeInteger(value)).toBe(true)
      expect(value % RANK_SLOTS).toBe(3)
    }
    expect(gramHash('dont know')).not.toBe(gramHash('know dont'))
  })

  it('plans phrases, long phrases and wildcards', () => {
    expect(planQuery('dont Know')).toMatchObject({ grams: ['dont know'], exact: true })
    expect(planQuery('I dont know')).toMatchObject({
      grams: ['i dont', 'dont know'],
      exact: false,
      pattern: '(^| )i dont know( |$)',
    })
    expect(planQuery('i dont know what you')).toMatchObject({
      grams: ['i dont', 'dont know', 'know what', 'what you'],
      exact: false,
    })
    expect(planQuery('make up * mind')).toMatchObject({
      tokens: ['make', 'up', '*', 'mind'],
      grams: ['make up', 'mind'],
      exact: false,
      pattern: '(^| )make up [^ ]+ mind( |$)',
    })
    expect(planQuery('?!')).toBeNull()
    expect(() => planQuery('* *')).toThrow(QueryError)
  })

  it('escapes regular expression syntax in words', () => {
    expect(planQuery('a+b [c] $d')!.pattern).toBe('(^| )a\\+b \\[c\\] \\$d( |$)')
  })

  it('finds a phrase with wildcards in order', () => {
    expect(findPhrase(['you', 'make', 'up', 'his', 'mind'], ['make', 'up', '*', 'mind'])).toEqual([1, 4])
    expect(findPhrase(['make', 'up', 'mind'], ['make', 'up', '*', 'mind'])).toBeNull()
  })
})
