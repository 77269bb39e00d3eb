/**
 * Exports to Anki and CSV (issue 18): the produced .apkg is unzipped and its SQLite collection read with
 * node:sqlite; the audio is checked with ffprobe. Runs on PGlite and PostgreSQL.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { DatabaseSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { stopExports } from '../src/exports/export-runner.ts'
import { MESSAGES } from '../src/shared/messages.ts'
import type { ExportJob } from '../src/shared/wire.ts'
import { type FixtureContent, seedContent } from './fixtures.ts'
import { describeEachDatabase, type TestApp } from './harness.ts'
import { anonymous, type Caller, createUser, send } from './user-content-support.ts'

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/test/fixtures')

const CONTENT: FixtureContent[] = [
  {
    name: 'The Long Road',
    part: 'Part 1',
    year: 2019,
    chunks: [
      { text: 'How are you today?', translations: { fr: { phrase: "Comment vas-tu aujourd'hui ?" } } },
      { text: "I don't know what you mean." },
    ],
  },
  // no thumbnail file on disk: the picture is a frame cut by ffmpeg
  { name: 'Kitchen, "Stories"', year: 2021, chunks: [{ text: 'She said "yes, of course", then <left>.' }] },
  { name: 'Morning Podcast', chunks: [{ text: 'Good morning, how are you?', chunkType: 'audio' }] },
]

interface Seeded {
  contentIds: number[]
  chunkIds: number[][]
}

/** Seeds `contents` and puts real media in place (symbolic links to the fixtures, so 500 clips cost no space). */
async function seedWithMedia(app: TestApp, contents: FixtureContent[], thumbnails = true): Promise<Seeded> {
  const seeded = await seedContent(app.db, contents)
  for (const [i, content] of contents.entries()) {
    const dir = path.join(app.config.MEDIA_DIR, String(seeded[i]!.contentId))
    await mkdir(dir, { recursive: true })
    for (const [order, chunk] of content.chunks.entries()) {
      const n = order + 1
      const audio = chunk.chunkType === 'audio'
      await symlink(
        path.join(FIXTURES, audio ? 'clip.m4a' : 'clip.mp4'),
        path.join(dir, audio ? `${n}.m4a` : `${n}.mp4`),
      )
      if (thumbnails && !content.name.startsWith('Kitchen') && !audio) {
        await copyFile(path.join(FIXTURES, 'thumb.jpg'), path.join(dir, `${n}_thumbnail.jpg`))
      }
    }
  }
  return { contentIds: seeded.map((s) => s.contentId), chunkIds: seeded.map((s) => s.chunkIds) }
}

/** Saves a clip of each content item (the given one, else the item's first enabled clip), newest first. */
async function saveAll(app: TestApp, user: Caller, contentIds: number[], chunkIds?: number[]): Promise<void> {
  for (const [i, contentId] of contentIds.entries()) {
    await app.db.query(
      `insert into saves (user_id, content_metadata_id, content_chunk_id, created_at)
       values ($1, $2, coalesce($3::bigint, (select id from content_chunks
         where content_metadata_id = $2 and enabled order by chunk_order limit 1)), now() - make_interval(secs => $4))`,
      [user.id, contentId, chunkIds?.[i] ?? null, i],
    )
  }
}

async function startExport(app: TestApp, user: Caller, body: unknown): Promise<ExportJob> {
  const { status, body: job } = await app.fetchJson<ExportJob & { detail?: string }>(
    '/api/exports',
    send('POST', user, body),
  )
  expect(status, JSON.stringify(job)).toBe(202)
  expect(job.status).toBe('queued')
  return job
}

async function waitForExport(
  app: TestApp,
  user: Caller,
  id: string,
  timeoutMs = 120_000,
): Promise<ExportJob> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { status, body } = await app.fetchJson<ExportJob>(`/api/exports/${id}`, send('GET', user))
    expect(status).toBe(200)
    if (body.status === 'done' || body.status === 'failed') return body
    if (Date.now() > deadline) throw new Error(`export ${id} still ${body.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function download(
  app: TestApp,
  user: Caller,
  job: ExportJob,
): Promise<{ bytes: Uint8Array; response: Response }> {
  expect(job.download_url).toBe(`/api/exports/${job.id}/file`)
  const response = await app.fetch(job.download_url!, send('GET', user))
  expect(response.status).toBe(200)
  return { bytes: new Uint8Array(await response.arrayBuffer()), response }
}

interface Deck {
  notes: { guid: string; fields: string[]; sfld: string; csum: number }[]
  cards: number
  col: {
    ver: number
    models: Record<string, { flds: { name: string }[]; tmpls: unknown[] }>
    decks: Record<string, { name: string }>
  }
  media: Record<string, string>
  files: Record<string, Uint8Array>
}

/** Unzips an .apkg and reads its collection with node:sqlite. */
async function readDeck(bytes: Uint8Array): Promise<Deck> {
  const files = unzipSync(bytes)
  expect(Object.keys(files)).toContain('collection.anki2')
  expect(Object.keys(files)).toContain('media')
  const dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-apkg-'))
  try {
    const file = path.join(dir, 'collection.anki2')
    await writeFile(file, files['collection.anki2']!)
    const db = new DatabaseSync(file, { readOnly: true })
    try {
      const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all()
      expect(tables.map((t) => t.name)).toEqual(['cards', 'col', 'graves', 'notes', 'revlog'])
      const col = db.prepare('select ver, models, decks from col').get() as {
        ver: number
        models: string
        decks: string
      }
      const notes = db.prepare('select guid, flds, sfld, csum from notes order by id').all() as {
        guid: string
        flds: string
        sfld: string
        csum: number
      }[]
      const cards = (db.prepare('select count(*) as n from cards').get() as { n: number }).n
      return {
        notes: notes.map((n) => ({
          guid: n.guid,
          fields: n.flds.split('\x1f'),
          sfld: String(n.sfld),
          csum: Number(n.csum),
        })),
        cards,
        col: { ver: col.ver, models: JSON.parse(col.models), decks: JSON.parse(col.decks) },
        media: JSON.parse(new TextDecoder().decode(files.media)),
        files,
      }
    } finally {
      db.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** ffprobe's view of an audio file: its format and duration. */
async function probe(bytes: Uint8Array): Promise<{ format: string; duration: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-probe-'))
  try {
    const file = path.join(dir, 'audio.mp3')
    await writeFile(file, bytes)
    const out = JSON.parse(
      execFileSync(
        'ffprobe',
        ['-v', 'error', '-show_entries', 'format=format_name,duration', '-of', 'json', file],
        {
          encoding: 'utf8',
        },
      ),
    ) as { format: { format_name: string; duration: string } }
    return { format: out.format.format_name, duration: Number(out.format.duration) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A minimal RFC 4180 reader, to check what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += char
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}

const sha1Checksum = (text: string) =>
  Number.parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16)

describeEachDatabase('exports to Anki and CSV', (getApp) => {
  let seeded: Seeded
  let owner: Caller
  let savedChunks: number[]

  beforeAll(async () => {
    const app = getApp()
    seeded = await seedWithMedia(app, CONTENT)
    owner = await createUser(app.db)
    // the first item saved with its second clip remembered; the others fall back to their first clip
    savedChunks = [seeded.chunkIds[0]![1]!, seeded.chunkIds[1]![0]!, seeded.chunkIds[2]![0]!]
    await saveAll(app, owner, seeded.contentIds, [savedChunks[0]!])
  })

  afterAll(async () => {
    await stopExports(getApp().ctx)
  })

  it('exports the saved clips as an Anki deck: one note per clip, fields, media map and valid media', async () => {
    const app = getApp()
    const started = await startExport(app, owner, { source: 'saved', format: 'apkg', lang: 'fr' })
    const job = await waitForExport(app, owner, started.id)
    expect(job.status, job.detail).toBe('done')
    expect(job.progress).toEqual({ done: 3, total: 3 })
    expect(job.summary).toEqual({ notes: 3, skipped_phrases: [], missing_media: 0, left_out: 0 })
    expect(job.file_name).toMatch(/^phrasereel-saved-\d{4}-\d{2}-\d{2}\.apkg$/)
    const { bytes, response } = await download(app, owner, job)
    expect(response.headers.get('content-disposition')).toContain(`attachment; filename="${job.file_name}"`)
    expect(response.headers.get('cache-control')).toBe('private, no-store')

    const deck = await readDeck(bytes)
    expect(deck.col.ver).toBe(11)
    expect(deck.notes).toHaveLength(3)
    expect(deck.cards).toBe(3)
    const model = Object.values(deck.col.models)[0]!
    expect(model.flds.map((f) => f.name)).toEqual([
      'Phrase',
      'Line',
      'Translation',
      'Audio',
      'Image',
      'Source',
      'Link',
    ])
    expect(Object.values(deck.col.decks).map((d) => d.name)).toContain('PhraseReel::Saved clips')

    // newest save first: the remembered second clip of the first item, then the others' first clips
    const [first, second, third] = deck.notes
    expect(first!.fields).toEqual([
      "I don't know what you mean.",
      "<b>I don't know what you mean.</b>",
      '',
      `[sound:phrasereel_${savedChunks[0]}.mp3]`,
      `<img src="phrasereel_${savedChunks[0]}.jpg">`,
      'The Long Road · Part 1 (2019)',
      `<a href="http://localhost:4321/play/${savedChunks[0]}">http://localhost:4321/play/${savedChunks[0]}</a>`,
    ])
    expect(second!.fields[0]).toBe('She said &quot;yes, of course&quot;, then &lt;left&gt;.')
    expect(second!.fields[4]).toBe(`<img src="phrasereel_${savedChunks[1]}.jpg">`)
    expect(second!.fields[5]).toBe('Kitchen, &quot;Stories&quot; (2021)')
    expect(third!.fields[3]).toBe(`[sound:phrasereel_${savedChunks[2]}.mp3]`)
    expect(third!.fields[4]).toBe('') // an audio clip with no thumbnail has no picture
    for (const note of deck.notes) {
      expect(note.fields).toHaveLength(7)
      const plain = note.fields[0]!.replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
      expect(note.sfld).toBe(plain)
      expect(note.csum).toBe(sha1Checksum(plain))
    }
    expect(new Set(deck.notes.map((n) => n.guid)).size).toBe(3)

    // every referenced file is in the map and in the zip, and is real media
    const referenced = deck.notes.flatMap((n) =>
      [/\[sound:([^\]]+)\]/.exec(n.fields[3]!)?.[1], /src="([^"]+)"/.exec(n.fields[4]!)?.[1]].filter(Boolean),
    )
    expect(Object.values(deck.media).sort()).toEqual([...referenced].sort())
    for (const [entry, name] of Object.entries(deck.media)) {
      const data = deck.files[entry]
      expect(data, `zip entry ${entry} (${name})`).toBeDefined()
      if (name.endsWith('.mp3')) {
        const audio = await probe(data!)
        expect(audio.format).toBe('mp3')
        expect(audio.duration).toBeGreaterThan(1)
      } else {
        expect([data![0], data![1], data![2]]).toEqual([0xff, 0xd8, 0xff])
      }
    }
  })

  it('puts the translation in the asked language, and none when the clip has none', async () => {
    const app = getApp()
    const user = await createUser(app.db)
    await saveAll(app, user, [seeded.contentIds[0]!])
    const job = await waitForExport(
      app,
      user,
      (await startExport(app, user, { source: 'saved', format: 'apkg', lang: 'fr' })).id,
    )
    const deck = await readDeck((await download(app, user, job)).bytes)
    expect(deck.notes[0]!.fields[2]).toBe("Comment vas-tu aujourd'hui ?")
    const none = await waitForExport(
      app,
      user,
      (await startExport(app, user, { source: 'saved', format: 'apkg' })).id,
    )
    expect((await readDeck((await download(app, user, none)).bytes)).notes[0]!.fields[2]).toBe('')
  })

  it('exports a CSV with a header row and RFC 4180 quoting', async () => {
    const app = getApp()
    const job = await waitForExport(
      app,
      owner,
      (await startExport(app, owner, { source: 'saved', format: 'csv', lang: 'fr' })).id,
    )
    expect(job.status, job.detail).toBe('done')
    expect(job.file_name).toMatch(/\.csv$/)
    const { bytes, response } = await download(app, owner, job)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text).toContain('"She said ""yes, of course"", then <left>."')
    const rows = parseCsv(text.slice(1))
    expect(rows[0]).toEqual([
      'phrase',
      'line',
      'translation',
      'title',
      'part',
      'year',
      'link',
      'audio_url',
      'image_url',
    ])
    expect(rows).toHaveLength(4)
    expect(rows[2]).toEqual([
      'She said "yes, of course", then <left>.',
      '<b>She said &quot;yes, of course&quot;, then &lt;left&gt;.</b>',
      '',
      'Kitchen, "Stories"',
      '',
      '2021',
      `http://localhost:4321/play/${savedChunks[1]}`,
      `http://localhost:4321/media/${seeded.contentIds[1]}/1.mp4`,
      `http://localhost:4321/media/${seeded.contentIds[1]}/1_thumbnail.jpg`,
    ])
  })

  it('exports a collection: each phrase with its first clip, phrases without one left out and named', async () => {
    const app = getApp()
    const created = await app.fetchJson<{ id: number }>(
      '/api/collections',
      send('POST', owner, { name: 'Greetings & more', is_public: false }),
    )
    expect(created.status).toBe(201)
    const members = { '1': 'how are you', '2': 'zebra quantum crossing', '3': 'what you mean' }
    expect(
      (await app.fetchJson(`/api/collections/${created.body.id}/members`, send('POST', owner, members)))
        .status,
    ).toBe(200)
    const job = await waitForExport(
      app,
      owner,
      (
        await startExport(app, owner, {
          source: 'collection',
          collection_id: created.body.id,
          format: 'apkg',
        })
      ).id,
    )
    expect(job.status, job.detail).toBe('done')
    expect(job.summary).toMatchObject({ notes: 2, skipped_phrases: ['zebra quantum crossing'] })
    expect(job.file_name).toMatch(/^phrasereel-greetings-more-/)
    const deck = await readDeck((await download(app, owner, job)).bytes)
    expect(Object.values(deck.col.decks).map((d) => d.name)).toContain('PhraseReel::Greetings & more')
    expect(deck.notes.map((n) => n.fields[0])).toEqual(['how are you', 'what you mean'])
    for (const note of deck.notes) {
      const bold = /<b>(.*)<\/b>/.exec(note.fields[1]!)?.[1] ?? ''
      expect(bold.toLowerCase().replace(/[?,.]/g, '')).toBe(note.fields[0])
    }
    expect(deck.notes[1]!.fields[1]).toBe("I don't know <b>what you mean.</b>")

    // read access as the collection page has: the private collection is invisible to another user
    const other = await createUser(app.db)
    const refused = await app.fetchJson<{ detail: string }>(
      '/api/exports',
      send('POST', other, { source: 'collection', collection_id: created.body.id, format: 'csv' }),
    )
    expect(refused.status).toBe(404)
    expect(refused.body.detail).toBeTruthy()
    // public: anyone signed in may export it
    await app.fetchJson(
      `/api/collections/${created.body.id}`,
      send('PUT', owner, { name: 'Greetings & more', is_public: true }),
    )
    const shared = await waitForExport(
      app,
      other,
      (await startExport(app, other, { source: 'collection', collection_id: created.body.id, format: 'csv' }))
        .id,
    )
    expect(shared.status, shared.detail).toBe('done')
  })

  it("exports a collection's remembered clip for a phrase, not its first search result (issue 18)", async () => {
    const app = getApp()
    const created = await app.fetchJson<{ id: number }>(
      '/api/collections',
      send('POST', owner, { name: 'Remembered clips', is_public: false }),
    )
    expect(created.status).toBe(201)
    // two clips say 'how are you'; remember the one that is not the first result
    const hits = await app.fetchJson<{ id: number }[]>('/api/search?q=how%20are%20you')
    expect(hits.body.length).toBeGreaterThan(1)
    const remembered = hits.body[hits.body.length - 1]!.id
    const added = await app.fetchJson(
      `/api/collections/${created.body.id}/clips`,
      send('POST', owner, { chunk_id: remembered, phrase: 'how are you' }),
    )
    expect(added.status).toBe(200)
    const job = await waitForExport(
      app,
      owner,
      (await startExport(app, owner, { source: 'collection', collection_id: created.body.id, format: 'csv' }))
        .id,
    )
    expect(job.status, job.detail).toBe('done')
    const rows = parseCsv(
      new TextDecoder('utf-8', { ignoreBOM: true }).decode((await download(app, owner, job)).bytes).slice(1),
    )
    expect(rows).toHaveLength(2)
    expect(rows[1]![0]).toBe('how are you')
    expect(rows[1]![6]).toBe(`http://localhost:4321/play/${remembered}`)
    // the phrase is highlighted in the remembered clip's line
    expect(/<b>(.*)<\/b>/.exec(rows[1]![1]!)?.[1]?.toLowerCase().replace(/[?,.]/g, '')).toBe('how are you')
  })

  it('lets only the requester read an export and its file; refuses anonymous callers', async () => {
    const app = getApp()
    const job = await waitForExport(
      app,
      owner,
      (await startExport(app, owner, { source: 'saved', format: 'csv' })).id,
    )
    const other = await createUser(app.db)
    for (const url of [`/api/exports/${job.id}`, `/api/exports/${job.id}/file`]) {
      const asOther = await app.fetchJson<{ detail: string }>(url, send('GET', other))
      expect(asOther.status).toBe(404)
      expect(asOther.body.detail).toBe(MESSAGES.exportNotFound)
      const asAnonymous = await app.fetchJson<{ detail: string }>(url, send('GET', anonymous))
      expect(asAnonymous.status).toBe(401)
    }
    const post = await app.fetchJson<{ detail: string }>(
      '/api/exports',
      send('POST', anonymous, { source: 'saved', format: 'apkg' }),
    )
    expect(post.status).toBe(401)
    expect(post.body.detail).toBe(MESSAGES.exportSignIn)
  })

  it('reports a job whose process went quiet as interrupted, and forgets expired ones', async () => {
    const app = getApp()
    const insert = (id: string, heartbeatAgo: string, expiresIn: string) =>
      app.db.query(
        `insert into exports (id, user_id, source, format, origin, status, worker, heartbeat_at, created_at, expires_at)
         values ($1, $2, 'saved', 'csv', 'http://localhost:4321', 'running', 'gone:1', now() - $3::interval, now(),
           now() + $4::interval)`,
        [id, owner.id, heartbeatAgo, expiresIn],
      )
    await insert('quietquietquietquiet00', '10 minutes', '1 hour')
    await insert('livelivelivelivelive00', '1 second', '1 hour')
    await insert('expiredexpiredexpired0', '1 second', '-1 minute')
    const quiet = await app.fetchJson<ExportJob>('/api/exports/quietquietquietquiet00', send('GET', owner))
    expect(quiet.body).toMatchObject({ status: 'failed', detail: MESSAGES.exportInterrupted })
    const live = await app.fetchJson<ExportJob>('/api/exports/livelivelivelivelive00', send('GET', owner))
    expect(live.body.status).toBe('running')
    expect((await app.fetchJson('/api/exports/expiredexpiredexpired0', send('GET', owner))).status).toBe(404)
    await app.db.query('delete from exports where id = any($1)', [
      ['quietquietquietquiet00', 'livelivelivelivelive00', 'expiredexpiredexpired0'],
    ])
  })

  it('answers bad input with a 4xx and a detail', async () => {
    const app = getApp()
    const empty = await createUser(app.db)
    const cases: [Caller, unknown, number][] = [
      [owner, { source: 'saved', format: 'pdf' }, 422],
      [owner, { source: 'liked', format: 'csv' }, 422],
      [owner, { source: 'collection', format: 'csv' }, 422],
      [owner, { source: 'saved', collection_id: 1, format: 'csv' }, 422],
      [owner, { source: 'collection', collection_id: 99_999_999, format: 'csv' }, 404],
      [owner, { source: 'saved', format: 'csv', lang: 'french' }, 422],
      [owner, { source: 'saved', format: 'csv', extra: true }, 422],
      [owner, '{not json', 400],
      [empty, { source: 'saved', format: 'apkg' }, 422],
    ]
    for (const [caller, body, status] of cases) {
      const answer = await app.fetchJson<{ detail: string }>('/api/exports', send('POST', caller, body))
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(typeof answer.body.detail).toBe('string')
    }
    const nothing = await app.fetchJson<{ detail: string }>(
      '/api/exports',
      send('POST', empty, { source: 'saved', format: 'csv' }),
    )
    expect(nothing.body.detail).toBe(MESSAGES.exportNothing)
    for (const url of [
      '/api/exports/nope',
      '/api/exports/AAAAAAAAAAAAAAAAAAAAAA',
      '/api/exports/AAAAAAAAAAAAAAAAAAAAAA/file',
    ]) {
      const answer = await app.fetchJson<{ detail: string }>(url, send('GET', owner))
      expect(answer.status).toBe(404)
      expect(answer.body.detail).toBe(MESSAGES.exportNotFound)
    }
  })

  it('finishes parallel exports of several users with exact note counts', async () => {
    const app = getApp()
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(app.db)))
    for (const [i, user] of users.entries()) await saveAll(app, user, seeded.contentIds.slice(0, (i % 3) + 1))
    const jobs = await Promise.all(
      users.map((user, i) =>
        startExport(app, user, { source: 'saved', format: i % 2 === 0 ? 'apkg' : 'csv' }),
      ),
    )
    const done = await Promise.all(jobs.map((job, i) => waitForExport(app, users[i]!, job.id)))
    for (const [i, job] of done.entries()) {
      expect(job.status, job.detail).toBe('done')
      expect(job.summary?.notes).toBe((i % 3) + 1)
      const { bytes } = await download(app, users[i]!, job)
      if (i % 2 === 0) expect((await readDeck(bytes)).notes).toHaveLength((i % 3) + 1)
      else expect(parseCsv(new TextDecoder().decode(bytes))).toHaveLength((i % 3) + 2)
    }
    // one user's parallel requests: at most the per-user limit is taken, the rest answered 429
    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        app.fetchJson<{ detail: string }>(
          '/api/exports',
          send('POST', users[0]!, { source: 'saved', format: 'csv' }),
        ),
      ),
    )
    const statuses = burst.map((b) => b.status).sort()
    expect(statuses.filter((s) => s === 202).length).toBeGreaterThanOrEqual(1)
    expect(statuses.filter((s) => s === 202).length).toBeLessThanOrEqual(2)
    expect(statuses.every((s) => s === 202 || s === 429)).toBe(true)
    for (const answer of burst.filter((b) => b.status === 429))
      expect(answer.body.detail).toBe(MESSAGES.exportTooMany)
    for (const answer of burst.filter((b) => b.status === 202)) {
      expect((await waitForExport(app, users[0]!, (answer.body as unknown as ExportJob).id)).status).toBe(
        'done',
      )
    }
  })

  it('runs a 500-clip export off the request path: other calls answer quickly while it runs', async () => {
    const app = getApp()
    const many: FixtureContent[] = Array.from({ length: 500 }, (_, i) => ({
      name: `Bulk ${i}`,
      chunks: [{ text: `Line number ${i} of the bulk set` }],
    }))
    const bulk = await seedWithMedia(app, many)
    const user = await createUser(app.db)
    await app.db.query(
      `insert into saves (user_id, content_metadata_id, content_chunk_id, created_at)
       select $1, c.content_metadata_id, c.id, now() - make_interval(secs => row_number() over (order by c.id))
       from content_chunks c where c.id = any($2::bigint[])`,
      [user.id, bulk.chunkIds.flat()],
    )
    // the baseline: the same call before the export starts
    const timeCall = async () => {
      const start = performance.now()
      const answer = await app.fetch('/api/content/chunks/count')
      expect(answer.status).toBe(200)
      await answer.arrayBuffer()
      return performance.now() - start
    }
    const baseline: number[] = []
    for (let i = 0; i < 10; i++) baseline.push(await timeCall())

    const job = await startExport(app, user, { source: 'saved', format: 'apkg' })
    // wait until it is cutting media
    for (;;) {
      const { body } = await app.fetchJson<ExportJob>(`/api/exports/${job.id}`, send('GET', user))
      if (body.status === 'running' && body.progress.done > 0) break
      expect(body.status).not.toBe('failed')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const during: number[] = []
    for (let i = 0; i < 20; i++) {
      during.push(await timeCall())
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    loop.disable()
    const midway = (await app.fetchJson<ExportJob>(`/api/exports/${job.id}`, send('GET', user))).body
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
    const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!
    console.info(
      `[exports] /api/content/chunks/count median ${median(baseline).toFixed(1)} ms before, ${median(during).toFixed(1)} ms ` +
        `during the export (max ${Math.max(...during).toFixed(1)} ms); event loop delay max ` +
        `${(loop.max / 1e6).toFixed(1)} ms; export at ${midway.progress.done} / ${midway.progress.total}`,
    )
    // the calls were answered while the export was still going (not queued behind it), each quickly
    expect(midway.status).toBe('running')
    expect(midway.progress.total).toBe(500)
    expect(Math.max(...during)).toBeLessThan(2000)
    expect(median(during)).toBeLessThan(Math.max(250, median(baseline) * 10))
    expect(loop.max / 1e6).toBeLessThan(1000)

    const finished = await waitForExport(app, user, job.id, 280_000)
    expect(finished.status, finished.detail).toBe('done')
    expect(finished.summary).toEqual({ notes: 500, skipped_phrases: [], missing_media: 0, left_out: 0 })
    const deck = await readDeck((await download(app, user, finished)).bytes)
    expect(deck.notes).toHaveLength(500)
    expect(Object.keys(deck.media)).toHaveLength(1000)
  }, 300_000)

  // last: it stops this app's export queue for good
  it('ends running exports as interrupted when the app stops, leaving no work files', async () => {
    const app = getApp()
    const some: FixtureContent[] = Array.from({ length: 80 }, (_, i) => ({
      name: `Stop ${i}`,
      chunks: [{ text: `Stop line ${i}` }],
    }))
    const stopped = await seedWithMedia(app, some)
    const user = await createUser(app.db)
    await saveAll(app, user, stopped.contentIds)
    const job = await startExport(app, user, { source: 'saved', format: 'apkg' })
    for (;;) {
      const { body } = await app.fetchJson<ExportJob>(`/api/exports/${job.id}`, send('GET', user))
      if (body.status === 'running' && body.progress.done > 0) break
      expect(body.status).not.toBe('done')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await stopExports(app.ctx)
    const after = await app.fetchJson<ExportJob>(`/api/exports/${job.id}`, send('GET', user))
    expect(after.body).toMatchObject({ status: 'failed', detail: MESSAGES.exportInterrupted })
    const left = await readdir(path.join(app.config.DATA_DIR, 'exports'))
    expect(left.filter((name) => name.startsWith(job.id))).toEqual([])
  })
})
