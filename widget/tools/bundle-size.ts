/**
 * Reports the gzip size of the built player bundles (`pnpm --filter @phrasereel/widget build` first).
 * `pnpm bench web` imports `playerPayloadGzip` (or runs this file with `--json`); run directly it prints a table
 * and exits non-zero over budget.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** The goal for the player bundle: at most 35 KB gzip. */
export const PLAYER_BUNDLE_BUDGET_BYTES = 35 * 1024

/** The JS API loader (`/embed/api.js`, issue 16): at most 5 KB gzip. */
export const LOADER_BUDGET_BYTES = 5 * 1024

/** Size of one built file. */
export interface BundleSize {
  file: string
  bytes: number
  gzipBytes: number
}

/** The built widget directory. */
export const WIDGET_DIST = path.join(import.meta.dirname, '..', 'dist') + path.sep

/** Raw and gzip (level 9) sizes of every .js and .css file in `dist`, largest first. */
export function playerBundleSizes(dist: string = WIDGET_DIST): BundleSize[] {
  return readdirSync(dist)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((file) => {
      const data = readFileSync(path.join(dist, file))
      return { file, bytes: data.length, gzipBytes: gzipSync(data, { level: 9 }).length }
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
}

/**
 * What a page embedding the player downloads: the ESM core plus its stylesheet (gzip bytes). The embed bundle
 * carries both in one file and is reported separately.
 */
export function playerPayloadGzip(dist: string = WIDGET_DIST): {
  esmWithCss: number
  embed: number
  loader: number
} {
  const sizes = new Map(playerBundleSizes(dist).map((s) => [s.file, s.gzipBytes]))
  return {
    esmWithCss: (sizes.get('player.js') ?? 0) + (sizes.get('player-styles.css') ?? 0),
    embed: sizes.get('player.embed.global.js') ?? 0,
    loader: sizes.get('api.global.js') ?? 0,
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = playerBundleSizes()
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify({
        files: sizes,
        ...playerPayloadGzip(),
        budget: PLAYER_BUNDLE_BUDGET_BYTES,
        loaderBudget: LOADER_BUDGET_BYTES,
      }),
    )
    process.exit(0)
  }
  for (const s of sizes)
    console.log(
      `${s.file.padEnd(28)} ${String(s.bytes).padStart(8)} B  ${String(s.gzipBytes).padStart(7)} B gzip`,
    )
  const payload = playerPayloadGzip()
  const kb = (n: number): string => (n / 1024).toFixed(1)
  console.log(
    `player (esm + css): ${kb(payload.esmWithCss)} KB gzip; embed: ${kb(payload.embed)} KB gzip; budget ${kb(PLAYER_BUNDLE_BUDGET_BYTES)} KB`,
  )
  console.log(`JS API loader: ${kb(payload.loader)} KB gzip; budget ${kb(LOADER_BUDGET_BYTES)} KB`)
  if (Math.max(payload.esmWithCss, payload.embed) > PLAYER_BUNDLE_BUDGET_BYTES) process.exitCode = 1
  if (payload.loader > LOADER_BUDGET_BYTES) process.exitCode = 1
}
