/**
 * Type-ahead (issue 18, decision 090): `GET /api/search/complete?q=` answers the phrases enabled clips say that
 * start with the typed text, most said first, at most 8, counted by the writers' path exactly.
 */
import { beforeAll, expect, it } from 'vitest'
import { toggleChunk } from '../src/admin/content-admin.ts'
import { createOrUpdateAdmin } from '../src/auth/admin.ts'
import { onChunksWritten } from '../src/search/index-sync.ts'
import { phraseGrams } from '../src/search/phrases.ts'
import { startPhraseSweep, sweepAllPhrases, syncPhraseCounts } from '../src/search/phrase-sync.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

interface Completion {
  phrase: string
  count: number
}

describeEachDatabase('type-ahead', (app) => {
  let hidden: number[] = []
  let toggled: number[] = []

  // the admin toggles below are recorded in the audit trail under a real admin (docs/decisions/084)
  let admin = { id: 0, username: 'phrases-admin' }
  beforeAll(async () => {
    admin = {
      ...admin,
      id: (await createOrUpdateAdmin(app().db, admin.username, 'phrases admin password')).id,
    }
    const seeded = await seedContent(app().db, [
      {
        name: 'Greetings',
        chunks: [
          ...Array.from({ length: 5 }, () => ({ text: 'How are you?' })),
          ...Array.from({ length: 3 }, () => ({ text: 'How are you doing today?' })),
          ...Array.from({ length: 2 }, () => ({ text: 'How about that.' })),
          { text: "How's it going" },
          { text: 'However, no.' },
          ...'abcdefghij'.split('').map((letter) => ({ text: `howl ${letter}${letter}` })),
        ],
      },
      {
        name: 'Hidden',
        chunks: [
          { text: 'Hovercraft secrets', enabled: false },
          { text: 'Hovercraft secrets', enabled: false },
        ],
      },
      { name: 'Toggled', chunks: [{ text: 'Zebra crossing ahead' }, { text: 'Zebra crossing ahead' }] },
    ])
    hidden = seeded[1]!.chunkIds
    toggled = seeded[2]!.chunkIds
  })

  const complete = async (q: string) => {
    const answer = await app().fetchJson<Completion[]>(`/api/search/complete?q=${encodeURIComponent(q)}`)
    expect(answer.status).toBe(200)
    return answer.body
  }

  it('ranks phrases that start with the typed text by how many clips say them', async () => {
    expect(await complete('how are')).toEqual([
      { phrase: 'how are', count: 8 },
      { phrase: 'how are you', count: 8 },
      { phrase: 'how are you doing', count: 3 },
    ])
    // a finished word asks for what follows it; normalisation as for search (case, punctuation)
    expect((await complete('HOW ARE YOU ')).map((row) => row.phrase)).toEqual(['how are you doing'])
    expect((await complete('hows i')).map((row) => row.phrase)).toEqual(['hows it', 'hows it going'])
  })

  it('answers at most 8, the most said first', async () => {
    const rows = await complete('ho')
    expect(rows).toHaveLength(8)
    expect(rows.slice(0, 3)).toEqual([
      { phrase: 'how', count: 10 },
      { phrase: 'howl', count: 10 },
      { phrase: 'how are', count: 8 },
    ])
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.count).toBeGreaterThanOrEqual(rows[i]!.count)
  })

  it('ranks the same way under a prefix with more phrases than it reads in full', async () => {
    // 1,200 phrases start with "qz" (four per clip): the most-said walk answers, not the full range read
    await seedContent(app().db, [
      {
        name: 'Many',
        chunks: [
          ...Array.from({ length: 300 }, (_, i) => ({ text: `qz${i} a b c` })),
          ...Array.from({ length: 4 }, () => ({ text: 'qz7 a' })),
          ...Array.from({ length: 2 }, () => ({ text: 'qz12' })),
        ],
      },
    ])
    const rows = await complete('qz')
    expect(rows).toHaveLength(8)
    expect(rows.slice(0, 3)).toEqual([
      { phrase: 'qz7', count: 5 },
      { phrase: 'qz7 a', count: 5 },
      { phrase: 'qz12', count: 3 },
    ])
    expect(rows.slice(3).every((row) => row.count === 1)).toBe(true)
    expect((await complete('qz7 ')).map((row) => row.phrase)).toEqual(['qz7 a', 'qz7 a b', 'qz7 a b c'])
    // 444 phrases start with "qz1": more than the range read takes, so the walk under "qz" answers
    const under = await complete('qz1')
    expect(under).toHaveLength(8)
    expect(under[0]).toEqual({ phrase: 'qz12', count: 3 })
    expect(under.every((row) => row.phrase.startsWith('qz1'))).toBe(true)
    expect(under.slice(1).every((row) => row.count === 1)).toBe(true)
  })

  it('suggests nothing below 2 characters, and rejects a missing or overlong query with a detail', async () => {
    expect(await complete('h')).toEqual([])
    expect(await complete(' h ')).toEqual([])
    expect(await complete('!!')).toEqual([])
    for (const q of ['', '%20%20']) {
      const answer = await app().fetchJson<{ detail: string }>(`/api/search/complete?q=${q}`)
      expect(answer.status).toBe(400)
      expect(answer.body.detail).toBe('q is required')
    }
    const missing = await app().fetchJson<{ detail: string }>('/api/search/complete')
    expect(missing.status).toBe(400)
    const long = await app().fetchJson<{ detail: string }>(`/api/search/complete?q=${'a'.repeat(501)}`)
    expect(long.status).toBe(400)
    expect(long.body.detail).toMatch(/at most 500/)
  })

  it('never suggests what only disabled clips say', async () => {
    expect(await complete('hove')).toEqual([])
    expect(hidden).toHaveLength(2)
  })

  it('follows an admin toggle and a writer that changes or adds clips', async () => {
    expect(await complete('zebra c')).toEqual([
      { phrase: 'zebra crossing', count: 2 },
      { phrase: 'zebra crossing ahead', count: 2 },
    ])
    await toggleChunk(app().ctx, toggled[0]!, false, admin)
    expect(await complete('zebra c')).toEqual([
      { phrase: 'zebra crossing', count: 1 },
      { phrase: 'zebra crossing ahead', count: 1 },
    ])
    await toggleChunk(app().ctx, toggled[1]!, false, admin)
    expect(await complete('zebra')).toEqual([])
    await toggleChunk(app().ctx, toggled[1]!, true, admin)
    // an ingest rewrites a transcript and reports it
    await app().db.query(`update content_chunks set transcribed_text = 'Zebra cakes' where id = $1`, [
      toggled[1],
    ])
    await onChunksWritten(app().ctx, [toggled[1]!])
    expect(await complete('zebra c')).toEqual([{ phrase: 'zebra cakes', count: 1 }])
    // a new clip reported by its writer
    const [added] = await seedContent(app().db, [{ name: 'New', chunks: [{ text: 'Zebra cakes!' }] }], {
      index: false,
    })
    await onChunksWritten(app().ctx, added!.chunkIds)
    expect(await complete('zebra c')).toEqual([{ phrase: 'zebra cakes', count: 2 }])
  })

  it('counts clips no writer reported through the background sweep', async () => {
    const [quiet] = await seedContent(
      app().db,
      [{ name: 'Quiet', chunks: [{ text: 'Quokka smiles' }, { text: 'Quokka smiles' }] }],
      { index: false },
    )
    // the search columns come from the search sweep or a reindex; the phrase counts only from the phrase sweep
    await onChunksWritten(app().ctx, [])
    await app().db.query(
      `update content_chunks set search_text = 'quokka smiles' where id = any($1::bigint[])`,
      [quiet!.chunkIds],
    )
    expect(await complete('quokka')).toEqual([])
    expect(await sweepAllPhrases(app().db)).toBe(2)
    expect(await complete('quokka')).toEqual([
      { phrase: 'quokka', count: 2 },
      { phrase: 'quokka smiles', count: 2 },
    ])
    expect(await sweepAllPhrases(app().db)).toBe(0)
    // the background form of the sweep runs and stops cleanly
    const sweep = startPhraseSweep(app().db)
    await sweep.stop()
  })

  it('keeps counts exact with writers in parallel (toggles, reports and syncs of the same clips)', async () => {
    const [many] = await seedContent(app().db, [
      {
        name: 'Busy',
        chunks: Array.from({ length: 24 }, (_, i) => ({ text: `busy line ${i % 3} again` })),
      },
    ])
    const ids = many!.chunkIds
    const work: Promise<unknown>[] = []
    for (let round = 0; round < 3; round++) {
      ids.forEach((id, i) => {
        if ((i + round) % 2 === 0) work.push(toggleChunk(app().ctx, id, (i + round) % 4 === 0, admin))
      })
      work.push(syncPhraseCounts(app().db, ids))
      work.push(onChunksWritten(app().ctx, ids.slice(round * 4, round * 4 + 12)))
    }
    const settled = await Promise.allSettled(work)
    expect(settled.filter((result) => result.status === 'rejected')).toEqual([])
    // every writer reported its clips: the counts equal a recount from the clips themselves
    const { rows } = await app().db.query<{ search_text: string }>(
      'select search_text from content_chunks where enabled and search_text is not null',
    )
    const expected = new Map<string, number>()
    for (const row of rows)
      for (const gram of phraseGrams(row.search_text)) expected.set(gram, (expected.get(gram) ?? 0) + 1)
    const stored = await app().db.query<{ phrase: string; clips: number }>(
      'select phrase, clips from search_phrases',
    )
    expect(new Map(stored.rows.map((row) => [row.phrase, row.clips]))).toEqual(expected)
    const busy = await complete('busy line 1')
    expect(busy[0]!.count).toBe(expected.get('busy line 1'))
  })
})
