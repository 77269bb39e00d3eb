/** `pnpm content ingest`: cut a media file and its subtitles into clips with word timings and translations. */
import { parseArgs } from 'node:util'
import { openContext } from '../cli/context.ts'
import { UsageError } from '../cli/errors.ts'
import { ProgressBar } from '../cli/progress.ts'
import { type IngestSummary, defaultJobs, prepareSource, storeSource } from '../ingest/pipeline.ts'

export const help = `Usage: pnpm content ingest --media FILE --subtitles FILE --name NAME [options]

Cuts the media into clips (one per subtitle cue; very short neighbouring cues merge), writes clip media
(H.264/AAC MP4, or AAC .m4a for audio-only sources), thumbnails and segment JSON with word timings, stores
chunks and translations and indexes them. Running it again on the same source adds nothing; an interrupted
run continues where it stopped; a run started while another ingests the same source waits for it.

Required:
  --media FILE            video or audio file (anything ffmpeg reads: mp4, mkv, webm, mov, mp3, m4a, wav…)
  --subtitles FILE        SRT, WebVTT, multi-language .msrt ([eng]-prefixed lines) or word-timed JSON
                          ({ "segments": [ { "start", "end", "text", "words": [ { "word", "start", "end" } ] } ] })
  --name NAME             content name

Options:
  --translations FILE     repeatable: a subtitle file in another language, aligned to the clips by time
                          (language from 'es:FILE', a name like movie.es.srt, or a WebVTT Language header),
                          or a translation-data .json with Full, Literal and Keywords per cue
  --language CODE         transcript language of a .msrt file (default: en)
  --category TEXT         e.g. film, series, podcast, talk, news
  --genre TEXT
  --year YYYY
  --part TEXT             e.g. S01E02
  --link URL              source page ('View Source')
  --max-height PX         largest clip height; taller video is scaled down (default 480)
  --jobs N                ffmpeg processes at once, each cutting a run of clips (default: one per core)
  --padding SECONDS       silence kept around the speech of a clip when neighbours allow (default 0.25)
  -h, --help

Environment: DATA_DIR / DATABASE_URL as the server; FFMPEG_PATH, FFPROBE_PATH (default: from PATH).`

/** Parses the flags, runs the pipeline with a progress bar and prints a summary. */
export async function run(argv: string[]): Promise<number> {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(argv).values
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  for (const flag of ['media', 'subtitles', 'name'] as const)
    if (!values[flag]?.trim()) throw new UsageError(`--${flag} is required\n\n${help}`)
  const year = values.year === undefined ? undefined : Number(values.year)
  if (year !== undefined && !(Number.isInteger(year) && year >= 1800 && year <= 2200))
    throw new UsageError(`--year must be a year between 1800 and 2200, got '${values.year}'`)
  const jobs = values.jobs === undefined ? defaultJobs() : Number(values.jobs)
  if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 32)) throw new UsageError('--jobs must be 1 to 32')
  const maxHeight = values['max-height'] === undefined ? undefined : Number(values['max-height'])
  if (maxHeight !== undefined && !(Number.isInteger(maxHeight) && maxHeight >= 144 && maxHeight <= 2160))
    throw new UsageError('--max-height must be a whole number of pixels from 144 to 2160')
  const padding = values.padding === undefined ? undefined : Number(values.padding)
  if (padding !== undefined && !(padding >= 0 && padding <= 2))
    throw new UsageError('--padding must be 0 to 2 seconds')
  if (values.link && !URL.canParse(values.link))
    throw new UsageError(`--link must be a URL, got '${values.link}'`)

  const started = Date.now()
  let bar: ProgressBar | null = null
  // bad input fails here, before the database is opened or a file is written
  const prepared = await prepareSource({
    media: values.media!,
    subtitles: values.subtitles!,
    translations: values.translations ?? [],
    language: values.language,
    metadata: {
      name: values.name!.trim(),
      category: values.category,
      genre: values.genre,
      year,
      part: values.part,
      link: values.link,
    },
    jobs,
    ...(maxHeight !== undefined ? { maxHeight } : {}),
    ...(padding !== undefined ? { plan: { padding } } : {}),
    onWait: (holder) =>
      console.log(`Another ingest of this source is running (${holder}); waiting for it to finish…`),
    onProgress: (done, total) => {
      bar ??= new ProgressBar('Cutting clips', total)
      if (done > 0) bar.tick()
    },
  })
  const { ctx, close } = await openContext()
  try {
    const summary = await storeSource(ctx, prepared)
    ;(bar as ProgressBar | null)?.finish()
    console.log(formatSummary(summary, (Date.now() - started) / 1000))
    return 0
  } finally {
    ;(bar as ProgressBar | null)?.finish()
    await close()
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      media: { type: 'string' },
      subtitles: { type: 'string' },
      translations: { type: 'string', multiple: true },
      language: { type: 'string' },
      name: { type: 'string' },
      category: { type: 'string' },
      genre: { type: 'string' },
      year: { type: 'string' },
      part: { type: 'string' },
      link: { type: 'string' },
      jobs: { type: 'string' },
      'max-height': { type: 'string' },
      padding: { type: 'string' },
    },
  })
}

/** The lines printed after a run. */
export function formatSummary(summary: IngestSummary, seconds: number): string {
  const what = {
    created: 'Ingested',
    resumed: 'Resumed and finished',
    unchanged: 'Already ingested, nothing to do:',
  }[summary.status]
  const lines = [
    `${what} content ${summary.contentId}: ${summary.clips} ${summary.chunkType} clips (${summary.newClips} cut now)`,
    `  source ${summary.sourceSeconds.toFixed(1)}s, cut ${summary.clipSeconds.toFixed(1)}s of clips in ${seconds.toFixed(1)}s`,
    `  word timings: ${summary.estimatedCues} cues estimated, ${summary.timedCues} taken from the input`,
    `  translations: ${summary.languages.length > 0 ? summary.languages.join(', ') : 'none'}`,
  ]
  if (summary.skippedCues.length > 0) {
    const shown = summary.skippedCues.slice(0, 5).map((s) => `line ${s.line} (${s.reason})`)
    lines.push(
      `  skipped ${summary.skippedCues.length} cues: ${shown.join('; ')}${summary.skippedCues.length > 5 ? '; …' : ''}`,
    )
  }
  return lines.join('\n')
}
