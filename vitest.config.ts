import { execSync } from 'node:child_process'
import { defineConfig } from 'vitest/config'

function has(command: string): boolean {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' })
    return true
  } catch {
    return false
  }
}

// Browser tests need Debian's chromium, media tests need ffmpeg. On a developer machine without them those tests
// are left out with a notice; in CI (CI=true) they always run, so a missing tool fails loudly instead.
const exclude = ['**/node_modules/**', '**/dist/**']
if (!process.env.CI) {
  if (!process.env.CHROMIUM_PATH && !has('chromium') && !has('chromium-browser')) {
    exclude.push('site/test/e2e/**')
    console.warn('[vitest] chromium not found: browser tests skipped (apt-get install chromium)')
  }
  if (!process.env.FFMPEG_PATH && !has('ffmpeg')) {
    exclude.push(
      'scripts/test/ingest*.test.ts',
      'api/test/exports.test.ts',
      'site/test/e2e/anki-export.test.ts',
    )
    console.warn(
      '[vitest] ffmpeg not found: media ingest and Anki export tests skipped (apt-get install ffmpeg)',
    )
  }
}

export default defineConfig({
  test: {
    include: ['{api,scripts,widget,site}/{src,test}/**/*.test.{ts,tsx}'],
    // a console.error fails the test that logs it, unless the test expects it (api/test/console-errors.ts)
    setupFiles: ['api/test/console-errors.setup.ts'],
    exclude,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // every test file gets its own fresh database; two at a time suits a 2-core machine
    maxWorkers: 2,
  },
})
