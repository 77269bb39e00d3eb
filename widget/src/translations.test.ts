import { describe, expect, test } from 'vitest'
import { availableTabs, currentLiteralRow, isRtl, languageFlagUrl, pairLiteral } from './translations.ts'

const timed = [
  { word: 'How', start: 0, end: 0.3 },
  { word: 'are', start: 0.3, end: 0.5 },
  { word: 'you', start: 0.5, end: 0.9 },
]

describe('translations panel rules (spec §2.5, §3)', () => {
  test('Full only with translation_data, Literal always, Keywords only with comprehension data', () => {
    expect(
      availableTabs({
        translated_language: 'fr',
        translation_data: { translated_phrase: 'Comment allez-vous ?' },
        translation_comprehension_data: [{ phrase: 'how are you', translation: 'comment ça va' }],
      }),
    ).toEqual(['full', 'literal', 'keywords'])
    expect(
      availableTabs({
        translated_language: 'fr',
        translation_data: null,
        translation_comprehension_data: [],
      }),
    ).toEqual(['literal'])
    expect(availableTabs(null)).toEqual([])
  })

  test('fa, ar, he and ur are right to left, with or without a region', () => {
    expect(['fa', 'ar', 'he', 'ur', 'AR-eg'].every(isRtl)).toBe(true)
    expect(['en', 'fr', 'tr'].some(isRtl)).toBe(false)
  })

  test('flags follow the spec map (en is the British flag, fa Iran, zh China)', () => {
    expect(languageFlagUrl('en')).toBe('/flags/gb.svg')
    expect(languageFlagUrl('fa-IR')).toBe('/flags/ir.svg')
    expect(languageFlagUrl('zh', 'https://phrasereel.example/')).toBe(
      'https://phrasereel.example/flags/cn.svg',
    )
    expect(languageFlagUrl('xx')).toBeNull()
  })

  test('pairs each 1-based literal entry with the clip word at that position, with its time', () => {
    const rows = pairLiteral(
      {
        translated_language: 'fr',
        translation_literal_data: {
          words: [{ '2': 'êtes' }, { '1': 'Comment' }, { '3': 'vous' }, { '9': 'x' }],
        },
      },
      timed,
      null,
    )
    expect(rows.map((r) => [r.position, r.original, r.translation, r.start])).toEqual([
      [1, 'How', 'Comment', 0],
      [2, 'are', 'êtes', 0.3],
      [3, 'you', 'vous', 0.5],
    ])
    expect(currentLiteralRow(rows, 0.35)).toBe(1)
    expect(currentLiteralRow(rows, 2)).toBe(-1)
  })

  test('without word timings the transcript words pair, without times', () => {
    const rows = pairLiteral(
      { translated_language: 'de', translation_literal_data: { words: [{ '1': 'Wie' }, { '2': 'geht' }] } },
      [],
      'How goes',
    )
    expect(rows.map((r) => [r.original, r.translation, r.start])).toEqual([
      ['How', 'Wie', null],
      ['goes', 'geht', null],
    ])
  })

  test('no literal data means no alignment', () => {
    expect(pairLiteral({ translated_language: 'fr', translation_literal_data: null }, timed, null)).toEqual(
      [],
    )
    expect(
      pairLiteral({ translated_language: 'fr', translation_literal_data: { words: [] } }, timed, null),
    ).toEqual([])
  })
})
