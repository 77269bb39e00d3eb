/**
 * Builds one export file off the request path (docs/decisions/091): reads the clips, cuts their audio and pictures
 * with ffmpeg in batches (child processes, so the event loop stays free), writes the Anki package or the CSV under
 * `DATA_DIR/exports/`, and records progress on the job row as it goes.
 */
import { constants } from 'node:fs'
import { access, copyFile, mkdir, open, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { findCollection, findMemberRows } from '../collections/collection-store.ts'
import type { AppContext } from '../context.ts'
import { mediaUrl } from '../media/media-url.ts'
import { searchChunks } from '../search/search.ts'
import { locateMatch } from '../search/match.ts'
import { QueryError, tokenize } from '../search/terms.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import type { ExportSummary } from '../shared/wire.ts'
import { ANKI_FIELDS, type AnkiDeck, type AnkiNote, writeCollection, writePackage } from './anki-package.ts'
import { countMarked, listMarked } from '../user-content/user-content.ts'
import { UTF8_BOM, csvRecord } from './csv.ts'
import {
  type ExportClip,
  type ExportRow,
  findExportClips,
  markExportRunning,
  recordExportProgress,
} from './export-store.ts'
import { cutMedia, findFfmpeg, type MediaCut } from './media-cut.ts'

/** A failure whose message is fit to show to the user as the job's detail. */
export class ExportFailure extends Error {
  override name = 'ExportFailure'
}

/** One note to write: the clip, the phrase it is for and the words of the line that say it. */
interface ExportItem {
  clip: ExportClip
  phrase: string
  /** First and last word (0-based, inclusive) of the transcript split on white space; null: the whole line. */
  words: [number, number] | null
}

/** The file a job made. */
export interface BuiltExport {
  path: string
  size: number
  fileName: string
  summary: ExportSummary
}

/** Where the exports of this app live. */
export function exportsDir(ctx: AppContext): string {
  return path.join(ctx.config.DATA_DIR, 'exports')
}

/** The file of a finished job on disk. */
export function exportFilePath(ctx: AppContext, job: Pick<ExportRow, 'id' | 'format'>): string {
  return path.join(exportsDir(ctx), `${job.id}.${job.format}`)
}

/** Builds the file of `job`; throws `ExportFailure` for a reason to show, anything else for a fault. */
export async function buildExport(
  ctx: AppContext,
  job: ExportRow,
  signal: AbortSignal,
): Promise<BuiltExport> {
  const collected = await collectItems(ctx, job)
  if (collected.items.length === 0) throw new ExportFailure(MESSAGES.exportNothing)
  await markExportRunning(ctx.db, job.id, collected.items.length, ctx.now())
  await mkdir(exportsDir(ctx), { recursive: true })
  const output = exportFilePath(ctx, job)
  const summary: ExportSummary = {
    notes: collected.items.length,
    skipped_phrases: collected.skipped,
    missing_media: 0,
    left_out: collected.leftOut,
  }
  if (job.format === 'csv') {
    await writeCsv(ctx, job, collected.items, output, signal)
  } else {
    summary.missing_media = await writeApkg(ctx, job, collected.deckName, collected.items, output, signal)
  }
  const { size } = await stat(output)
  return { path: output, size, fileName: downloadName(collected.fileStem, job.format, ctx.now()), summary }
}

interface Collected {
  items: ExportItem[]
  skipped: string[]
  leftOut: number
  deckName: string
  fileStem: string
}

async function collectItems(ctx: AppContext, job: ExportRow): Promise<Collected> {
  if (job.source === 'saved') {
    // exactly the clips the saved list shows (per clip, newest first: decision 088)
    const total = await countMarked(ctx, 'save', job.user_id)
    const saved = await listMarked(ctx, 'save', job.user_id, { limit: LIMITS.exportMaxClips, offset: 0 })
    const clips = await findExportClips(
      ctx.db,
      saved.map((chunk) => chunk.id),
      job.language,
    )
    return {
      items: clips.map((clip) => ({ clip, phrase: clip.transcript, words: null })),
      skipped: [],
      leftOut: Math.max(0, total - clips.length),
      deckName: 'PhraseReel::Saved clips',
      fileStem: 'phrasereel-saved',
    }
  }
  const collectionId = job.collection_id!
  const collection = await findCollection(ctx.db, collectionId, job.user_id)
  // checked when the job was taken; the collection may have gone private or been deleted since
  if (!collection || (!collection.is_public && collection.ownerId !== job.user_id)) {
    throw new ExportFailure(MESSAGES.collectionNotFound)
  }
  // each phrase with the clip the collection remembers for it (issue 18), else its first search result
  const members = await findMemberRows(ctx.db, collectionId)
  const found: { phrase: string; chunkId: number; words: [number, number] | null }[] = []
  const skipped: string[] = []
  for (const { phrase, chunkId } of members) {
    const hit = chunkId === null ? await firstClip(ctx, phrase) : { chunkId, words: null }
    if (hit) found.push({ phrase, ...hit })
    else skipped.push(phrase)
  }
  const clips = new Map(
    (await findExportClips(ctx.db, [...new Set(found.map((f) => f.chunkId))], job.language)).map((clip) => [
      clip.chunkId,
      clip,
    ]),
  )
  const items: ExportItem[] = []
  for (const entry of found) {
    const clip = clips.get(entry.chunkId)
    if (clip)
      items.push({
        clip,
        phrase: entry.phrase,
        words: entry.words ?? phraseWords(clip.transcript, entry.phrase),
      })
    else skipped.push(entry.phrase) // disabled between the search and this read
  }
  const name = collection.name.replace(/::/g, ':')
  return {
    items,
    skipped,
    leftOut: 0,
    deckName: `PhraseReel::${name}`,
    fileStem: `phrasereel-${slug(collection.name) || `collection-${collectionId}`}`,
  }
}

/** The words of `line` that say `phrase` (a remembered clip's line), or null (the whole line) when it does not. */
function phraseWords(line: string, phrase: string): [number, number] | null {
  const match = locateMatch(line, null, 0, tokenize(phrase))
  return match ? [match.word_start, match.word_end] : null
}

/** The first search result of a phrase (what the collection page plays), or null when none says it. */
async function firstClip(
  ctx: AppContext,
  phrase: string,
): Promise<{ chunkId: number; words: [number, number] } | null> {
  try {
    const result = await searchChunks(ctx, { q: phrase, filters: {}, limit: 1, offset: 0 })
    const hit = result.hits[0]
    return hit ? { chunkId: hit.id, words: [hit.match.word_start, hit.match.word_end] } : null
  } catch (error) {
    // a phrase search cannot run (only punctuation, too long): it has no clip
    if (error instanceof QueryError) return null
    throw error
  }
}

async function writeCsv(
  ctx: AppContext,
  job: ExportRow,
  items: ExportItem[],
  output: string,
  signal: AbortSignal,
): Promise<void> {
  const file = await open(output, 'w')
  try {
    await file.write(
      UTF8_BOM +
        csvRecord([
          'phrase',
          'line',
          'translation',
          'title',
          'part',
          'year',
          'link',
          'audio_url',
          'image_url',
        ]),
    )
    let lines = ''
    for (const [i, item] of items.entries()) {
      const { clip } = item
      lines += csvRecord([
        item.phrase,
        highlightLine(clip.transcript, item.words),
        clip.translation,
        clip.name,
        clip.part,
        clip.year,
        playLink(job, clip),
        absoluteUrl(job.origin, mediaUrl(ctx.mediaBase, clip.contentId, clip.playFile)),
        clip.thumbnailFile
          ? absoluteUrl(job.origin, mediaUrl(ctx.mediaBase, clip.contentId, clip.thumbnailFile))
          : null,
      ])
      if ((i + 1) % 100 === 0 || i === items.length - 1) {
        await file.write(lines)
        lines = ''
        if (signal.aborted) throw signal.reason
        await recordExportProgress(ctx.db, job.id, i + 1, ctx.now())
        await yieldToEventLoop()
      }
    }
  } finally {
    await file.close()
  }
}

/** Writes the deck; answers how many clips are in it without their audio or picture. */
async function writeApkg(
  ctx: AppContext,
  job: ExportRow,
  deckName: string,
  items: ExportItem[],
  output: string,
  signal: AbortSignal,
): Promise<number> {
  const ffmpeg = findFfmpeg(ctx.config.FFMPEG_PATH)
  if (!ffmpeg) throw new ExportFailure(MESSAGES.exportNoFfmpeg)
  const work = path.join(exportsDir(ctx), `${job.id}.work`)
  await rm(work, { recursive: true, force: true })
  await mkdir(work, { recursive: true })
  try {
    // each clip's media once, however many phrases of a collection it says
    const media = new Map<number, { audio: string | null; image: string | null }>()
    let missing = 0
    for (let start = 0; start < items.length; start += LIMITS.exportFfmpegBatch) {
      if (signal.aborted) throw signal.reason
      const batch = items.slice(start, start + LIMITS.exportFfmpegBatch).map((item) => item.clip)
      const cuts: { chunkId: number; cut: MediaCut; image: string | null }[] = []
      for (const clip of batch) {
        if (media.has(clip.chunkId) || cuts.some((c) => c.chunkId === clip.chunkId)) continue
        const dir = path.join(ctx.config.MEDIA_DIR, String(clip.contentId))
        const image = await thumbnailCopy(dir, clip, work)
        const input = path.join(dir, clip.playFile)
        if (!(await readable(input))) {
          media.set(clip.chunkId, { audio: null, image })
          continue
        }
        const frameOut =
          image === null && clip.chunkType === 'video'
            ? path.join(work, `phrasereel_${clip.chunkId}.jpg`)
            : null
        cuts.push({
          chunkId: clip.chunkId,
          cut: { input, audioOut: path.join(work, `phrasereel_${clip.chunkId}.mp3`), frameOut },
          image,
        })
      }
      const made = await cutMedia(
        ffmpeg,
        cuts.map((c) => c.cut),
        signal,
      )
      cuts.forEach((c, i) => {
        media.set(
          c.chunkId,
          made[i]
            ? { audio: c.cut.audioOut, image: c.image ?? c.cut.frameOut }
            : { audio: null, image: c.image },
        )
      })
      await recordExportProgress(
        ctx.db,
        job.id,
        Math.min(items.length, start + LIMITS.exportFfmpegBatch),
        ctx.now(),
      )
      await yieldToEventLoop()
    }
    const notes: AnkiNote[] = []
    const files = new Map<string, string>()
    for (const item of items) {
      const made = media.get(item.clip.chunkId) ?? { audio: null, image: null }
      const audio = made.audio ? path.basename(made.audio) : null
      const image = made.image ? path.basename(made.image) : null
      if (!audio || (!image && item.clip.chunkType === 'video')) missing += 1
      if (made.audio && audio) files.set(audio, made.audio)
      if (made.image && image) files.set(image, made.image)
      notes.push(toNote(job, item, audio, image))
    }
    const deck: AnkiDeck = {
      name: deckName,
      notes,
      media: [...files].map(([name, file]) => ({ name, path: file })),
    }
    const collectionFile = path.join(work, 'collection.anki2')
    writeCollection(collectionFile, deck, ctx.now())
    await writePackage(output, collectionFile, deck)
    return missing
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** The clip's thumbnail copied into the work folder under the name the note uses, or null when it has none. */
async function thumbnailCopy(dir: string, clip: ExportClip, work: string): Promise<string | null> {
  if (!clip.thumbnailFile) return null
  const source = path.join(dir, clip.thumbnailFile)
  if (!(await readable(source))) return null
  const ext = path.extname(clip.thumbnailFile).toLowerCase() || '.jpg'
  const target = path.join(work, `phrasereel_${clip.chunkId}${ext}`)
  await copyFile(source, target)
  return target
}

async function readable(file: string): Promise<boolean> {
  return access(file, constants.R_OK).then(
    () => true,
    () => false,
  )
}

function toNote(job: ExportRow, item: ExportItem, audio: string | null, image: string | null): AnkiNote {
  const { clip } = item
  const link = playLink(job, clip)
  const fields: Record<(typeof ANKI_FIELDS)[number], string> = {
    Phrase: escapeHtml(item.phrase),
    Line: highlightLine(clip.transcript, item.words),
    Translation: escapeHtml(clip.translation ?? ''),
    Audio: audio ? `[sound:${audio}]` : '',
    Image: image ? `<img src="${escapeHtml(image)}">` : '',
    Source: escapeHtml(sourceText(clip)),
    Link: `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
  }
  return {
    guid: `pr${clip.chunkId}-${shortHash(item.phrase)}`,
    fields: ANKI_FIELDS.map((name) => fields[name]),
    tags: ['PhraseReel'],
  }
}

/** The line as HTML, its words `first`…`last` in `<b>` (the whole line when no range is given). */
export function highlightLine(transcript: string, words: [number, number] | null): string {
  const parts = transcript.split(/\s+/).filter((word) => word.length > 0)
  const [first, last] = words ?? [0, parts.length - 1]
  return parts
    .map((word, i) => {
      const text = escapeHtml(word)
      if (i === first && i === last) return `<b>${text}</b>`
      if (i === first) return `<b>${text}`
      if (i === last) return `${text}</b>`
      return text
    })
    .join(' ')
}

/** "Title · Part (Year)". */
function sourceText(clip: ExportClip): string {
  return `${clip.name}${clip.part ? ` · ${clip.part}` : ''}${clip.year ? ` (${clip.year})` : ''}`
}

function playLink(job: ExportRow, clip: ExportClip): string {
  return `${job.origin}/play/${clip.chunkId}`
}

function absoluteUrl(origin: string, url: string): string {
  return new URL(url, `${origin}/`).toString()
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function shortHash(text: string): string {
  let hash = 0x811c9dc5
  for (const char of text) {
    hash ^= char.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36)
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
}

/** The name the download is saved under: `phrasereel-saved-2026-11-25.apkg`. */
function downloadName(stem: string, format: ExportRow['format'], now: Date): string {
  return `${stem}-${now.toISOString().slice(0, 10)}.${format}`
}
