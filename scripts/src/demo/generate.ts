/**
 * Generates the committed demo corpus (`scripts/demo-corpus/`) from `script.ts`:
 * `node scripts/src/demo/generate.ts`. Needs espeak-ng and ffmpeg; seeding the corpus later needs neither.
 *
 * Speech is synthesised word by word with espeak-ng and joined with short pauses, so the true time of every word
 * is known exactly (the reference for the word-timing error in docs/word-timing.md). Video items are rendered as
 * a coloured background with the title and the spoken line as captions; the podcast is audio only. The clips are
 * then cut by the same code as `pnpm content ingest` (plan, ffmpeg cut, thumbnail, segment JSON, translations).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { probeMedia } from '../ingest/ffmpeg.ts'
import { fileNames, renderClip } from '../ingest/pipeline.ts'
import { planClips } from '../ingest/plan.ts'
import type { Cue, TimedWord } from '../ingest/subtitles.ts'
import { splitWords } from '../ingest/text.ts'
import { type TimedTranslation, translationsForClip } from '../ingest/translations.ts'
import { round } from '../ingest/word-timing.ts'
import { DEMO_CORPUS_DIR, type DemoManifest, type DemoManifestItem } from './corpus.ts'
import { DEMO_ITEMS, DEMO_LANGUAGES, type DemoItem } from './script.ts'

const RATE = 22050
const WORD_GAP = 0.06
const COMMA_GAP = 0.22
const LINE_GAP = 1.1
const LEAD = 0.8
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'

/** PCM samples (16-bit mono at RATE) of a WAV file espeak-ng wrote. */
function wavSamples(bytes: Buffer): Int16Array {
  let offset = 12
  while (offset < bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4)
    const size = bytes.readUInt32LE(offset + 4)
    if (id === 'data') {
      const length = Math.min(size, bytes.length - offset - 8) >> 1
      const out = new Int16Array(length)
      for (let i = 0; i < length; i++) out[i] = bytes.readInt16LE(offset + 8 + i * 2)
      return out
    }
    offset += 8 + size
  }
  throw new Error('WAV without data chunk')
}

function wavFile(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + samples.length * 2, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(RATE, 24)
  header.writeUInt32LE(RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(samples.length * 2, 40)
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)])
}

/** One word spoken by espeak-ng, with the silence around it cut off. */
function speakWord(word: string, voice: string, scratch: string, cache: Map<string, Int16Array>): Int16Array {
  const key = `${voice}\0${word}`
  const cached = cache.get(key)
  if (cached) return cached
  const file = path.join(scratch, 'word.wav')
  execFileSync('espeak-ng', ['-v', voice, '-s', '150', '-w', file, word])
  const samples = wavSamples(readFileSync(file))
  const threshold = 400
  let first = 0
  let last = samples.length - 1
  while (first < samples.length && Math.abs(samples[first]!) < threshold) first++
  while (last > first && Math.abs(samples[last]!) < threshold) last--
  const margin = Math.round(0.01 * RATE)
  const trimmed = samples.slice(Math.max(0, first - margin), Math.min(samples.length, last + margin))
  cache.set(key, trimmed)
  return trimmed
}

interface SpokenLine {
  start: number
  end: number
  text: string
  words: TimedWord[]
  voice: string
}

/** The whole item as one track, with the true time of every word. */
function speakItem(
  item: DemoItem,
  scratch: string,
): { samples: Int16Array; lines: SpokenLine[]; duration: number } {
  const cache = new Map<string, Int16Array>()
  const chunks: Int16Array[] = []
  let t = 0
  const silence = (seconds: number) => {
    chunks.push(new Int16Array(Math.round(seconds * RATE)))
    t += Math.round(seconds * RATE) / RATE
  }
  silence(LEAD)
  const lines = item.lines.map(([text], index): SpokenLine => {
    const voice = item.voices[index % item.voices.length]!
    const words: TimedWord[] = []
    splitWords(text).forEach((word, i, all) => {
      const audio = speakWord(word.replace(/[^\p{L}\p{N}'’-]/gu, ''), voice, scratch, cache)
      const start = t
      chunks.push(audio)
      t += audio.length / RATE
      words.push({ word, start: round(start), end: round(t) })
      if (i < all.length - 1) silence(/[,;:]$/.test(word) ? COMMA_GAP : WORD_GAP)
    })
    const line = { start: words[0]!.start, end: words.at(-1)!.end, text, words, voice }
    silence(LINE_GAP)
    return line
  })
  const total = chunks.reduce((n, c) => n + c.length, 0)
  const samples = new Int16Array(total)
  let offset = 0
  for (const c of chunks) {
    samples.set(c, offset)
    offset += c.length
  }
  return { samples, lines, duration: total / RATE }
}

/** A drawtext-safe copy of a caption, written to a file (textfile= avoids filter escaping). */
async function captionFile(scratch: string, index: number, text: string): Promise<string> {
  const file = path.join(scratch, `caption-${index}.txt`)
  await writeFile(file, text.replace(/%/g, '%%'))
  return file
}

async function renderSource(
  item: DemoItem,
  wav: string,
  lines: SpokenLine[],
  duration: number,
  scratch: string,
): Promise<string> {
  if (item.audioOnly) {
    const out = path.join(scratch, 'source.m4a')
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', wav, '-c:a', 'aac', '-b:a', '96k', out])
    return out
  }
  const title = await captionFile(scratch, -1, [item.name, item.part].filter(Boolean).join(' · '))
  const filters = [
    `drawtext=fontfile=${FONT}:textfile=${title}:fontsize=14:fontcolor=white@0.8:x=12:y=10`,
    `drawbox=x=0:y=ih-70:w=iw:h=70:color=black@0.45:t=fill`,
  ]
  for (const [i, line] of lines.entries()) {
    const file = await captionFile(scratch, i, line.text)
    const speaker = item.voices.length > 1 ? (i % 2 === 0 ? 'yellow' : 'cyan') : 'white'
    filters.push(
      `drawtext=fontfile=${FONT}:textfile=${file}:fontsize=18:fontcolor=${speaker}:x=(w-text_w)/2:y=h-45:` +
        `enable='between(t,${Math.max(0, line.start - 0.3).toFixed(2)},${(line.end + 0.3).toFixed(2)})'`,
    )
  }
  const out = path.join(scratch, 'source.mp4')
  execFileSync('ffmpeg', [
    ...[
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=${item.colour}:s=426x240:r=24:d=${duration.toFixed(3)}`,
    ],
    ...['-i', wav, '-vf', filters.join(','), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'],
    ...['-c:a', 'aac', '-b:a', '128k', '-shortest', out],
  ])
  return out
}

function checkLiterals(items: DemoItem[]): void {
  const problems: string[] = []
  for (const item of items)
    for (const [text, , translations] of item.lines)
      for (const language of DEMO_LANGUAGES) {
        const glosses = translations[language][1].split('|')
        const words = splitWords(text).length
        if (glosses.length !== words)
          problems.push(`${item.slug} "${text}" ${language}: ${glosses.length} glosses for ${words} words`)
      }
  if (problems.length > 0) throw new Error(`literal glosses do not match the words:\n${problems.join('\n')}`)
}

async function generateItem(item: DemoItem, outDir: string): Promise<DemoManifestItem> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), `demo-${item.slug}-`))
  try {
    const spoken = speakItem(item, scratch)
    const wav = path.join(scratch, 'speech.wav')
    await writeFile(wav, wavFile(spoken.samples))
    const source = await renderSource(item, wav, spoken.lines, spoken.duration, scratch)
    const info = await probeMedia(source)
    const cues: Cue[] = spoken.lines.map((line, i) => ({
      start: line.start,
      end: line.end,
      text: line.text,
      line: i + 1,
      words: line.words,
      translations: {},
    }))
    const translations: TimedTranslation[] = spoken.lines.flatMap((line, i) =>
      DEMO_LANGUAGES.map((language) => {
        const [full, literal, keyword] = item.lines[i]![2][language]
        return {
          start: line.start,
          end: line.end,
          language,
          full,
          literal: literal.split('|'),
          keywords: [{ phrase: item.lines[i]![1], translation: keyword }],
        }
      }),
    )
    const clips = planClips(cues, info.duration, `${item.slug} (generated)`)
    const chunkType = item.audioOnly ? 'audio' : 'video'
    const dir = path.join(outDir, item.slug)
    await rm(dir, { recursive: true, force: true })
    await mkdir(dir, { recursive: true })
    const chunks: DemoManifestItem['chunks'] = []
    for (const clip of clips) {
      const names = fileNames(clip.order, chunkType)
      await renderClip(source, info, clip, dir, names)
      const segment = JSON.parse(await readFile(path.join(dir, names.segment), 'utf8')) as {
        segments: { words: TimedWord[] }[]
      }
      chunks.push({
        chunk_order: clip.order,
        play_file_name: names.play,
        segment_file_name: names.segment,
        thumbnail_file_name: names.thumbnail,
        chunk_type: chunkType,
        chunk_duration: round(clip.end - clip.start),
        source_start: clip.start,
        source_end: clip.end,
        transcribed_text: clip.text,
        word_count: clip.wordCount,
        words: segment.segments.flatMap((s) => s.words),
        translations: translationsForClip(clip, translations),
      })
    }
    console.log(
      `${item.slug}: ${chunks.length} ${chunkType} clips from ${spoken.duration.toFixed(1)}s of speech`,
    )
    return {
      slug: item.slug,
      name: item.name,
      content_category: item.category,
      genre: item.genre,
      release_year: item.year,
      content_part: item.part,
      external_link: item.link,
      chunks,
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** Regenerates every item and the manifest. */
export async function generateDemoCorpus(outDir = DEMO_CORPUS_DIR): Promise<DemoManifest> {
  checkLiterals(DEMO_ITEMS)
  const items: DemoManifestItem[] = []
  for (const item of DEMO_ITEMS) items.push(await generateItem(item, outDir))
  const version = (command: string) =>
    execFileSync(command, [command === 'ffmpeg' ? '-version' : '--version'], { encoding: 'utf8' })
      .split('\n')[0]!
      .trim()
  const manifest: DemoManifest = {
    generated_with: { espeak: version('espeak-ng'), ffmpeg: version('ffmpeg') },
    languages: DEMO_LANGUAGES,
    items,
  }
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`)
  return manifest
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generateDemoCorpus().then(
    (manifest) => {
      const clips = manifest.items.reduce((n, item) => n + item.chunks.length, 0)
      console.log(`demo corpus: ${manifest.items.length} items, ${clips} clips in ${DEMO_CORPUS_DIR}`)
    },
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
