/**
 * Ingest end to end: media made here with ffmpeg (lavfi test sources), subtitles in every format, clips checked
 * with ffprobe, rows and translations through the public API, idempotency, resume and every bad-input path.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../../api/test/harness.ts'
import { type IngestOptions, ingestSource, prepareSource } from '../src/ingest/pipeline.ts'

let dir = ''
const f = (name: string) => path.join(dir, name)

function ffmpeg(...args: string[]): void {
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args], {
    env: { ...process.env, SVT_LOG: '1' },
  })
}

interface Probe {
  format: { duration: string; format_name: string }
  streams: { codec_type: string; codec_name: string; pix_fmt?: string; height?: number }[]
}
function probe(file: string): Probe {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      encoding: 'utf8',
    }),
  ) as Probe
}

const SRT = [
  '1',
  '00:00:01,000 --> 00:00:03,000',
  '<i>How are you?</i>',
  '',
  '2',
  '00:00:03,200 --> 00:00:03,600',
  'Fine.',
  '',
  '3',
  '00:00:05,000 --> 00:00:06,500',
  '[music playing]',
  '',
  '4',
  '00:00:08,000 --> 00:00:11,000',
  "{\\an8}I don't know,",
  '- what do you mean?',
  '',
  '5',
  '00:00:14,000 --> 00:00:17,500',
  'Make up your mind!',
  '',
].join('\r\n')

// Latin-1 bytes of Spanish translations, with a BOM-less CRLF file as old subtitle tools write them
const ES_SRT_LATIN1 = Buffer.from(
  '1\r\n00:00:01,000 --> 00:00:03,500\r\n¿Cómo estás? Bien.\r\n\r\n2\r\n00:00:08,000 --> 00:00:11,000\r\nNo sé, ¿qué quieres decir?\r\n\r\n3\r\n00:00:14,000 --> 00:00:17,500\r\n¡Decídete!\r\n',
  'latin1',
)

const EXTRAS = {
  cues: [
    {
      start: 14,
      end: 17.5,
      translations: {
        fa: {
          full: 'تصمیمت را بگیر!',
          literal: ['بگیر', '', 'تو', 'تصمیم'],
          keywords: [{ phrase: 'make up your mind', translation: 'تصمیم گرفتن' }],
        },
      },
    },
  ],
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-ingest-'))
  // H.264 + AAC, keyframes only every 10 s, so accurate cuts need a re-encode
  ffmpeg(
    ...[
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=20',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=20',
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '250', '-c:a', 'aac', '-shortest', f('film.mp4')],
  )
  await writeFile(f('film.srt'), `\uFEFF${SRT}`)
  await writeFile(f('film.es.srt'), ES_SRT_LATIN1)
  await writeFile(f('film.extras.json'), JSON.stringify(EXTRAS))
  // audio only (mp3 with no video) + WebVTT
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=300:duration=8', '-c:a', 'libmp3lame', f('podcast.mp3'))
  await writeFile(
    f('podcast.vtt'),
    'WEBVTT\n\nNOTE recorded live\n\n00:00.500 --> 00:03.000\n<v Host>Welcome back to the show.\n\n00:04.000 --> 00:07.000\n<v Guest>Thanks for having me.\n',
  )
  // VP9 in WebM, no audio track, odd size and an NTSC frame rate; word-timed JSON
  ffmpeg(
    ...['-f', 'lavfi', '-i', 'testsrc=size=322x182:rate=24000/1001:duration=6'],
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k', f('silent.webm')],
  )
  await writeFile(
    f('silent.json'),
    JSON.stringify({
      segments: [
        {
          start: 1,
          end: 3,
          text: 'Break a leg!',
          words: [
            { word: 'Break', start: 1.1, end: 1.6 },
            { word: 'a', start: 1.7, end: 1.8 },
            { word: 'leg!', start: 1.9, end: 2.6 },
          ],
        },
      ],
    }),
  )
  // HEVC in Matroska at 12.5 fps with a multi-language .msrt
  ffmpeg(
    ...[
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=12.5:duration=6',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=6',
    ],
    ...[
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-c:a',
      'aac',
      '-shortest',
    ],
    f('hevc.mkv'),
  )
  await writeFile(
    f('hevc.msrt'),
    '[*] credits\n\n1\n00:00:01,000 --> 00:00:04,000\n[eng] See you later.\n[fra] À plus tard.\n[ara] أراك لاحقا.\n[jbo] coi\n',
  )
  // AV1 (SVT-AV1), short
  ffmpeg(
    ...[
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=30:duration=4',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=4',
    ],
    ...['-c:v', 'libsvtav1', '-preset', '12', '-c:a', 'libopus', '-shortest'],
    f('av1.webm'),
  )
  await writeFile(f('av1.srt'), '1\n00:00:00,500 --> 00:00:03,000\nNice to meet you.\n')
  await writeFile(f('notmedia.mp4'), 'this is not a video')
}, 300_000) // encoding the sources is slow on a busy 2-core machine

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

describeEachDatabase('content ingest', (app) => {
  const film = (extra: Partial<IngestOptions> = {}): IngestOptions => ({
    media: f('film.mp4'),
    subtitles: f('film.srt'),
    translations: [f('film.es.srt'), f('film.extras.json')],
    metadata: { name: 'Test Film', category: 'film', genre: 'Drama', year: 2024 },
    ...extra,
  })
  const count = async (sql: string) => Number((await app().db.query<{ n: string }>(sql)).rows[0]!.n)
  const mediaDir = (contentId: number) => path.join(app().config.MEDIA_DIR, String(contentId))

  it('cuts one exact H.264/AAC faststart clip per cue (short cues merged, sound cues skipped)', async () => {
    const summary = await ingestSource(app().ctx, film())
    expect(summary.status).toBe('created')
    expect(summary.clips).toBe(3)
    expect(summary.skippedCues).toEqual([{ line: 10, reason: 'only a sound description or markup' }])

    const { rows } = await app().db.query<{
      id: number
      play_file_name: string
      chunk_duration: number
      source_start: number
      source_end: number
      transcribed_text: string
      enabled: boolean
    }>('select * from content_chunks where content_metadata_id = $1 order by chunk_order', [
      summary.contentId,
    ])
    expect(rows.map((r) => r.transcribed_text)).toEqual([
      'How are you? Fine.',
      "I don't know, what do you mean?",
      'Make up your mind!',
    ])
    expect(rows.every((r) => r.enabled)).toBe(true)
    expect(rows.map((r) => r.play_file_name)).toEqual(['1.mp4', '2.mp4', '3.mp4'])
    // padded by 0.25 s where the neighbours leave room
    expect(rows.map((r) => [r.source_start, r.source_end])).toEqual([
      [0.75, 3.85],
      [7.75, 11.25],
      [13.75, 17.75],
    ])
    for (const row of rows) {
      const file = path.join(mediaDir(summary.contentId), row.play_file_name)
      const info = probe(file)
      expect(Math.abs(Number(info.format.duration) - row.chunk_duration)).toBeLessThan(0.1)
      expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
      expect(info.streams.find((s) => s.codec_type === 'video')!.pix_fmt).toBe('yuv420p')
      const bytes = await readFile(file)
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat')) // faststart
      const n = row.play_file_name.replace('.mp4', '')
      const thumb = await readFile(path.join(mediaDir(summary.contentId), `${n}_thumbnail.jpg`))
      expect([thumb[0], thumb[1]]).toEqual([0xff, 0xd8])
      const segment = JSON.parse(
        await readFile(path.join(mediaDir(summary.contentId), `segment_${n}.json`), 'utf8'),
      ) as {
        segments: {
          index: number
          start: number
          end: number
          words: { word: string; start: number; end: number }[]
        }[]
      }
      const words = segment.segments.flatMap((s) => s.words)
      expect(words.map((w) => w.word).join(' ')).toBe(row.transcribed_text)
      for (const w of words) {
        expect(w.start).toBeGreaterThanOrEqual(0)
        expect(w.end).toBeGreaterThanOrEqual(w.start)
        expect(w.end).toBeLessThanOrEqual(row.chunk_duration)
      }
    }
    // no scratch folders left behind
    expect(readdirSync(mediaDir(summary.contentId)).filter((name) => name.startsWith('.'))).toEqual([])
  })

  it('stores translations aligned by time: Latin-1 per-language file, and Full/Literal/Keywords JSON', async () => {
    const { rows } = await app().db.query<{ id: number }>(
      "select id from content_chunks where transcribed_text like 'Make up%'",
    )
    const { status, body } = await app().fetchJson<
      {
        translated_language: string
        translation_data: { translated_phrase: string } | null
        translation_literal_data: unknown
        translation_comprehension_data: unknown
      }[]
    >(`/api/content/chunks/${rows[0]!.id}/translations`)
    expect(status).toBe(200)
    expect(body.map((t) => t.translated_language)).toEqual(['es', 'fa'])
    expect(body[0]!.translation_data).toEqual({ translated_phrase: '¡Decídete!' })
    expect(body[1]!.translation_data).toEqual({ translated_phrase: 'تصمیمت را بگیر!' })
    expect(body[1]!.translation_literal_data).toEqual({
      words: [{ '1': 'بگیر' }, { '3': 'تو' }, { '4': 'تصمیم' }],
    })
    expect(body[1]!.translation_comprehension_data).toEqual([
      { phrase: 'make up your mind', translation: 'تصمیم گرفتن' },
    ])
    const first = await app().db.query<{ id: number }>(
      "select id from content_chunks where transcribed_text like 'How are%'",
    )
    const es = await app().fetchJson<{ translation_data: { translated_phrase: string } }[]>(
      `/api/content/chunks/${first.rows[0]!.id}/translations`,
    )
    expect(es.body[0]!.translation_data.translated_phrase).toBe('¿Cómo estás? Bien.')
  })

  it('makes what it ingested searchable at once, with the chunk served by the public API', async () => {
    const { status, body } = await app().fetchJson<
      { id: number; transcribed_text: string; play_s3_url: string }[]
    >('/api/search?q=what%20do%20you%20mean')
    expect(status).toBe(200)
    expect(body.map((c) => c.transcribed_text)).toContain("I don't know, what do you mean?")
    const hit = body.find((c) => c.transcribed_text.startsWith("I don't know"))!
    expect(hit.play_s3_url).toMatch(/\/media\/\d+\/2\.mp4$/)
    expect(await count('select word_count as n from content_stats')).toBe(15)
  })

  it('is idempotent: the same source again adds nothing', async () => {
    const before = await count('select count(*) as n from content_chunks')
    const summary = await ingestSource(app().ctx, film())
    expect(summary.status).toBe('unchanged')
    expect(summary.newClips).toBe(0)
    expect(await count('select count(*) as n from content_chunks')).toBe(before)
    expect(await count("select count(*) as n from content_metadata where name = 'Test Film'")).toBe(1)
  })

  it('resumes an interrupted run without duplicates, showing nothing until it completes', async () => {
    const options = film({ translations: [], metadata: { name: 'Interrupted' } })
    await expect(
      ingestSource(app().ctx, {
        ...options,
        jobs: 1,
        afterClip: (order) => {
          if (order === 1) throw new Error('power cut')
        },
      }),
    ).rejects.toThrow('power cut')
    const partial = await app().db.query<{ id: number; enabled: boolean }>(
      "select c.id, c.enabled from content_chunks c join content_metadata m on m.id = c.content_metadata_id where m.name = 'Interrupted'",
    )
    expect(partial.rows.length).toBe(2)
    expect(partial.rows.every((r) => !r.enabled)).toBe(true)
    expect((await app().fetch(`/api/content/chunk/${partial.rows[0]!.id}`)).status).toBe(404)

    // a run killed outright leaves its scratch folder behind; the next run clears it
    const { rows: ids } = await app().db.query<{ id: number }>(
      "select id from content_metadata where name = 'Interrupted'",
    )
    mkdirSync(path.join(mediaDir(ids[0]!.id), '.partial-3-99999'))

    const summary = await ingestSource(app().ctx, options)
    expect(summary.status).toBe('resumed')
    expect(readdirSync(mediaDir(summary.contentId)).filter((name) => name.startsWith('.'))).toEqual([])
    expect(summary.newClips).toBe(1)
    expect(
      await count(
        "select count(*) as n from content_chunks c join content_metadata m on m.id = c.content_metadata_id where m.name = 'Interrupted' and c.enabled",
      ),
    ).toBe(3)
    expect(await count("select count(*) as n from content_metadata where name = 'Interrupted'")).toBe(1)
  })

  it('runs two ingests of the same source at once: one cuts, the other waits and finds it done', async () => {
    // another cut setting than the other tests, so this is a source of its own
    const options = film({ translations: [], metadata: { name: 'Twice at once' }, plan: { padding: 0.2 } })
    const waits: string[] = []
    const onWait = (holder: string) => {
      waits.push(holder)
    }
    const runs = await Promise.all([
      ingestSource(app().ctx, { ...options, onWait }),
      ingestSource(app().ctx, { ...options, onWait }),
    ])
    expect(runs.map((run) => run.status).sort()).toEqual(['created', 'unchanged'])
    expect(runs[0]!.contentId).toBe(runs[1]!.contentId)
    expect(waits).toHaveLength(1)
    expect(await count("select count(*) as n from content_metadata where name = 'Twice at once'")).toBe(1)
    expect(
      await count(
        `select count(*) as n from content_chunks where enabled and content_metadata_id = ${runs[0]!.contentId}`,
      ),
    ).toBe(3)
    expect(await count('select count(*) as n from ingest_leases')).toBe(0)
  })

  it('takes over the lease of a run that died without releasing it', async () => {
    const options = film({ translations: [], metadata: { name: 'Stale lease' }, plan: { padding: 0.15 } })
    const { sourceKey } = await prepareSource(options)
    await app().db.query(
      `insert into ingest_leases (source_key, holder, renewed_at) values ($1, 'gone:1:dead', now() - interval '1 hour')`,
      [sourceKey],
    )
    const summary = await ingestSource(app().ctx, options)
    expect(summary.status).toBe('created')
    expect(await count('select count(*) as n from ingest_leases')).toBe(0)
  })

  it('turns an audio-only source into .m4a clips of chunk_type audio with a waveform thumbnail', async () => {
    const summary = await ingestSource(app().ctx, {
      media: f('podcast.mp3'),
      subtitles: f('podcast.vtt'),
      metadata: { name: 'Test Podcast', category: 'podcast' },
    })
    expect(summary.chunkType).toBe('audio')
    const { rows } = await app().db.query<{
      play_file_name: string
      chunk_type: string
      transcribed_text: string
    }>('select * from content_chunks where content_metadata_id = $1 order by chunk_order', [
      summary.contentId,
    ])
    expect(rows.map((r) => [r.play_file_name, r.chunk_type, r.transcribed_text])).toEqual([
      ['1.m4a', 'audio', 'Welcome back to the show.'],
      ['2.m4a', 'audio', 'Thanks for having me.'],
    ])
    const info = probe(path.join(mediaDir(summary.contentId), '1.m4a'))
    expect(info.streams.map((s) => s.codec_name)).toEqual(['aac'])
    const thumb = await readFile(path.join(mediaDir(summary.contentId), '1_thumbnail.jpg'))
    expect([thumb[0], thumb[1]]).toEqual([0xff, 0xd8])
  })

  it('plays VP9 without audio at 23.976 fps: H.264 with a silent AAC track, word timings from the JSON', async () => {
    const summary = await ingestSource(app().ctx, {
      media: f('silent.webm'),
      subtitles: f('silent.json'),
      metadata: { name: 'Silent VP9' },
    })
    expect(summary.timedCues).toBe(1)
    const clip = path.join(mediaDir(summary.contentId), '1.mp4')
    expect(
      probe(clip)
        .streams.map((s) => s.codec_name)
        .sort(),
    ).toEqual(['aac', 'h264'])
    const segment = JSON.parse(
      await readFile(path.join(mediaDir(summary.contentId), 'segment_1.json'), 'utf8'),
    )
    // clip starts 0.25 s before the speech: word times shift by the same amount
    expect(segment).toEqual({
      segments: [
        {
          index: 0,
          start: 0.25,
          end: 2.25,
          words: [
            { word: 'Break', start: 0.35, end: 0.85 },
            { word: 'a', start: 0.95, end: 1.05 },
            { word: 'leg!', start: 1.15, end: 1.85 },
          ],
        },
      ],
    })
  })

  it('plays HEVC at 12.5 fps and AV1 sources as H.264, with .msrt languages normalised to two letters', async () => {
    const hevc = await ingestSource(app().ctx, {
      media: f('hevc.mkv'),
      subtitles: f('hevc.msrt'),
      metadata: { name: 'HEVC' },
    })
    expect(hevc.languages).toEqual(['ar', 'fr'])
    expect(
      probe(path.join(mediaDir(hevc.contentId), '1.mp4'))
        .streams.map((s) => s.codec_name)
        .sort(),
    ).toEqual(['aac', 'h264'])
    const langs = await app().db.query<{ language: string }>(
      'select t.language from chunk_translations t join content_chunks c on c.id = t.chunk_id where c.content_metadata_id = $1 order by 1',
      [hevc.contentId],
    )
    expect(langs.rows.map((r) => r.language)).toEqual(['ar', 'fr'])
    const av1 = await ingestSource(app().ctx, {
      media: f('av1.webm'),
      subtitles: f('av1.srt'),
      metadata: { name: 'AV1' },
      maxHeight: 121,
    })
    const info = probe(path.join(mediaDir(av1.contentId), '1.mp4'))
    expect(info.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    // scaled down to the height asked for, rounded to an even number as H.264 4:2:0 needs
    expect(info.streams.find((s) => s.codec_type === 'video')!.height).toBe(120)
    expect(Math.abs(Number(info.format.duration) - 3)).toBeLessThan(0.1)
  })

  it.each([
    ['a missing media file', { media: 'nope.mp4' }, 'nope.mp4: file not found'],
    ['a missing subtitle file', { subtitles: 'nope.srt' }, 'nope.srt: file not found'],
    ['unreadable media', { media: 'notmedia.mp4' }, 'notmedia.mp4: unreadable media'],
    [
      'malformed subtitles',
      { sub: '1\n00:00:01,000 -> 00:00:02,000\nHi\n' },
      "bad.srt:2: expected a timing line like '00:00:01,000 --> 00:00:04,000', found '00:00:01,000 -> 00:00:02,000'",
    ],
    [
      'overlapping cues',
      { sub: '1\n00:00:01,000 --> 00:00:04,000\nA\n\n2\n00:00:02,000 --> 00:00:05,000\nB\n' },
      'bad.srt:6: cue overlaps the cue before it (line 2) by 2.000s',
    ],
    [
      'negative times',
      { sub: '1\n-00:00:01,000 --> 00:00:02,000\nHi\n' },
      "bad.srt:2: negative time '-00:00:01,000'",
    ],
    [
      'an empty cue',
      { sub: '1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nHi\n' },
      'bad.srt:2: empty cue',
    ],
    [
      'a cue after the end of the media',
      { sub: '1\n00:01:00,000 --> 00:01:02,000\nLate\n' },
      'bad.srt:2: cue starts at 60.000s, after the end of the media',
    ],
    [
      'a translation without a language',
      { translations: ['film.srt'] },
      'cannot tell the language of this translation',
    ],
    [
      'a bad literal JSON',
      { extras: '{"cues":[{"start":1,"end":2,"translations":{"es":{"literal":"x"}}}]}' },
      'bad.json: cues[0].translations.es.literal: expected an array of strings',
    ],
  ] as [
    string,
    { media?: string; subtitles?: string; sub?: string; translations?: string[]; extras?: string },
    string,
  ][])('rejects %s with file, line and reason, writing nothing', async (_label, input, message) => {
    const contents = await count('select count(*) as n from content_metadata')
    const folders = existsSync(app().config.MEDIA_DIR) ? readdirSync(app().config.MEDIA_DIR).length : 0
    if (input.sub) await writeFile(f('bad.srt'), input.sub)
    if (input.extras) await writeFile(f('bad.json'), input.extras)
    const options: IngestOptions = {
      media: f(input.media ?? 'film.mp4'),
      subtitles: input.sub ? f('bad.srt') : f(input.subtitles ?? 'film.srt'),
      translations: input.extras ? [f('bad.json')] : (input.translations ?? []).map(f),
      metadata: { name: 'Bad' },
    }
    await expect(ingestSource(app().ctx, options)).rejects.toThrow(message)
    expect(await count('select count(*) as n from content_metadata')).toBe(contents)
    expect(existsSync(app().config.MEDIA_DIR) ? readdirSync(app().config.MEDIA_DIR).length : 0).toBe(folders)
  })
})
