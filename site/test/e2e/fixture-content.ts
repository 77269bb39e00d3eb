/**
 * Content the browser tests run against: a few content items with real (tiny) media files, segment JSON with
 * word timings, and translations including a right-to-left language.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Pool } from '../../../api/src/db/connect.ts'
import { type FixtureContent, seedContent } from '../../../api/test/fixtures.ts'

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures')

export const E2E_CONTENT: FixtureContent[] = [
  {
    name: 'The Long Road',
    category: 'movie',
    genre: 'Drama',
    year: 2019,
    part: 'Part 1',
    link: 'https://example.org/long-road',
    chunks: [
      {
        text: 'How are you today?',
        translations: {
          fr: {
            phrase: "Comment vas-tu aujourd'hui ?",
            literal: ['Comment', 'es', 'tu', "aujourd'hui"],
            keywords: [{ phrase: 'how are you', translation: 'comment vas-tu' }],
          },
          ar: { phrase: 'كيف حالك اليوم؟', literal: ['كيف', 'أنت', 'حالك', 'اليوم'] },
        },
      },
      { text: "I don't know what you mean." },
      { text: 'Break a leg tonight!' },
    ],
  },
  {
    name: 'Kitchen Stories',
    category: 'series',
    genre: 'Comedy',
    year: 2021,
    chunks: [{ text: 'What do you mean by that?' }, { text: 'Make up your mind, please.' }],
  },
  {
    name: 'Morning Podcast',
    category: 'podcast',
    genre: 'Talk',
    year: 2023,
    chunks: [{ text: 'Good morning, how are you?', chunkType: 'audio' }],
  },
]

/** Seeds `E2E_CONTENT` and writes its media files under `mediaDir`; returns the ids. */
export async function seedE2EContent(
  db: Pool,
  mediaDir: string,
): Promise<{ contentId: number; chunkIds: number[] }[]> {
  const seeded = await seedContent(db, E2E_CONTENT)
  for (const [i, content] of E2E_CONTENT.entries()) {
    const { contentId } = seeded[i]!
    const dir = path.join(mediaDir, String(contentId))
    await mkdir(dir, { recursive: true })
    for (const [order, chunk] of content.chunks.entries()) {
      const n = order + 1
      const audio = chunk.chunkType && chunk.chunkType !== 'video'
      await copyFile(
        path.join(FIXTURES, audio ? 'clip.m4a' : 'clip.mp4'),
        path.join(dir, audio ? `${n}.m4a` : `${n}.mp4`),
      )
      await copyFile(path.join(FIXTURES, 'thumb.jpg'), path.join(dir, `${n}_thumbnail.jpg`))
      await writeFile(path.join(dir, `segment_${n}.json`), JSON.stringify(segmentFor(chunk.text, 2)))
    }
  }
  return seeded
}

/** One segment spanning the clip, words spread evenly over it. */
export function segmentFor(text: string, duration: number): { segments: unknown[] } {
  const words = text.split(/\s+/).filter(Boolean)
  const step = duration / words.length
  return {
    segments: [
      {
        index: 0,
        start: 0,
        end: duration,
        words: words.map((word, i) => ({
          word,
          start: Number((i * step).toFixed(3)),
          end: Number(((i + 1) * step).toFixed(3)),
        })),
      },
    ],
  }
}
