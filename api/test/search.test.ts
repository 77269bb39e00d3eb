import { beforeAll, expect, it } from 'vitest'
import { onChunksWritten } from '../src/search/index-sync.ts'
import { rebuildSearchIndexes } from '../src/search/reindex.ts'
import { saveChunkWords } from '../src/search/search-store.ts'
import { invalidateSearchCache, type SearchHit } from '../src/search/search.ts'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'

describeEachDatabase('phrase search', (app) => {
  const ids: Record<string, number> = {}

  // seeds and indexes through onChunksWritten
  beforeAll(async () => {
    const seeded = await seedContent(app().db, [
      {
        name: 'The Long Road',
        category: 'movie',
        genre: 'Drama',
        year: 2019,
        chunks: [
          { text: "Don't you know?" },
          { text: "I don't know what you mean.", duration: 3 },
          { text: 'You should make up your mind, really.' },
          { text: 'He will make up his mind soon enough, I guess, maybe.' },
          { text: "Know you don't." },
          { text: "Don't you know it", enabled: false },
        ],
      },
      {
        name: 'Office Days',
        category: 'series',
        genre: 'Comedy',
        year: 2005,
        chunks: [{ text: "don't YOU know!!" }, { text: 'Make up your mind' }, { text: 'مرحبا بالعالم' }],
      },
      {
        name: 'Night Shift',
        genre: 'Drama',
        year: 2021,
        chunks: [{ text: 'The night is young.', duration: 2.5 }],
      },
      {
        name: 'Night Radio',
        category: 'podcast',
        chunks: [{ text: 'The night is young, friends.', chunkType: 'audio', duration: 1.5 }],
      },
      {
        name: 'Old Nights',
        year: 2005,
        chunks: [{ text: 'Oh, the night is young!', duration: 6 }],
      },
      ...['Alpha', 'Beta', 'Gamma'].map((name) => ({
        name,
        category: 'podcast',
        chunks: Array.from({ length: 10 }, (_, i) => ({ text: `hello there friend number ${i}` })),
      })),
    ])
    const [film, office, nightShift, nightRadio, oldNights] = seeded
    Object.assign(ids, {
      dontYouKnow: film!.chunkIds[0],
      whatYouMean: film!.chunkIds[1],
      yourMindLong: film!.chunkIds[2],
      hisMind: film!.chunkIds[3],
      knowYouDont: film!.chunkIds[4],
      disabled: film!.chunkIds[5],
      officeDontYouKnow: office!.chunkIds[0],
      yourMindShort: office!.chunkIds[1],
      arabic: office!.chunkIds[2],
      nightVideo: nightShift!.chunkIds[0],
      nightAudio: nightRadio!.chunkIds[0],
      nightOld: oldNights!.chunkIds[0],
    })
    await saveChunkWords(app().db, ids.whatYouMean!, [
      { word: 'I', start: 0.1, end: 0.3 },
      { word: "don't", start: 0.3, end: 0.7 },
      { word: 'know', start: 0.7, end: 1.0 },
      { word: 'what', start: 1.1, end: 1.4 },
      { word: 'you', start: 1.4, end: 1.6 },
      { word: 'mean.', start: 1.6, end: 2.2 },
    ])
    await onChunksWritten(
      app().ctx,
      seeded.flatMap((content) => content.chunkIds),
    )
  })

  async function search(
    query: string,
  ): Promise<{ status: number; hits: SearchHit[]; total: number; estimated: boolean; capped: boolean }> {
    const { status, body, response } = await app().fetchJson<SearchHit[]>(`/api/search?${query}`)
    return {
      status,
      hits: body,
      total: Number(response.headers.get('x-total-count')),
      estimated: response.headers.get('x-total-count-estimated') === 'true',
      capped: response.headers.get('x-total-count-capped') === 'true',
    }
  }
  const idsOf = (hits: SearchHit[]) => hits.map((hit) => hit.id).sort((a, b) => a - b)

  it('ignores case, punctuation and apostrophes on both sides (spec §5)', async () => {
    const want = [ids.dontYouKnow!, ids.officeDontYouKnow!].sort((a, b) => a - b)
    for (const q of ["don't you know", 'dont you know', "DON'T YOU KNOW?", '"Dont, you; know!"']) {
      const { status, hits, total } = await search(`q=${encodeURIComponent(q)}`)
      expect(status).toBe(200)
      expect(idsOf(hits)).toEqual(want)
      expect(total).toBe(2)
    }
  })

  it('matches words adjacent and in order only', async () => {
    expect(idsOf((await search('q=you+know+dont')).hits)).toEqual([])
    // "don't know" is adjacent in "I don't know what…" but not in "Don't you know?"
    expect(idsOf((await search('q=dont+know')).hits)).toEqual([ids.whatYouMean])
    expect(idsOf((await search('q=know+you+dont')).hits)).toEqual([ids.knowYouDont])
    // longer than the stored 3-word grams: found through them and rechecked
    expect(idsOf((await search(`q=${encodeURIComponent("I don't know what you mean")}`)).hits)).toEqual([
      ids.whatYouMean,
    ])
    expect(idsOf((await search('q=dont+know+what+mean')).hits)).toEqual([])
  })

  it('lets * stand for exactly one word', async () => {
    expect(idsOf((await search('q=make+up+*+mind')).hits)).toEqual(
      [ids.yourMindLong!, ids.hisMind!, ids.yourMindShort!].sort((a, b) => a - b),
    )
    expect(idsOf((await search('q=make+*+mind')).hits)).toEqual([])
    expect(idsOf((await search('q=i+*+know+*+you')).hits)).toEqual([ids.whatYouMean])
  })

  it('ranks clips where the phrase is a larger part first', async () => {
    const { hits } = await search('q=make+up+your+mind')
    expect(hits.map((hit) => hit.id)).toEqual([ids.yourMindShort, ids.yourMindLong])
  })

  it('answers the public chunk shape plus where the phrase occurs', async () => {
    const { hits } = await search('q=what+you+mean')
    expect(hits).toHaveLength(1)
    const hit = hits[0]!
    expect(hit.transcribed_text).toBe("I don't know what you mean.")
    expect(hit.content_metadata.name).toBe('The Long Road')
    expect(hit.play_s3_url).toMatch(/^\/media\/\d+\/2\.mp4$/)
    expect(hit.match).toEqual({
      text: 'what you mean.',
      word_start: 3,
      word_end: 5,
      start: 1.1,
      end: 2.2,
      timed: true,
    })
    // without word timings the times are estimated inside the clip
    const [other] = (await search('q=really')).hits
    expect(other!.match.word_start).toBe(6)
    expect(other!.match.timed).toBe(false)
    expect(other!.match.start).toBeGreaterThan(0)
    expect(other!.match.end).toBeLessThanOrEqual(other!.chunk_duration)
  })

  it('never answers disabled chunks, and follows enable/disable', async () => {
    expect(idsOf((await search('q=dont+you+know+it')).hits)).toEqual([])
    await app().db.query('update content_chunks set enabled = false where id = $1', [ids.dontYouKnow])
    await onChunksWritten(app().ctx, [ids.dontYouKnow!])
    expect(idsOf((await search('q=dont+you+know')).hits)).toEqual([ids.officeDontYouKnow])
    await app().db.query('update content_chunks set enabled = true where id = $1', [ids.dontYouKnow])
    await onChunksWritten(app().ctx, [ids.dontYouKnow!])
    expect((await search('q=dont+you+know')).hits).toHaveLength(2)
  })

  it('follows a transcript edited by a writer', async () => {
    await app().db.query(`update content_chunks set transcribed_text = 'Know you not.' where id = $1`, [
      ids.knowYouDont,
    ])
    await onChunksWritten(app().ctx, [ids.knowYouDont!])
    expect((await search('q=know+you+dont')).hits).toEqual([])
    expect(idsOf((await search('q=know+you+not')).hits)).toEqual([ids.knowYouDont])
  })

  it('rebuilds missing or stale search data with reindex', async () => {
    await app().db.query('update content_chunks set search_terms = null, search_text = null where id = $1', [
      ids.whatYouMean,
    ])
    await app().db.query(`update content_chunks set search_text = 'stale' where id = $1`, [ids.hisMind])
    // terms of an older scheme (word triples before decision 046): the same text, one term more
    const termsOf = async (id: number | undefined) =>
      (await app().db.query('select search_terms::text as t from content_chunks where id = $1', [id])).rows[0]
        .t
    const current = await termsOf(ids.dontYouKnow)
    await app().db.query(
      'update content_chunks set search_terms = search_terms || 64::bigint where id = $1',
      [ids.dontYouKnow],
    )
    invalidateSearchCache(app().ctx) // as any process sees the change counter move within a second
    expect((await search('q=what+you+mean')).hits).toEqual([])
    const summary = await rebuildSearchIndexes(app().ctx)
    expect(summary.rewritten).toBe(3)
    expect(await termsOf(ids.dontYouKnow)).toBe(current)
    expect(summary.meiliIndex).toBeNull()
    expect(idsOf((await search('q=what+you+mean')).hits)).toEqual([ids.whatYouMean])
    expect(idsOf((await search('q=make+up+his+mind')).hits)).toEqual([ids.hisMind])
  })

  it('filters by genre, category and year range', async () => {
    expect(idsOf((await search('q=dont+you+know&genre=comedy')).hits)).toEqual([ids.officeDontYouKnow])
    expect(idsOf((await search('q=dont+you+know&category=Movie')).hits)).toEqual([ids.dontYouKnow])
    expect(idsOf((await search('q=dont+you+know&year_from=2010')).hits)).toEqual([ids.dontYouKnow])
    expect(idsOf((await search('q=dont+you+know&year_to=2010')).hits)).toEqual([ids.officeDontYouKnow])
    expect(idsOf((await search('q=dont+you+know&year_from=2000&year_to=2004')).hits)).toEqual([])
    expect((await search('q=dont&year_from=2020&year_to=2010')).status).toBe(400)
  })

  it('filters by media type (audio is every type but video) and rejects unknown types', async () => {
    expect(idsOf((await search('q=hello+there&type=video&limit=50')).hits)).toHaveLength(30)
    expect((await search('q=hello+there&type=audio')).hits).toEqual([])
    expect(idsOf((await search('q=the+night+is+young&type=audio')).hits)).toEqual([ids.nightAudio])
    expect(idsOf((await search('q=the+night+is+young&type=video')).hits)).toEqual(
      [ids.nightVideo!, ids.nightOld!].sort((a, b) => a - b),
    )
    const bad = await app().fetchJson<{ detail: string }>('/api/search?q=hello&type=film')
    expect(bad.status).toBe(400)
    expect(bad.body.detail).toBe('type must be one of video, audio')
  })

  it('orders by clip length or by release year when asked, through every page without overlap', async () => {
    const shortest = await search('q=the+night+is+young&sort=shortest')
    expect(shortest.hits.map((hit) => hit.chunk_duration)).toEqual([1.5, 2.5, 6])
    const newest = await search('q=the+night+is+young&sort=newest')
    // 2021, then 2005, then the item without a year
    expect(newest.hits.map((hit) => hit.content_metadata.release_year)).toEqual([2021, 2005, null])
    const pages = [
      await search('q=hello+there&sort=shortest&limit=7'),
      await search('q=hello+there&sort=shortest&limit=7&offset=7'),
      await search('q=hello+there&sort=shortest&limit=7&offset=14'),
      await search('q=hello+there&sort=shortest&limit=20&offset=21'),
    ]
    const seen = pages.flatMap((page) => page.hits.map((hit) => hit.id))
    expect(seen).toHaveLength(30)
    expect(new Set(seen).size).toBe(30)
    expect(pages[0]!.total).toBe(30)
    const bad = await app().fetchJson<{ detail: string }>('/api/search?q=hello&sort=longest')
    expect(bad.status).toBe(400)
    expect(bad.body.detail).toBe('sort must be one of relevance, shortest, newest')
  })

  it('pages with limit and offset under a cap, with the total in X-Total-Count', async () => {
    const first = await search('q=hello+there&limit=10')
    expect(first.total).toBe(30)
    expect(first.estimated).toBe(false)
    expect(first.hits).toHaveLength(10)
    // variety: a page of ten is not ten clips of one source
    expect(new Set(first.hits.map((hit) => hit.content_metadata.name))).toEqual(
      new Set(['Alpha', 'Beta', 'Gamma']),
    )
    const pages = [first.hits]
    for (const offset of [10, 20]) pages.push((await search(`q=hello+there&limit=10&offset=${offset}`)).hits)
    const all = pages.flat().map((hit) => hit.id)
    expect(new Set(all).size).toBe(30)
    expect((await search('q=hello+there&limit=10&offset=30')).hits).toEqual([])
    expect((await search('q=hello+there')).hits).toHaveLength(20) // default limit
    expect((await search('q=hello+there&limit=101')).status).toBe(400)
    expect((await search('q=hello+there&limit=0')).status).toBe(400)
    expect((await search('q=hello+there&offset=-1')).status).toBe(400)
  })

  it('reads no further than the variety block of the page, estimating the total beyond it', async () => {
    const sources = await seedContent(
      app().db,
      ['Chorus One', 'Chorus Two'].map((name) => ({
        name,
        chunks: Array.from({ length: 225 }, (_, i) => ({ text: `La la la, verse ${i}.` })),
      })),
    )
    const all = sources.flatMap((source) => source.chunkIds)
    await onChunksWritten(app().ctx, all)
    // 450 match; the first page reads 201 of them, so the total is an estimate (and says so)
    const first = await search('q=la+la+la&limit=10')
    expect(first.hits).toHaveLength(10)
    expect(first.estimated).toBe(true)
    expect(first.capped).toBe(false)
    expect(first.total).toBeGreaterThan(200)
    expect(first.total).toBeLessThanOrEqual(1000)
    // paging past the block reads further; once the walk reaches the end the total is exact
    const seen: number[] = []
    let last = first
    for (let offset = 0; offset < 500; offset += 100) {
      last = await search(`q=la+la+la&limit=100&offset=${offset}`)
      seen.push(...last.hits.map((hit) => hit.id))
    }
    expect(seen.sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b))
    expect(last.total).toBe(450)
    expect(last.estimated).toBe(false)
    expect((await search('q=la+la+la&limit=10&offset=440')).total).toBe(450)
    // suggestions count the same bounded way
    const { body } = await app().fetchJson<{ phrase: string; count: number }[]>(
      '/api/search/suggest?q=la+la+la+land',
    )
    expect(body.find((s) => s.phrase === 'la la la')!.count).toBeGreaterThan(200)
    expect(body.find((s) => s.phrase === 'la la la verse')!.count).toBeGreaterThan(200)
    await app().db.query('update content_chunks set enabled = false where id = any($1::bigint[])', [all])
    await onChunksWritten(app().ctx, all)
    expect((await search('q=la+la+la')).total).toBe(0)
  })

  it('answers /api/search/ with the trailing slash the same way', async () => {
    const { status, body } = await app().fetchJson<SearchHit[]>('/api/search/?q=dont+you+know')
    expect(status).toBe(200)
    expect(body).toHaveLength(2)
  })

  it('finds unicode and right-to-left text', async () => {
    expect(idsOf((await search(`q=${encodeURIComponent('مرحبا بالعالم')}`)).hits)).toEqual([ids.arabic])
  })

  it('answers hostile queries with a list or a clear 4xx, never a 5xx', async () => {
    const hostile = [
      '',
      '   ',
      'x'.repeat(10_000),
      'a '.repeat(240),
      "'; drop table content_chunks; --",
      "dont' or 1=1 --",
      '!',
      '&',
      '|',
      '!!',
      '<->',
      'know & !you',
      'you <2> know',
      'a:*',
      '(you | know)',
      '*',
      '* *',
      '**',
      '.*',
      '\\',
      '\\x1f',
      '%',
      '_',
      '$1',
      '[',
      '{3}',
      'e\u0301',
      '\u0000',
      '\ud83d\ude00 smile',
      'שלום',
      '\u202eevil',
      'ٱلسَّلَامُ عَلَيْكُمْ',
    ]
    for (const q of hostile) {
      const { status, body } = await app().fetchJson<unknown>(`/api/search?q=${encodeURIComponent(q)}`)
      expect(status, q).toBeLessThan(500)
      if (status === 200) expect(Array.isArray(body), q).toBe(true)
      else expect((body as { detail: string }).detail, q).toEqual(expect.any(String))
    }
    expect((await app().fetchJson('/api/search')).status).toBe(400)
    expect((await app().fetchJson(`/api/search?q=${'x'.repeat(10_000)}`)).status).toBe(400)
    expect((await app().fetchJson('/api/search?q=*')).status).toBe(400)
    const punct = await app().fetchJson('/api/search?q=%3F%21')
    expect(punct.status).toBe(200)
    expect(punct.body).toEqual([])
    // the table is intact after the SQL-looking queries
    expect((await search('q=dont+you+know')).hits).toHaveLength(2)
  })

  it('suggests close phrases that have results when nothing matches', async () => {
    expect((await search('q=dont+you+know+anything')).hits).toEqual([])
    const { status, body } = await app().fetchJson<{ phrase: string; count: number }[]>(
      '/api/search/suggest?q=dont+you+know+anything',
    )
    expect(status).toBe(200)
    expect(body[0]).toEqual({ phrase: 'dont you know', count: 2 })
    const more = await app().fetchJson<{ phrase: string }[]>('/api/search/suggest?q=hello+there+enemy')
    expect(more.body.map((s) => s.phrase)).toContain('hello there friend')
  })
})
