/** Builds the player bundles and the site when there is no build or a source is newer than it (one build at a time). */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, readdir, stat, unlink, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SITE_DIST } from '../../site/server/front.ts'
import { isProcessAlive } from '@phrasereel/api/scripts'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BUILD_STAMP = path.join(SITE_DIST, '.build-stamp')
const BUILD_LOCK = path.join(ROOT, 'site', '.build.lock')
const BUILD_INPUTS = ['site/src', 'site/public', 'site/astro.config.mjs', 'widget/src', 'api/src/shared']

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of await readdir(target))
    newest = Math.max(newest, await newestMtime(path.join(target, entry)))
  return newest
}

async function isFresh(): Promise<boolean> {
  const stamp = await stat(BUILD_STAMP).catch(() => null)
  if (!stamp || !existsSync(path.join(SITE_DIST, 'server', 'entry.mjs'))) return false
  // the front serves the player's embed bundle at /embed/player.js; `pnpm build` makes it before the site
  if (!existsSync(path.join(ROOT, 'widget', 'dist', 'player.embed.global.js'))) return false
  let newest = 0
  for (const input of BUILD_INPUTS) newest = Math.max(newest, await newestMtime(path.join(ROOT, input)))
  return stamp.mtimeMs >= newest
}

/** Builds the site when needed. Concurrent callers (parallel test files) wait for one build instead of racing. */
export async function buildIfNeeded(): Promise<void> {
  for (;;) {
    if (await isFresh()) return
    try {
      await writeFile(BUILD_LOCK, String(process.pid), { flag: 'wx' })
    } catch {
      const holder = Number(await readFile(BUILD_LOCK, 'utf8').catch(() => '0'))
      if (holder && !isProcessAlive(holder)) await unlink(BUILD_LOCK).catch(() => {})
      else await new Promise((resolve) => setTimeout(resolve, 500))
      continue
    }
    try {
      if (await isFresh()) return
      const started = Date.now()
      console.log('Building the site…')
      const result = spawnSync('pnpm', ['run', 'build'], {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
      })
      if (result.status !== 0) throw new Error('The site build failed (see above)')
      // the stamp takes the build's start time, so a source edited during the build triggers another one
      await writeFile(BUILD_STAMP, new Date(started).toISOString())
      const when = new Date(started)
      await utimes(BUILD_STAMP, when, when)
      return
    } finally {
      await unlink(BUILD_LOCK).catch(() => {})
    }
  }
}
