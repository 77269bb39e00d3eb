/**
 * ffmpeg and ffprobe: probing sources and cutting clips, thumbnails and waveform pictures. Binaries come from
 * `FFMPEG_PATH` / `FFPROBE_PATH`, else from `PATH`.
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

/** Runs a binary, resolving with stdout; rejects with its stderr. */
function run(binary: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.trim().split('\n').slice(-3).join(' | ') || error.message))
      else resolve(stdout)
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
  const ffprobe = resolveBinary('ffprobe')
  let out: string
  try {
    out = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])
  } catch (error) {
    throw new MediaError(file, `unreadable media (${(error as Error).message})`)
  }
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
 * Cuts `start`..`start+duration` of `source` into `output`, re-encoding so the cut is exact whatever the
 * keyframes: H.264 (yuv420p, even dimensions, at most 60 fps) + AAC in MP4 with faststart for video; AAC in
 * M4A for audio-only sources. A source without audio gets a silent track so every clip plays the same way.
 */
export async function cutClip(
  source: string,
  info: MediaInfo,
  start: number,
  duration: number,
  output: string,
  maxHeight = DEFAULT_MAX_HEIGHT,
): Promise<void> {
  const ffmpeg = resolveBinary('ffmpeg')
  const args = ['-nostdin', '-v', 'error', '-y', '-ss', start.toFixed(3), '-i', source]
  if (info.hasVideo) {
    if (!info.hasAudio) args.push('-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000')
    const filters = [`scale=-2:'trunc(min(${maxHeight},ih)/2)*2'`, 'format=yuv420p']
    if (!info.fps || info.fps > 60) filters.unshift('fps=30')
    args.push(
      '-t',
      duration.toFixed(3),
      '-map',
      '0:v:0',
      '-map',
      info.hasAudio ? '0:a:0' : '1:a:0',
      '-vf',
      filters.join(','),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '26',
      '-profile:v',
      'high',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    )
  } else {
    args.push(
      '-t',
      duration.toFixed(3),
      '-map',
      '0:a:0',
      '-vn',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'ipod',
      output,
    )
  }
  try {
    await run(ffmpeg, args)
  } catch (error) {
    throw new MediaError(
      source,
      `ffmpeg could not cut ${start.toFixed(3)}s+${duration.toFixed(3)}s (${(error as Error).message})`,
    )
  }
}

/**
 * A JPEG thumbnail from inside a clip: the frame at `at` seconds of a video clip, or a waveform picture of an
 * audio clip.
 */
export async function makeThumbnail(
  clip: string,
  isVideo: boolean,
  at: number,
  output: string,
): Promise<void> {
  const ffmpeg = resolveBinary('ffmpeg')
  const args = isVideo
    ? [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-ss',
        at.toFixed(3),
        '-i',
        clip,
        '-frames:v',
        '1',
        '-vf',
        "scale=-2:'min(360,ih)'",
        '-q:v',
        '5',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        output,
      ]
    : [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-i',
        clip,
        '-filter_complex',
        'showwavespic=s=640x360:colors=#38bdf8,format=yuvj420p',
        '-frames:v',
        '1',
        '-q:v',
        '5',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        output,
      ]
  try {
    await run(ffmpeg, args)
  } catch (error) {
    throw new MediaError(clip, `ffmpeg could not make a thumbnail (${(error as Error).message})`)
  }
}

/** Exact duration of a file as ffprobe reads it (seconds). */
export async function mediaDuration(file: string): Promise<number> {
  return (await probeMedia(file)).duration
}
