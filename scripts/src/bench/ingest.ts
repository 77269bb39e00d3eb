/**
 * `pnpm bench ingest`: minutes of source media the ingest pipeline processes per minute of wall time (goal: at
 * least 10x real time), next to a baseline from the same run: one plain ffmpeg pass re-encoding the whole source
 * with the same scaling and encoder settings. Also prints the word-timing error measured on the demo corpus.
 *
 * The machine is shared, so wall time depends on what else runs. The CPU time the ingest used (its ffmpeg
 * children, read from /proc/self/stat, plus this process) is printed too, with the rate it gives on idle cores.
 *
 * The source is synthetic (ffmpeg testsrc2 + tone) with a subtitle cue every 4 s lasting 2.5 s, like dialogue.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createContext, loadConfig } from '@phrasereel/api'
import { connectDatabase, migrate } from '@phrasereel/api/scripts'
import { UsageError } from '../cli/errors.ts'
import { readDemoManifest } from '../demo/seed.ts'
import { measureWordTimingError } from '../demo/word-timing-error.ts'
import { AUDIO_ENCODE, DEFAULT_MAX_HEIGHT, FASTSTART, VIDEO_ENCODE, videoFilters } from '../ingest/ffmpeg.ts'
import { defaultJobs, ingestSource } from '../ingest/pipeline.ts'

/** CPU seconds used so far by this process and by its children that have ended (ffmpeg runs). */
function cpuSeconds(): { self: number; children: number } {
  const usage = process.cpuUsage()
  let children = 0
  try {
    // fields after the command name: utime stime cutime cstime are fields 14-17 of /proc/self/stat
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
    children = (Number(fields[13]) + Number(fields[14])) / 100 // clock ticks, 100 per second on Linux
  } catch {}
  return { self: (usage.user + usage.system) / 1e6, children }
}

export const help = `Usage: pnpm bench ingest [--minutes N] [--height PX] [--jobs N]

Ingests a synthetic source (default 3 minutes at 720p, a cue every 4 s) into a scratch DATA_DIR with the
embedded database and prints minutes of source per minute of wall time, next to one plain ffmpeg re-encode
of the same source (same scaling and encoder settings) as a baseline, and the word-timing error on the demo corpus.`

function srtTime(seconds: number): string {
  const ms = Math.round(seconds * 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
}

const PHRASES = [
  'How are you today?',
  "I don't know what you mean.",
  'Break a leg out there!',
  'Make up your mind.',
]

/** Runs the benchmark and prints its figures. */
export async function run(argv: string[]): Promise<number> {
  let values: { minutes?: string; height?: string; jobs?: string }
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: { minutes: { type: 'string' }, height: { type: 'string' }, jobs: { type: 'string' } },
    }).values
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${help}`)
  }
  const minutes = Number(values.minutes ?? 3)
  const height = Number(values.height ?? 720)
  const jobs = Number(values.jobs ?? defaultJobs())
  if (!(minutes > 0 && minutes <= 120) || ![240, 360, 480, 720, 1080].includes(height) || !(jobs >= 1))
    throw new UsageError(`bad flags\n\n${help}`)
  const seconds = minutes * 60
  const width = Math.round((height * 16) / 9 / 2) * 2
  const dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-bench-ingest-'))
  try {
    const media = path.join(dir, 'source.mp4')
    console.log(`making a ${minutes} min ${width}x${height} source…`)
    execFileSync('ffmpeg', [
      ...[
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
      ],
      ...[
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=330:duration=${seconds}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
      ],
      ...['-g', '250', '-c:a', 'aac', '-shortest', media],
    ])
    const cues: string[] = []
    for (let t = 1, n = 1; t + 2.5 < seconds; t += 4, n++)
      cues.push(`${n}\n${srtTime(t)} --> ${srtTime(t + 2.5)}\n${PHRASES[n % PHRASES.length]}\n`)
    const subtitles = path.join(dir, 'source.srt')
    await writeFile(subtitles, cues.join('\n'))

    let started = performance.now()
    let cpu = cpuSeconds()
    execFileSync('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y', '-i', media, '-vf', videoFilters({ fps: 25 }, DEFAULT_MAX_HEIGHT)],
      ...[...VIDEO_ENCODE, ...AUDIO_ENCODE, ...FASTSTART, path.join(dir, 'baseline.mp4')],
    ])
    const baseline = (performance.now() - started) / 1000
    const baselineCpu = cpuSeconds().children - cpu.children

    const config = loadConfig({ ...process.env, DATA_DIR: path.join(dir, 'data'), DATABASE_URL: '' })
    const database = await connectDatabase({ dataDir: config.DATA_DIR })
    try {
      await migrate(database.pool)
      const ctx = createContext(config, database)
      const load = os.loadavg()[0]!
      started = performance.now()
      cpu = cpuSeconds()
      const summary = await ingestSource(ctx, { media, subtitles, metadata: { name: 'Bench' }, jobs })
      const wall = (performance.now() - started) / 1000
      const after = cpuSeconds()
      const ffmpegCpu = after.children - cpu.children
      const nodeCpu = after.self - cpu.self
      const cores = os.availableParallelism()
      console.log(
        `ingest: ${summary.clips} clips from ${minutes} min of ${width}x${height} source in ${wall.toFixed(1)} s = ` +
          `${(seconds / wall).toFixed(1)} min of source per minute (goal 10), clips at ${DEFAULT_MAX_HEIGHT}p, ${jobs} jobs, ` +
          `${cores} cores, load average ${load.toFixed(1)} before / ${os.loadavg()[0]!.toFixed(1)} after`,
      )
      console.log(
        `  CPU: ${ffmpegCpu.toFixed(1)} s in ffmpeg + ${nodeCpu.toFixed(1)} s in node = ` +
          `${(seconds / ((ffmpegCpu + nodeCpu) / cores)).toFixed(1)}x real time on ${cores} idle cores`,
      )
      console.log(
        `baseline: one ffmpeg re-encode of the whole source (same scaling and encoder) in ${baseline.toFixed(1)} s = ` +
          `${(seconds / baseline).toFixed(1)}x real time; CPU ${baselineCpu.toFixed(1)} s = ` +
          `${(seconds / (baselineCpu / cores)).toFixed(1)}x on ${cores} idle cores`,
      )
    } finally {
      await database.close()
    }
    const manifest = await readDemoManifest().catch(() => null)
    if (manifest) {
      const { estimate, uniform } = measureWordTimingError(manifest)
      const line = (label: string, e: typeof estimate) =>
        `${label}: mean ${e.meanMs} ms, p90 ${e.p90Ms} ms, ${(e.within100ms * 100).toFixed(0)}% of boundaries within 100 ms`
      console.log(`word timing on the demo corpus (${estimate.words} words in ${estimate.cues} cues):`)
      console.log(`  ${line('estimate', estimate)}`)
      console.log(`  ${line('uniform split baseline', uniform)}`)
    }
    return 0
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
