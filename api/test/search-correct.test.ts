/**
 * "Did you mean …?" (issue 18, decision 090): `GET /api/search/correct?q=` offers, for a query without results,
 * the closest phrase that has some: typos, missing word endings; null when the query has results or nothing close.
 */
import { beforeAll, expect, it } from 'vitest'
import { toggleChunk } from '../src/admin/content-admin.ts'
import { createOrUpdateAdmin } from '../src/auth/admin.ts'
import { Vocabulary, editDistance } from '../src/search/phrases.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

interface Correction {
  phrase: string
  count: number
}

it('measures edits as optimal string alignment, bounded', () => {
  expect(editDistance('yuo', 'you', 2)).toBe(1)
  expect(editDistance('ar', 'are', 2)).toBe(1)
  expect(editDistance('kitten', 'sitting', 3)).toBe(3)
  expect(editDistance('kitten', 'sitting', 2)).toBe(3)
  expect(editDistance('same', 'same', 0)).toBe(0)
})

it('gives a word its close spellings and, for the last word, its completions', () => {
  const vocabulary = new Vocabulary([
    { word: 'you', clips: 9 },
    { word: 'thanks', clips: 4 },
    { word: 'thankfully', clips: 1 },
  ])
  expect(vocabulary.options('yuo', false, 8).map((option) => option.word)).toEqual(['you'])
  expect(vocabulary.options('thank', true, 8).map((option) => option.word)).toEqual(['thanks', 'thankfully'])
  expect(vocabulary.options('thank', false, 8).map((option) => option.word)).toEqual(['thanks'])
})

describeEachDatabase('did you mean', (app) => {
  let secret: number[] = []

  // the admin toggles below are recorded in the audit trail under a real admin (docs/decisions/084)
  let admin = { id: 0, username: 'phrases-admin' }
  beforeAll(async () => {
    admin = {
      ...admin,
      id: (await createOrUpdateAdmin(app().db, admin.username, 'phrases admin password')).id,
    }
    const seeded = await seedContent(app().db, [
      {
        name: 'Talk',
        chunks: [
          ...Array.from({ length: 4 }, () => ({ text: 'How are you?' })),
          { text: 'How far you went' },
          { text: 'Thanks a lot!' },
          { text: 'Thanks, really.' },
          { text: 'Are you okay?' },
          { text: 'I think we should go now, are you ready' },
        ],
      },
      { name: 'Secret', chunks: [{ text: 'Marmalade sandwich' }] },
    ])
    secret = seeded[1]!.chunkIds
  })

  const correct = async (q: string) => {
    const answer = await app().fetchJson<Correction | null>(`/api/search/correct?q=${encodeURIComponent(q)}`)
    expect(answer.status).toBe(200)
    return answer.body
  }

  it('corrects typos to a phrase that has results', async () => {
    expect(await correct('how ar yuo')).toEqual({ phrase: 'how are you', count: 4 })
    expect(await correct('How are yuo?')).toEqual({ phrase: 'how are you', count: 4 })
  })

  it('completes a missing word ending', async () => {
    expect(await correct('thank')).toEqual({ phrase: 'thanks', count: 2 })
    expect(await correct('are you ok')).toEqual({ phrase: 'are you okay', count: 1 })
  })

  it('checks phrases longer than the counts hold through the search itself', async () => {
    expect(await correct('i thnk we should go now')).toEqual({ phrase: 'i think we should go now', count: 1 })
  })

  it('offers nothing when the query has results, or nothing close does', async () => {
    expect(await correct('how are you')).toBeNull()
    expect(await correct('zzyzx qwrtp')).toBeNull()
    expect(await correct('how * you')).toBeNull()
  })

  it('never offers what only disabled clips say', async () => {
    expect(await correct('marmalade sandwic')).toEqual({ phrase: 'marmalade sandwich', count: 1 })
    await toggleChunk(app().ctx, secret[0]!, false, admin)
    expect(await correct('marmalade sandwic')).toBeNull()
  })

  it('rejects a missing or overlong query with a detail', async () => {
    const missing = await app().fetchJson<{ detail: string }>('/api/search/correct?q=')
    expect(missing.status).toBe(400)
    expect(missing.body.detail).toBe('q is required')
    const long = await app().fetchJson<{ detail: string }>(`/api/search/correct?q=${'a'.repeat(501)}`)
    expect(long.status).toBe(400)
    expect(long.body.detail).toMatch(/at most 500/)
  })
})
