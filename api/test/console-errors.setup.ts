/**
 * Vitest setup file (vitest.config.ts `setupFiles`): in unit and integration tests a `console.error` fails the
 * test; see console-errors.ts.
 */
import { afterAll, afterEach, beforeEach, expect } from 'vitest'
import { installConsoleErrorCheck, settle, startTest } from './console-errors.ts'

// Browser tests keep their own check (site/test/e2e/harness.ts fails a test on a console error in the page); the
// in-process server they drive logs the failures some of them provoke on purpose (the 500 page).
const browserTest = /[\\/]site[\\/]test[\\/]e2e[\\/]/.test(expect.getState().testPath ?? '')

if (!browserTest) {
  installConsoleErrorCheck()
  // Errors logged while no test runs (module load, beforeAll) are kept for the end of the file, not pinned on the
  // first test.
  beforeEach(() => startTest())
  afterEach(() => settle('test'))
  // Registered first, so it runs after the test file's own afterAll hooks and sees what they log.
  afterAll(() => settle('file'))
}
