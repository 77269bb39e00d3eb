/**
 * The audio and still picture of each exported clip, made by ffmpeg in child processes: one process cuts a batch
 * of clips (`LIMITS.exportFfmpegBatch`), since starting ffmpeg costs more than converting a few seconds of audio.
 * When a batch fails, its clips are cut one by one so that one unreadable file loses only its own media.
 */
import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'

/** One clip's media to make: MP3 audio from `input`, and a JPEG frame when the clip has no thumbnail file. */
export interface MediaCut {
  input: string
  audioOut: string
  frameOut: string | null
}

// a batch of 25 short clips takes a few seconds; this only stops a hung process
const BATCH_TIMEOUT_MS = 5 * 60 * 1000

/** The ffmpeg to run: `FFMPEG_PATH` when set, else the first `ffmpeg` on `PATH`; null when there is none. */
export function findFfmpeg(configured: string | undefined): string | null {
  const candidates = configured
    ? [configured]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, 'ffmpeg'))
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {}
  }
  return null
}

/** Makes the media of `cuts`; answers, per cut, whether its audio (and frame, when asked) exist afterwards. */
export async function cutMedia(ffmpeg: string, cuts: MediaCut[], signal?: AbortSignal): Promise<boolean[]> {
  if (cuts.length === 0) return []
  const batchOk = await run(ffmpeg, cuts, signal).then(
    () => true,
    () => false,
  )
  if (batchOk) return Promise.all(cuts.map(madeAll))
  const results: boolean[] = []
  for (const cut of cuts) {
    // stopping (the app shuts down) kills the running ffmpeg: no clip of the batch is tried again
    signal?.throwIfAborted()
    const ok = await run(ffmpeg, [cut], signal).then(
      () => true,
      () => false,
    )
    results.push(ok && (await madeAll(cut)))
  }
  return results
}

function run(ffmpeg: string, cuts: MediaCut[], signal?: AbortSignal): Promise<void> {
  const args = ['-nostdin', '-v', 'error', '-y']
  for (const cut of cuts) args.push('-i', cut.input)
  cuts.forEach((cut, i) => {
    // mono MP3 at VBR quality 5 (about 64 kb/s for speech): every Anki client plays it
    args.push('-map', `${i}:a:0`, '-vn', '-ac', '1', '-c:a', 'libmp3lame', '-q:a', '5', cut.audioOut)
    if (cut.frameOut)
      args.push('-map', `${i}:v:0`, '-frames:v', '1', '-q:v', '5', '-f', 'image2', cut.frameOut)
  })
  return new Promise((resolve, reject) => {
    execFile(
      ffmpeg,
      args,
      { timeout: BATCH_TIMEOUT_MS, maxBuffer: 1024 * 1024, ...(signal ? { signal } : {}) },
      (error, _stdout, stderr) => {
        if (!error) return resolve()
        reject(
          new Error(`ffmpeg failed: ${stderr.trim().split('\n').slice(-3).join(' | ') || error.message}`),
        )
      },
    )
  })
}

async function madeAll(cut: MediaCut): Promise<boolean> {
  for (const file of [cut.audioOut, cut.frameOut]) {
    if (file === null) continue
    const info = await stat(file).catch(() => null)
    if (!info || info.size === 0) return false
  }
  return true
}
