import { describe, expect, test } from 'vitest'
import {
  findSegmentIndex,
  findWordIndex,
  flattenWords,
  formatTime,
  parseSegments,
  phraseStartTime,
} from './segments.ts'

const data = {
  segments: [
    {
      index: 1,
      start: 2,
      end: 4,
      words: [
        { word: 'How', start: 2, end: 2.3 },
        { word: 'are', start: 2.3, end: 2.6 },
        { word: 'you?', start: 2.8, end: 3.5 },
      ],
    },
    { index: 0, start: 0, end: 1.5, words: [{ word: 'Hi.', start: 0.2, end: 0.8 }] },
  ],
}

describe('segment lookup', () => {
  const segments = parseSegments(data)

  test('parses and orders segments by start time', () => {
    expect(segments.map((s) => s.index)).toEqual([0, 1])
    expect(flattenWords(segments).map((w) => w.word)).toEqual(['Hi.', 'How', 'are', 'you?'])
  })

  test('finds the segment playing at a time, -1 between and after segments', () => {
    expect(findSegmentIndex(segments, 0)).toBe(0)
    expect(findSegmentIndex(segments, 1.49)).toBe(0)
    expect(findSegmentIndex(segments, 1.5)).toBe(-1)
    expect(findSegmentIndex(segments, 3.9)).toBe(1)
    expect(findSegmentIndex(segments, 4)).toBe(-1)
    expect(findSegmentIndex([], 1)).toBe(-1)
  })

  test('finds the word being said, none in a pause between words', () => {
    const words = segments[1]!.words
    expect(findWordIndex(words, 1.9)).toBe(-1)
    expect(findWordIndex(words, 2)).toBe(0)
    expect(findWordIndex(words, 2.45)).toBe(1)
    expect(findWordIndex(words, 2.7)).toBe(-1)
    expect(findWordIndex(words, 3)).toBe(2)
    expect(findWordIndex(words, 3.5)).toBe(-1)
  })

  test('drops malformed segments and words instead of failing', () => {
    expect(parseSegments(null)).toEqual([])
    expect(parseSegments({ segments: 'x' })).toEqual([])
    const parsed = parseSegments({
      segments: [
        { start: 'a', end: 1, words: [] },
        { start: 0, end: 1, words: [{ word: 'ok', start: 0, end: 0.5 }, { word: 3 }, null] },
      ],
    })
    expect(parsed).toEqual([{ index: 1, start: 0, end: 1, words: [{ word: 'ok', start: 0, end: 0.5 }] }])
  })

  test('a phrase starts with a lead-in, never before zero', () => {
    expect(phraseStartTime({ start: 3, end: 4 })).toBeCloseTo(2.4)
    expect(phraseStartTime({ start: 0.2, end: 1 })).toBe(0)
    expect(formatTime(65.7)).toBe('1:05')
    expect(formatTime(Number.NaN)).toBe('0:00')
  })
})
