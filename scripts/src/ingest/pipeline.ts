/**
 * The ingest pipeline: one media file and its subtitles become clips (media, thumbnail, segment JSON), chunk rows
 * and translations. Idempotent (the source key finds an earlier run) and resumable (finished clips are kept);
 * chunks stay invisible until every clip of the source is in, so nothing half-written is ever shown.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AppContext } from '@phrasereel/api'
import {
  completeIngest,
  createContent,
  existingChunkOrders,
  findIngestedContent,
  insertChunk,
  saveChunkWords,
  withTransaction,
} from '@phrasereel/api/scripts'
import {
  type ClipCut,
  DEFAULT_MAX_HEIGHT,
  MediaError,
  type MediaInfo,
  cutClips,
  probeMedia,
} from './ffmpeg.ts'
import { acquireLease } from './lease.ts'
import { type ClipPlan, DEFAULT_PLAN_OPTIONS, type PlanOptions, planClips, segmentJson } from './plan.ts'
import { readSubtitles } from './subtitles.ts'
import { type TimedTranslation, readTranslationSource, translationsForClip } from './translations.ts'

export interface IngestMetadata {
  name: string
  category?: string | undefined
  genre?: string | undefined
  year?: number | undefined
  part?: string | undefined
  link?: string | undefined
}

export interface IngestOptions {
  media: string
  subtitles: string
  /** Per-language subtitle files (`es:file.srt`, `file.es.srt`) and translation-data JSON files. */
  translations?: string[]
  /** Transcript language of a multi-language `.msrt` (default English). */
  language?: string | undefined
  metadata: IngestMetadata
  /** Largest height of video clips (taller sources are scaled down); default 480. */
  maxHeight?: number
  /** ffmpeg processes at once, each cutting a run of neighbouring clips (default: one per core). */
  jobs?: number
  plan?: Partial<PlanOptions>
  /** Called once the clips are planned, then after every clip (done of total). */
  onProgress?: (done: number, total: number) => void
  /** Called after each clip is stored; tests throw here to interrupt a run. */
  afterClip?: (order: number) => void
  /** Called once when another run of the same source holds it and this one waits (with the holder). */
  onWait?: (holder: string) => void
}

export interface IngestSummary {
  contentId: number
  /** created: new content item; resumed: an interrupted run finished; unchanged: already ingested. */
  status: 'created' | 'resumed' | 'unchanged'
  clips: number
  /** Clips cut in this run (the rest were already there). */
  newClips: number
  chunkType: 'video' | 'audio'
  skippedCues: { line: number; reason: string }[]
  languages: string[]
  /** Length of the source media and of the clips cut this run, in seconds. */
  sourceSeconds: number
  clipSeconds: number
  /** Cues whose word timings were estimated, and cues that came with word timings. */
  estimatedCues: number
  timedCues: number
}

/** A source read, probed and planned, ready to store: every input error has been raised by now. */
export interface PreparedSource {
  options: IngestOptions
  info: MediaInfo
  clips: ClipPlan[]
  translationSources: TimedTranslation[]
  sourceKey: string
  base: Omit<IngestSummary, 'contentId' | 'status' | 'newClips' | 'clipSeconds'>
}

/**
 * Reads the subtitles and translations, probes the media and plans the clips, touching neither the database nor
 * the media folder; throws `CliError`s that name the file, line and reason.
 */
export async function prepareSource(options: IngestOptions): Promise<PreparedSource> {
  await requireFile(options.media)
  const subtitles = await readSubtitles(options.subtitles, { language: options.language })
  const info = await probeMedia(options.media)
  const translationSources: TimedTranslation[] = []
  for (const spec of options.translations ?? [])
    translationSources.push(...(await readTranslationSource(spec)))
  const planOptions = { ...DEFAULT_PLAN_OPTIONS, ...options.plan }
  const clips = planClips(subtitles.cues, info.duration, options.subtitles, planOptions)
  const languages = new Set(subtitles.languages)
  for (const t of translationSources) languages.add(t.language)
  return {
    options,
    info,
    clips,
    translationSources,
    sourceKey: await sourceKeyOf(options, planOptions),
    base: {
      clips: clips.length,
      chunkType: info.hasVideo ? 'video' : 'audio',
      skippedCues: subtitles.skipped,
      languages: [...languages].sort(),
      sourceSeconds: info.duration,
      estimatedCues: clips.reduce((n, clip) => n + clip.cues.filter((cue) => !cue.timedInput).length, 0),
      timedCues: clips.reduce((n, clip) => n + clip.cues.filter((cue) => cue.timedInput).length, 0),
    },
  }
}

/** Ingests one source (see the module comment); throws `CliError`s that name the file, line and reason. */
export async function ingestSource(ctx: AppContext, options: IngestOptions): Promise<IngestSummary> {
  return storeSource(ctx, await prepareSource(options))
}

/**
 * Cuts and stores a prepared source: skips it when already complete, resumes it when interrupted. Holds the
 * source's lease meanwhile, so a second run of the same source waits for this one (docs/decisions/044).
 */
export async function storeSource(ctx: AppContext, prepared: PreparedSource): Promise<IngestSummary> {
  const lease = await acquireLease(ctx.db, prepared.sourceKey, {
    ...(prepared.options.onWait ? { onWait: prepared.options.onWait } : {}),
  })
  try {
    return await storeLeased(ctx, prepared)
  } finally {
    // a lease that cannot be deleted (database gone) goes stale in 30 s; never hide the run's own error behind it
    await lease.release().catch(() => {})
  }
}

async function storeLeased(ctx: AppContext, prepared: PreparedSource): Promise<IngestSummary> {
  const { options, info, clips, translationSources, sourceKey, base } = prepared
  const chunkType = base.chunkType
  const existing = await findIngestedContent(ctx.db, sourceKey)
  if (existing?.completed)
    return { ...base, contentId: existing.id, status: 'unchanged', newClips: 0, clipSeconds: 0 }
  const contentId =
    existing?.id ??
    (await createContent(ctx.db, {
      name: options.metadata.name,
      content_category: options.metadata.category ?? null,
      genre: options.metadata.genre ?? null,
      release_year: options.metadata.year ?? null,
      content_part: options.metadata.part ?? null,
      external_link: options.metadata.link ?? null,
      source_key: sourceKey,
    }))
  const done = await existingChunkOrders(ctx.db, contentId)
  const dir = path.join(ctx.config.MEDIA_DIR, String(contentId))
  await mkdir(dir, { recursive: true })
  // scratch folders of a run that was killed outright (its `finally` never ran)
  for (const name of await readdir(dir))
    if (name.startsWith('.partial-')) await rm(path.join(dir, name), { recursive: true, force: true })

  let finished = 0
  let newClips = 0
  let clipSeconds = 0
  options.onProgress?.(0, clips.length)
  // clips stored by an earlier run whose media is still there need nothing; the rest are cut in runs
  const pending: ClipPlan[] = []
  for (const clip of clips) {
    if (done.has(clip.order) && (await exists(path.join(dir, fileNames(clip.order, chunkType).play)))) {
      options.afterClip?.(clip.order)
      options.onProgress?.(++finished, clips.length)
    } else pending.push(clip)
  }
  const jobs = options.jobs ?? defaultJobs()
  const runs = groupClips(pending, jobs, maxRunClips(info, options.maxHeight))
  await runPool(runs, jobs, async (group) => {
    await renderClips(options.media, info, group, dir, chunkType, options.maxHeight, async (clip) => {
      clipSeconds += clip.end - clip.start
      if (!done.has(clip.order)) {
        await storeClip(ctx, contentId, clip, chunkType, translationSources)
        newClips++
      }
      options.afterClip?.(clip.order)
      options.onProgress?.(++finished, clips.length)
    })
  })
  // visible, totals recounted and the search index(es) told, in one place in api
  await completeIngest(ctx, contentId)
  return { ...base, contentId, status: existing ? 'resumed' : 'created', newClips, clipSeconds }
}

/** Inserts one clip's chunk row, translations and word timings in one transaction (disabled until complete). */
async function storeClip(
  ctx: AppContext,
  contentId: number,
  clip: ClipPlan,
  chunkType: 'video' | 'audio',
  translationSources: TimedTranslation[],
): Promise<void> {
  const names = fileNames(clip.order, chunkType)
  await withTransaction(ctx.db, async (client) => {
    const chunkId = await insertChunk(
      client,
      contentId,
      {
        chunk_order: clip.order,
        play_file_name: names.play,
        segment_file_name: names.segment,
        thumbnail_file_name: names.thumbnail,
        chunk_type: chunkType,
        chunk_duration: Math.round((clip.end - clip.start) * 1000) / 1000,
        source_start: clip.start,
        source_end: clip.end,
        transcribed_text: clip.text,
        word_count: clip.wordCount,
      },
      translationsForClip(clip, translationSources),
    )
    await saveChunkWords(
      client,
      chunkId,
      segmentJson(clip).segments.flatMap((s) => s.words),
    )
  })
}

/**
 * Clips cut by one ffmpeg process at most at 480p; more share one decode but start later and balance worse. Each
 * clip has its own x264 encoder (about 55 MB at 480p), so taller output gets shorter runs (`maxRunClips`).
 */
const MAX_RUN_CLIPS = 12

/** Longest run for this source and height cap: 12 clips at 480p or less, 5 at 720p, 2 at 1080p and above. */
export function maxRunClips(info: MediaInfo, maxHeight = DEFAULT_MAX_HEIGHT): number {
  if (!info.hasVideo) return MAX_RUN_CLIPS
  const height = Math.min(maxHeight, info.height ?? maxHeight)
  return Math.max(2, Math.min(MAX_RUN_CLIPS, Math.floor(MAX_RUN_CLIPS * (480 / height) ** 2)))
}
/** A gap between neighbouring clips longer than this (seconds) starts a new run: seeking beats decoding it. */
const MAX_RUN_GAP = 5

/** Default parallel ffmpeg processes: one per core. */
export function defaultJobs(): number {
  return Math.max(1, os.availableParallelism())
}

/**
 * Splits clips (in source order) into runs of neighbours for `cutClips`: at most `maxClips`, fewer when that
 * keeps every one of `jobs` processes busy, and never across a long gap.
 */
export function groupClips(clips: ClipPlan[], jobs: number, maxClips = MAX_RUN_CLIPS): ClipPlan[][] {
  const size = Math.max(1, Math.min(maxClips, Math.ceil(clips.length / (2 * Math.max(1, jobs)))))
  const groups: ClipPlan[][] = []
  for (const clip of clips) {
    const last = groups.at(-1)
    if (
      last &&
      last.length < size &&
      clip.start - last.at(-1)!.end <= MAX_RUN_GAP &&
      clip.order > last.at(-1)!.order
    )
      last.push(clip)
    else groups.push([clip])
  }
  return groups
}

/** File names of clip `order` (spec §5 and §7.2: digits + .mp4, segment_{N}.json, {N}_thumbnail.jpg). */
export function fileNames(order: number, chunkType: 'video' | 'audio') {
  const n = order + 1
  return {
    play: chunkType === 'video' ? `${n}.mp4` : `${n}.m4a`,
    segment: `segment_${n}.json`,
    thumbnail: `${n}_thumbnail.jpg`,
  }
}

/**
 * Cuts a run of clips (in source order) with one ffmpeg process into a scratch folder, writes their segment JSON,
 * then renames each clip's files into `dir` and calls `stored` for it, in order; a crash never leaves a truncated
 * file under a final name, and files of clips after a failing `stored` are dropped with the scratch folder.
 */
export async function renderClips(
  media: string,
  info: MediaInfo,
  clips: ClipPlan[],
  dir: string,
  chunkType: 'video' | 'audio',
  maxHeight: number | undefined,
  stored: (clip: ClipPlan) => Promise<void> | void = () => {},
): Promise<void> {
  if (clips.length === 0) return
  const scratch = path.join(dir, `.partial-${clips[0]!.order + 1}-${process.pid}`)
  await mkdir(scratch, { recursive: true })
  try {
    const cuts: ClipCut[] = clips.map((clip) => {
      const names = fileNames(clip.order, chunkType)
      const first = clip.cues[0]!
      const duration = clip.end - clip.start
      const at = Math.min(
        Math.max(0, (first.start + first.end) / 2 - clip.start),
        Math.max(0, duration - 0.1),
      )
      return {
        start: clip.start,
        end: clip.end,
        output: path.join(scratch, names.play),
        thumbnail: { at, output: path.join(scratch, names.thumbnail) },
      }
    })
    await cutClips(media, info, cuts, maxHeight)
    for (const clip of clips) {
      const names = fileNames(clip.order, chunkType)
      await writeFile(path.join(scratch, names.segment), `${JSON.stringify(segmentJson(clip))}\n`)
      for (const name of [names.segment, names.thumbnail, names.play])
        await rename(path.join(scratch, name), path.join(dir, name))
      await stored(clip)
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** Writes one clip's media, thumbnail and segment JSON into `dir` (the demo corpus generator cuts clip by clip). */
export async function renderClip(
  media: string,
  info: MediaInfo,
  clip: ClipPlan,
  dir: string,
  names: ReturnType<typeof fileNames>,
  maxHeight?: number,
): Promise<void> {
  const chunkType = names.play.endsWith('.mp4') ? 'video' : 'audio'
  await renderClips(media, info, [clip], dir, chunkType, maxHeight)
}

async function sourceKeyOf(options: IngestOptions, plan: PlanOptions): Promise<string> {
  const hash = createHash('sha256')
  hash.update(await hashFile(options.media))
  hash.update(await readFile(options.subtitles))
  for (const spec of options.translations ?? []) {
    const file = spec.replace(/^[A-Za-z]{2,3}(?:[-_][A-Za-z]{2,4})?:(?![\\/])/, '')
    hash.update(`\0${path.basename(spec)}\0`)
    hash.update(await readFile(file).catch(() => ''))
  }
  hash.update(
    JSON.stringify({ language: options.language ?? 'en', plan, maxHeight: options.maxHeight ?? null }),
  )
  return `sha256:${hash.digest('hex')}`
}

function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (data) => hash.update(data))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })
}

async function requireFile(file: string): Promise<void> {
  try {
    const stats = await stat(file)
    if (!stats.isFile()) throw new MediaError(file, 'not a file')
  } catch (error) {
    if (error instanceof MediaError) throw error
    throw new MediaError(file, 'file not found')
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}

/** Runs `work` over `items` with at most `size` at a time; the first failure stops new work and is rethrown. */
async function runPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failure: unknown = null
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (error) {
        failure ??= error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, worker))
  if (failure !== null) throw failure
}
