/**
 * The committed demo corpus: seeding an empty database (what `pnpm start` does), what a learner then finds, and
 * `pnpm content demo` replacing it without duplicates.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { RTL_LANGUAGES } from '../../api/src/shared/limits.ts'
import { describeEachDatabase } from '../../api/test/harness.ts'
import { DEMO_CORPUS_DIR } from '../src/demo/corpus.ts'
import { readDemoManifest, removeDemo, seedDemo, seedDemoIfEmpty } from '../src/demo/seed.ts'
import { measureWordTimingError } from '../src/demo/word-timing-error.ts'

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, entry) =>
      n +
      (entry.isDirectory()
        ? folderBytes(path.join(dir, entry.name))
        : statSync(path.join(dir, entry.name)).size),
    0,
  )
}

it('commits a corpus of at least 80 clips from 6 items across categories, under 15 MB', async () => {
  const manifest = await readDemoManifest()
  const clips = manifest.items.flatMap((item) => item.chunks)
  expect(manifest.items.length).toBeGreaterThanOrEqual(6)
  expect(clips.length).toBeGreaterThanOrEqual(80)
  const categories = new Set(manifest.items.map((item) => item.content_category))
  for (const category of ['film', 'series', 'podcast', 'talk', 'news']) expect(categories).toContain(category)
  expect(new Set(manifest.items.map((item) => item.genre)).size).toBeGreaterThanOrEqual(5)
  const podcast = manifest.items.find((item) => item.content_category === 'podcast')!
  expect(podcast.chunks.every((c) => c.chunk_type === 'audio' && c.play_file_name.endsWith('.m4a'))).toBe(
    true,
  )
  expect(folderBytes(DEMO_CORPUS_DIR)).toBeLessThan(15 * 1024 * 1024)
  // translations into at least 5 languages, one right-to-left; Full, Literal and Keywords for most clips
  const languages = new Set(clips.flatMap((c) => c.translations.map((t) => t.language)))
  expect(languages.size).toBeGreaterThanOrEqual(5)
  expect([...languages].some((l) => RTL_LANGUAGES.includes(l))).toBe(true)
  const complete = clips.filter((c) =>
    c.translations.some(
      (t) => t.translation_data && t.translation_literal_data && t.translation_comprehension_data?.length,
    ),
  )
  expect(complete.length / clips.length).toBeGreaterThan(0.9)
  for (const clip of clips) {
    const item = manifest.items.find((i) => i.chunks.includes(clip))!
    const dir = path.join(DEMO_CORPUS_DIR, item.slug)
    for (const file of [clip.play_file_name, clip.segment_file_name, clip.thumbnail_file_name])
      expect(existsSync(path.join(dir, file)), `${item.slug}/${file}`).toBe(true)
    const segment = JSON.parse(readFileSync(path.join(dir, clip.segment_file_name), 'utf8')) as {
      segments: { words: { word: string; start: number; end: number }[] }[]
    }
    const words = segment.segments.flatMap((s) => s.words)
    expect(words.map((w) => w.word).join(' ')).toBe(clip.transcribed_text)
    for (const w of words) {
      expect(w.start).toBeGreaterThanOrEqual(0)
      expect(w.end).toBeLessThanOrEqual(clip.chunk_duration)
    }
  }
})

it('word timings estimated from cue times are closer to the truth than a uniform split', async () => {
  const { estimate, uniform } = measureWordTimingError(await readDemoManifest())
  expect(estimate.words).toBeGreaterThan(300)
  expect(estimate.meanMs).toBeLessThan(uniform.meanMs)
})

it('ships clips browsers play: H.264/AAC MP4 and AAC .m4a', () => {
  const probe = (file: string) =>
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .sort()
  expect(probe(path.join(DEMO_CORPUS_DIR, 'opening-night', '12.mp4'))).toEqual(['aac', 'h264'])
  expect(probe(path.join(DEMO_CORPUS_DIR, 'small-talk-daily', '1.m4a'))).toEqual(['aac'])
})

describeEachDatabase('demo corpus seeding', (app) => {
  const count = async (sql: string) => Number((await app().db.query<{ n: string }>(sql)).rows[0]!.n)

  it('seeds an empty database once, with media in place and every clip searchable', async () => {
    expect(await seedDemoIfEmpty(app().ctx)).toBe(true)
    const manifest = await readDemoManifest()
    const clips = manifest.items.reduce((n, item) => n + item.chunks.length, 0)
    expect(await count('select count(*) as n from content_chunks where enabled')).toBe(clips)
    expect((await app().fetchJson<{ count: number }>('/api/content/chunks/count')).body.count).toBe(clips)
    expect(await seedDemoIfEmpty(app().ctx)).toBe(false)

    const { body } = await app().fetchJson<{ id: number; transcribed_text: string; play_s3_url: string }[]>(
      '/api/search?q=break%20a%20leg',
    )
    const hit = body.find((c) => c.transcribed_text === 'Break a leg!')
    expect(hit).toBeDefined()
    const media = await app().fetch(hit!.play_s3_url)
    expect(media.status).toBe(200)
    const translations = await app().fetchJson<
      { translated_language: string; translation_literal_data: unknown }[]
    >(`/api/content/chunks/${hit!.id}/translations`)
    expect(translations.body.map((t) => t.translated_language)).toEqual(['ar', 'de', 'es', 'fr', 'it'])
    expect(translations.body[0]!.translation_literal_data).toEqual({
      words: [{ '1': 'اكسر' }, { '2': 'ـًا' }, { '3': 'ساق' }],
    })
  })

  it('reseeds (pnpm content demo) without duplicates and leaves other content alone', async () => {
    await app().db.query(
      "insert into content_metadata (name, source_key) values ('Not demo', 'sha256:other')",
    )
    const before = await count('select count(*) as n from content_chunks')
    expect(await removeDemo(app().ctx)).toBe(6)
    expect(await count('select count(*) as n from content_chunks')).toBe(0)
    const seeded = await seedDemo(app().ctx)
    expect(seeded.clips).toBe(before)
    expect(await count('select count(*) as n from content_chunks')).toBe(before)
    expect(await count("select count(*) as n from content_metadata where name = 'Not demo'")).toBe(1)
    expect(await count("select count(*) as n from content_metadata where source_key like 'demo:%'")).toBe(6)
    const dirs = readdirSync(app().config.MEDIA_DIR)
    expect(dirs.length).toBe(6) // the removed items' folders are gone
  })
})

describeEachDatabase('demo corpus seeding from several processes at once', (app) => {
  const count = async (sql: string) => Number((await app().db.query<{ n: string }>(sql)).rows[0]!.n)

  it('seeds once when several processes start together on an empty database', async () => {
    const results = await Promise.all([1, 2, 3].map(() => seedDemoIfEmpty(app().ctx)))
    expect(results.filter(Boolean)).toHaveLength(1)
    const manifest = await readDemoManifest()
    const clips = manifest.items.reduce((n, item) => n + item.chunks.length, 0)
    expect(await count('select count(*) as n from content_metadata')).toBe(manifest.items.length)
    expect(await count('select count(*) as n from content_chunks')).toBe(clips)
  })
})
