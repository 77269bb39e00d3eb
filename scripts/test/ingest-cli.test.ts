/** `pnpm content ingest` as an operator runs it: help, usage errors, input errors before any write, summary. */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { connectDatabase, migrate } from '@phrasereel/api/scripts'
import { afterAll, beforeAll, expect, it } from 'vitest'

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/content.ts')
let dir = ''

function content(args: string[], dataDir = path.join(dir, 'data')) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    timeout: 240_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-ingest-cli-'))
  execFileSync('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
    ...['-shortest', path.join(dir, 'clip.mp4')],
  ])
  await writeFile(path.join(dir, 'clip.srt'), '1\n00:00:01,000 --> 00:00:03,000\nWhat do you mean?\n')
  await writeFile(path.join(dir, 'bad.srt'), '1\n-00:00:01,000 --> 00:00:03,000\nWhat?\n')
})

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('prints its help', () => {
  const { code, stdout } = content(['ingest', '--help'])
  expect(code).toBe(0)
  expect(stdout).toContain('Usage: pnpm content ingest --media FILE --subtitles FILE --name NAME')
})

it('rejects missing flags with a usage error (exit 2)', () => {
  const { code, stderr } = content(['ingest', '--subtitles', 'x.srt'])
  expect(code).toBe(2)
  expect(stderr).toContain('error: --media is required')
})

it('names the file, line and reason of bad subtitles and writes nothing (exit 1)', () => {
  const dataDir = path.join(dir, 'untouched')
  const bad = path.join(dir, 'bad.srt')
  const { code, stderr } = content(
    ['ingest', '--media', path.join(dir, 'clip.mp4'), '--subtitles', bad, '--name', 'Bad'],
    dataDir,
  )
  expect(code).toBe(1)
  expect(stderr.trim()).toBe(`error: ${bad}:2: negative time '-00:00:01,000'`)
  expect(existsSync(dataDir)).toBe(false)
})

it('ingests, prints a summary, and a second run adds nothing', () => {
  const args = ['ingest', '--media', path.join(dir, 'clip.mp4'), '--subtitles', path.join(dir, 'clip.srt')]
  const first = content([...args, '--name', 'CLI film', '--category', 'film', '--year', '2020'])
  expect(first.stderr).toBe('')
  expect(first.code).toBe(0)
  expect(first.stdout).toContain('Ingested content 1: 1 video clips (1 cut now)')
  expect(existsSync(path.join(dir, 'data', 'media', '1', '1.mp4'))).toBe(true)
  const second = content([...args, '--name', 'CLI film'])
  expect(second.code).toBe(0)
  expect(second.stdout).toContain('Already ingested, nothing to do: content 1: 1 video clips (0 cut now)')
}, 480_000) // two cold starts of the embedded database on a shared 2-core machine

it('runs two ingests of the same source at once: one cuts the clips, the other finds them, no error', async () => {
  const dataDir = path.join(dir, 'twice')
  const args = ['ingest', '--media', path.join(dir, 'clip.mp4'), '--subtitles', path.join(dir, 'clip.srt')]
  const start = () =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args, '--name', 'Twice'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (data: Buffer) => {
        stdout += data.toString()
      })
      child.stderr.on('data', (data: Buffer) => {
        stderr += data.toString()
      })
      child.on('close', (code) => resolve({ code, stdout, stderr }))
    })
  // as beside a running server: the embedded database is up (and migrated) before and after both commands
  const database = await connectDatabase({ dataDir })
  let runs: Awaited<ReturnType<typeof start>>[]
  try {
    await migrate(database.pool)
    runs = await Promise.all([start(), start()])
  } finally {
    await database.close()
  }
  for (const run of runs) {
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
  }
  const outputs = runs.map((run) => run.stdout).join('\n')
  expect(outputs).toContain('Ingested content 1: 1 video clips (1 cut now)')
  expect(outputs).toContain('Already ingested, nothing to do: content 1: 1 video clips (0 cut now)')
  // the second process waits for the first one's lease when they overlap; on a busy machine it may only start
  // once the first has finished (the wait itself is tested deterministically in ingest.test.ts): either way,
  // exactly one of them cuts and nothing fails
  expect(outputs.split('Ingested content 1:').length - 1).toBe(1)
  expect(existsSync(path.join(dataDir, 'media', '2'))).toBe(false)
}, 480_000)
