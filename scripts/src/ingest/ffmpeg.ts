/**
 * ffmpeg and ffprobe: probing sources and cutting clips with their thumbnails. Binaries come from
 * `FFMPEG_PATH` / `FFPROBE_PATH`, else from `PATH`.
 *
 * Clips are cut in runs (docs/decisions/044): one ffmpeg process decodes a stretch of the source once, scales it
 * once, and splits it into every clip of the stretch (exact `trim`/`atrim` cuts on decoded frames and samples,
 * one encoder and one MP4 per clip) and every clip's thumbnail, instead of one process per clip that seeks,
 * decodes from the previous keyframe and is then read again for its thumbnail.
 */
import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import path from 'node:path'
import { CliError } from '../cli/errors.ts'

/** The media file could not be read or has nothing to cut. */
export class MediaError extends CliError {
  override name = 'MediaError'
  constructor(file: string, reason: string) {
    super(`${file}: ${reason}`)
  }
}

function resolveBinary(name: 'ffmpeg' | 'ffprobe'): string {
  const variable = name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'
  const configured = process.env[variable]?.trim()
  const candidates = configured
    ? [configured]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, name))
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  throw new CliError(
    configured
      ? `${variable}=${configured} is not an executable ${name}`
      : `${name} not found on PATH: install it (Debian/Ubuntu: apt-get install ffmpeg) or set ${variable}`,
  )
}

/**
 * Runs ffmpeg or ffprobe (quiet, never reading stdin, overwriting outputs), resolving with stdout. A failure
 * becomes a `MediaError` on `file` reading "`what` (last lines of stderr)".
 */
async function runTool(
  name: 'ffmpeg' | 'ffprobe',
  args: string[],
  file: string,
  what: string,
): Promise<string> {
  const binary = resolveBinary(name)
  const common = name === 'ffmpeg' ? ['-nostdin', '-v', 'error', '-y'] : ['-v', 'error']
  return new Promise((resolve, reject) => {
    execFile(binary, [...common, ...args], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout)
      const detail = stderr.trim().split('\n').slice(-3).join(' | ') || error.message
      reject(new MediaError(file, `${what} (${detail})`))
    })
  })
}

export interface MediaInfo {
  duration: number
  /** Has a real video stream (cover art of an audio file does not count). */
  hasVideo: boolean
  hasAudio: boolean
  videoCodec: string | null
  width: number | null
  height: number | null
  /** Average frame rate, or null when unknown. */
  fps: number | null
}

/** Probes a media file; `MediaError` when ffprobe cannot read it or it has neither audio nor video. */
export async function probeMedia(file: string): Promise<MediaInfo> {
  const out = await runTool(
    'ffprobe',
    ['-print_format', 'json', '-show_format', '-show_streams', file],
    file,
    'unreadable media',
  )
  const data = JSON.parse(out) as {
    format?: { duration?: string }
    streams?: {
      codec_type?: string
      codec_name?: string
      width?: number
      height?: number
      avg_frame_rate?: string
      duration?: string
      disposition?: { attached_pic?: number }
    }[]
  }
  const streams = data.streams ?? []
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic)
  const audio = streams.find((s) => s.codec_type === 'audio')
  if (!video && !audio) throw new MediaError(file, 'unreadable media (no audio or video stream)')
  const duration = Number(data.format?.duration ?? video?.duration ?? audio?.duration)
  if (!Number.isFinite(duration) || duration <= 0)
    throw new MediaError(file, 'unreadable media (unknown duration)')
  const [num, den] = (video?.avg_frame_rate ?? '0/0').split('/').map(Number)
  return {
    duration,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    videoCodec: video?.codec_name ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
    fps: num && den ? num / den : null,
  }
}

/** Default largest output height; taller sources are scaled down (docs/decisions/043). */
export const DEFAULT_MAX_HEIGHT = 480

/**
 * Encoder settings of every video clip (docs/decisions/043 and 044): H.264 High, yuv420p, x264 `veryfast` with
 * the diamond motion search and fastest sub-pixel refinement of `superfast` (a third less CPU, SSIM 0.987 against
 * 0.989), CRF 26; AAC 96 kb/s stereo; MP4 with the index first (faststart) so a browser starts playing at once.
 */
export const VIDEO_ENCODE = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-x264-params', 'me=dia:subme=1'],
  ...['-crf', '26', '-profile:v', 'high'],
]
export const AUDIO_ENCODE = ['-c:a', 'aac', '-b:a', '96k', '-ac', '2']
export const FASTSTART = ['-movflags', '+faststart']
const JPEG = ['-q:v', '5', '-c:v', 'mjpeg', '-f', 'image2']
/** Packets an output may queue while its other stream starts; clips start both streams at the same time. */
const QUEUE = ['-max_muxing_queue_size', '4096']

/**
 * Source video filters: frame rate capped at 60 (30 when unknown), scaled to at most `maxHeight` (bilinear:
 * about a tenth less CPU than bicubic for the whole encode, and smaller files), 4:2:0.
 */
export function videoFilters(info: Pick<MediaInfo, 'fps'>, maxHeight: number): string {
  const filters = [`scale=-2:'trunc(min(${maxHeight},ih)/2)*2':flags=bilinear`, 'format=yuv420p']
  if (!info.fps || info.fps > 60) filters.unshift('fps=30')
  return filters.join(',')
}

/** One clip to cut: a span of the source, and where its media and thumbnail go. */
export interface ClipCut {
  /** Seconds in the source. */
  start: number
  end: number
  output: string
  /** The thumbnail: the frame `at` seconds into a video clip, or a waveform picture of an audio clip. */
  thumbnail: { at: number; output: string }
}

const t = (seconds: number) => Math.max(0, seconds).toFixed(3)

/**
 * Cuts every clip of `cuts` (in source order, not overlapping) from `source` in one ffmpeg process: the stretch
 * from the first clip's start to the last clip's end is decoded once, filtered once, then split per clip. Video
 * sources give H.264/AAC MP4 (a source without audio gets a silent track, so every clip plays the same way) and a
 * JPEG frame; audio-only sources give AAC in M4A and a waveform JPEG. Cuts are exact whatever the keyframes.
 */
export async function cutClips(
  source: string,
  info: MediaInfo,
  cuts: ClipCut[],
  maxHeight = DEFAULT_MAX_HEIGHT,
): Promise<void> {
  if (cuts.length === 0) return
  const from = cuts[0]!.start
  const to = cuts.at(-1)!.end
  const n = cuts.length
  const frameRate = !info.fps || info.fps > 60 ? 30 : info.fps
  const graph: string[] = []
  const outputs: string[] = []
  const split = (label: string, kind: 'split' | 'asplit', names: string[]) =>
    names.length === 1
      ? `${label}${kind === 'split' ? 'null' : 'anull'}${names[0]}`
      : `${label}${kind}=${names.length}${names.join('')}`
  if (info.hasAudio)
    graph.push(
      split(
        '[0:a:0]',
        'asplit',
        cuts.map((_, i) => `[a${i}]`),
      ),
    )
  if (info.hasVideo)
    graph.push(
      `[0:v:0]${videoFilters(info, maxHeight)},${split(
        '',
        'split',
        cuts.map((_, i) => `[v${i}]`),
      )}`,
    )
  cuts.forEach((cut, i) => {
    // times relative to the seek point: decoded timestamps start at 0 there
    const start = cut.start - from
    const end = cut.end - from
    const audio = info.hasAudio
      ? `[a${i}]atrim=start=${t(start)}:end=${t(end)},asetpts=PTS-STARTPTS`
      : `anullsrc=channel_layout=stereo:sample_rate=48000,atrim=duration=${t(end - start)}`
    if (info.hasVideo) {
      graph.push(`${audio}[ca${i}]`)
      graph.push(`[v${i}]trim=start=${t(start)}:end=${t(end)},setpts=PTS-STARTPTS,split[cv${i}][tv${i}]`)
      // at least a frame and a half before the end, so the trimmed stream is never empty
      const at = Math.min(cut.thumbnail.at, Math.max(0, end - start - 1.5 / frameRate))
      // only the first frame from `at` on reaches the scaler (the branch would otherwise scale every later frame)
      graph.push(`[tv${i}]trim=start=${t(at)},select='eq(n,0)',scale=-2:'min(360,ih)'[th${i}]`)
      outputs.push(
        ...['-map', `[cv${i}]`, '-map', `[ca${i}]`, ...VIDEO_ENCODE, ...AUDIO_ENCODE, ...FASTSTART, ...QUEUE],
        ...['-f', 'mp4', cut.output],
        ...['-map', `[th${i}]`, '-frames:v', '1', ...JPEG, cut.thumbnail.output],
      )
    } else {
      graph.push(`${audio},asplit[ca${i}][wa${i}]`)
      graph.push(`[wa${i}]showwavespic=s=640x360:colors=#38bdf8,format=yuvj420p[th${i}]`)
      outputs.push(
        ...['-map', `[ca${i}]`, '-vn', ...AUDIO_ENCODE, ...FASTSTART, ...QUEUE, '-f', 'ipod', cut.output],
        ...['-map', `[th${i}]`, '-frames:v', '1', ...JPEG, cut.thumbnail.output],
      )
    }
  })
  // seek before the input (fast, from the keyframe before `from`; frames before it are decoded and dropped)
  const input = ['-ss', t(from), '-t', t(to - from + 0.5), '-i', source]
  await runTool(
    'ffmpeg',
    [...input, '-filter_complex', graph.join(';'), ...outputs],
    source,
    `ffmpeg could not cut ${n === 1 ? 'the clip' : `${n} clips`} ${t(from)}s-${t(to)}s`,
  )
}

/** Exact duration of a file as ffprobe reads it (seconds). */
export async function mediaDuration(file: string): Promise<number> {
  return (await probeMedia(file)).duration
}
