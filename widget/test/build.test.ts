// @vitest-environment happy-dom
import { readFileSync, rmSync } from 'node:fs'
import { runInThisContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  LOADER_BUDGET_BYTES,
  PLAYER_BUNDLE_BUDGET_BYTES,
  playerBundleSizes,
  playerPayloadGzip,
} from '../tools/bundle-size.ts'
import { buildBundle } from './build-bundle.ts'

let dist = ''

describe('the built player bundle', () => {
  beforeAll(() => {
    // the same tsup config `pnpm build` runs, into a directory of its own
    dist = buildBundle()
  }, 120_000)

  afterAll(() => {
    if (dist) rmSync(dist, { recursive: true, force: true })
  })

  test('produces the ESM core, its stylesheet, the embed and the React adapter', () => {
    const files = playerBundleSizes(dist).map((s) => s.file)
    expect(files).toEqual(
      expect.arrayContaining([
        'player.js',
        'player-styles.css',
        'player.embed.global.js',
        'api.global.js',
        'react.js',
      ]),
    )
  })

  test('stays within the 35 KB gzip budget, and React is not bundled into the core', () => {
    const payload = playerPayloadGzip(dist)
    console.info(`player bundle: esm+css ${payload.esmWithCss} B gzip, embed ${payload.embed} B gzip`)
    expect(payload.esmWithCss).toBeLessThanOrEqual(PLAYER_BUNDLE_BUDGET_BYTES)
    expect(payload.embed).toBeLessThanOrEqual(PLAYER_BUNDLE_BUDGET_BYTES)
    const core = readFileSync(`${dist}player.js`, 'utf8')
    expect(core).not.toMatch(/react/i)
    expect(readFileSync(`${dist}react.js`, 'utf8')).toMatch(/from\s*"react/)
  })

  test('the JS API loader is a bundle of its own, within 5 KB gzip, with no player code in it', () => {
    const { loader } = playerPayloadGzip(dist)
    console.info(`JS API loader: ${loader} B gzip`)
    expect(loader).toBeGreaterThan(0)
    expect(loader).toBeLessThanOrEqual(LOADER_BUDGET_BYTES)
    const code = readFileSync(`${dist}api.global.js`, 'utf8')
    expect(code).toContain('phrasereel-embed')
    expect(code).not.toMatch(/pr-player|pr-subtitle/)
  })

  test('the embed script mounts a working player with its styles injected', () => {
    const code = readFileSync(`${dist}player.embed.global.js`, 'utf8')
    // run in the page's global scope as a classic <script> would be; the script's "use strict" keeps its `var`
    // local to the run, so the expression after it hands the global back
    const api: { createPlayer: typeof import('../src/player.ts').createPlayer } = runInThisContext(
      `${code}\n;PhraseReel`,
    )
    const host = document.createElement('div')
    document.body.append(host)
    const handle = api.createPlayer(host, { videoUrl: '/media/1.mp4', subtitleUrl: null, translations: [] })
    expect(document.getElementById('phrasereel-player-css')?.textContent).toContain('.pr-player')
    expect(host.querySelector('video')?.getAttribute('src')).toBe('/media/1.mp4')
    expect(host.textContent).toContain('No subtitles available')
    handle.destroy()
  })
})
