/**
 * `pnpm test`: the whole suite (unit, integration on PGlite — and on PostgreSQL too when TEST_DATABASE_URL is set —
 * and browser tests) through Vitest, closing with the plain line `N passed, N failed, N skipped`.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  numFailedTestSuites: number
}

const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'phrasereel-vitest-')), 'report.json')
const result = spawnSync(
  'pnpm',
  [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
)
let summary: VitestReport | null = null
try {
  summary = JSON.parse(readFileSync(report, 'utf8')) as VitestReport
} catch {
  summary = null
}
if (!summary) {
  console.log('0 passed, 1 failed')
  process.exit(result.status || 1)
}
// A test file that fails to load has no failed test of its own; count it so it is not hidden.
const failed = summary.numFailedTests + (summary.numFailedTests === 0 ? summary.numFailedTestSuites : 0)
console.log(
  `${summary.numPassedTests} passed, ${failed} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`,
)
process.exit(result.status ?? 1)
