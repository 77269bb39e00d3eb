/**
 * A `console.error` fails the test that caused it, as a console error in the page fails a browser test
 * (`site/test/e2e/harness.ts`): an error nobody expected is a bug, even when the test's assertions pass. A test
 * that provokes one on purpose says so with `expectConsoleError`. Installed for every test file by
 * `console-errors.setup.ts` (vitest.config.ts `setupFiles`).
 */
import { format } from 'node:util'

interface ConsoleErrorState {
  /** Whether a test (not a `beforeAll`/`afterAll` hook) is running. */
  inTest: boolean
  /** Errors no expectation matched, by where they came: in a test, or outside any (module load, hooks). */
  unexpected: { test: string[]; file: string[] }
  expected: { pattern: RegExp | string; seen: number; inTest: boolean }[]
}

// On globalThis so the setup file and a test file share it whichever copy of this module each one loads.
const KEY = Symbol.for('phrasereel.console-errors')

function state(): ConsoleErrorState {
  const holder = globalThis as { [KEY]?: ConsoleErrorState }
  holder[KEY] ??= { inTest: false, unexpected: { test: [], file: [] }, expected: [] }
  return holder[KEY]
}

/**
 * Allows `console.error` calls matching `pattern` (a RegExp, or text the message contains) until the end of the
 * running test (or, called in `beforeAll`, of the file), and fails the test when none came.
 */
export function expectConsoleError(pattern: RegExp | string): void {
  const current = state()
  current.expected.push({ pattern, seen: 0, inTest: current.inTest })
}

/** Replaces `console.error` with one that still prints but records what no expectation matched. */
export function installConsoleErrorCheck(): void {
  // a worker that runs several files keeps its console: wrap it once
  if ((console.error as { [KEY]?: true })[KEY]) return
  const print = console.error.bind(console)
  const check = (...args: unknown[]) => {
    print(...args)
    const text = format(...args)
    const current = state()
    const match = current.expected.find(({ pattern }) =>
      typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text),
    )
    if (match) match.seen++
    else current.unexpected[current.inTest ? 'test' : 'file'].push(text)
  }
  console.error = Object.assign(check, { [KEY]: true as const })
}

/** Marks the start of a test. */
export function startTest(): void {
  state().inTest = true
}

/**
 * Ends a test or the file: throws when an unexpected `console.error` came in that span, or an expected
 * one did not.
 */
export function settle(scope: 'test' | 'file'): void {
  const current = state()
  const ending = current.expected.filter((e) => scope === 'file' || e.inTest)
  current.expected = current.expected.filter((e) => !ending.includes(e))
  const unexpected = current.unexpected[scope]
  current.unexpected[scope] = []
  current.inTest = false
  const problems = [
    ...unexpected.map((text) => `unexpected console.error: ${text}`),
    ...ending
      .filter((e) => e.seen === 0)
      .map((e) => `expected a console.error matching ${String(e.pattern)}`),
  ]
  if (problems.length > 0) {
    const where = scope === 'test' ? 'this test' : 'a beforeAll/afterAll hook of this file'
    throw new Error(
      `${problems.join('\n')}\n(in ${where}; if it is expected, call expectConsoleError(pattern) from api/test/console-errors.ts)`,
    )
  }
}
