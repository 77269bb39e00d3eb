import { describe, expect, test } from 'vitest'
import { findPhraseTiming, highlightText, matchPhrase } from './highlight.ts'

describe('query highlighting (spec §2.5, normalised as spec §5)', () => {
  const words = ['Well,', 'how', 'are', 'YOU?', 'How', 'are', 'things?']

  test('a one-word query matches every occurrence regardless of case and punctuation', () => {
    expect([...matchPhrase(words, 'you')]).toEqual([3])
    expect([...matchPhrase(words, '"How!"')].sort()).toEqual([1, 4])
  })

  test('a multi-word query matches only as the whole phrase', () => {
    expect([...matchPhrase(words, 'how are you')].sort()).toEqual([1, 2, 3])
    expect([...matchPhrase(words, 'are how')]).toEqual([])
    expect([...matchPhrase(words, '  How   are ')].sort()).toEqual([1, 2, 4, 5])
  })

  test('a blank query highlights nothing', () => {
    expect(matchPhrase(words, '   ').size).toBe(0)
    expect(matchPhrase(words, null).size).toBe(0)
  })

  test('transcript text keeps its spacing and marks the phrase as one piece', () => {
    expect(highlightText('So, how are you today?', 'how are')).toEqual([
      ['So, ', false],
      ['how are', true],
      [' you today?', false],
    ])
  })

  test('finds when the phrase is said from the word timings', () => {
    const timed = [
      { word: 'I', start: 0, end: 0.2 },
      { word: 'see', start: 0.2, end: 0.5 },
      { word: 'you', start: 0.6, end: 0.9 },
      { word: 'later.', start: 0.9, end: 1.4 },
    ]
    expect(findPhraseTiming(timed, 'See you later')).toEqual({ start: 0.2, end: 1.4 })
    expect(findPhraseTiming(timed, 'goodbye')).toBeNull()
  })
})
