import { describe, expect, it } from 'vitest'
import { clipPhrase, sharedClipTitle } from './embed-snippets.ts'

describe('the phrase a shared clip names (issue 17)', () => {
  const chunk = {
    transcribed_text: 'Break a leg tonight, my friend!',
    content_metadata: { name: 'The Night Train', content_part: null },
  }

  it('quotes the query the link carries when the clip says it (spec §5 matching), else the line', () => {
    expect(sharedClipTitle(chunk, 'Break a leg')).toBe('“Break a leg” in The Night Train')
    expect(sharedClipTitle(chunk, '  break   a LEG! ')).toBe('“break a LEG!” in The Night Train')
    expect(sharedClipTitle(chunk, 'leg ton')).toBe('“Break a leg tonight, my friend!” in The Night Train')
    expect(sharedClipTitle(chunk, null)).toBe('“Break a leg tonight, my friend!” in The Night Train')
  })

  it('cuts a long line at a word, and falls back to the title without any text', () => {
    const long = 'This is a very long line that goes on and on well past the sixty characters of a title'
    const phrase = clipPhrase(long, null)!
    expect(phrase.endsWith('…')).toBe(true)
    expect(phrase.length).toBeLessThanOrEqual(61)
    expect(long.startsWith(phrase.slice(0, -1))).toBe(true)
    expect(sharedClipTitle({ ...chunk, transcribed_text: '  ' }, null)).toBe('The Night Train')
  })
})
