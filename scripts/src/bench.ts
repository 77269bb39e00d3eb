/**
 * `pnpm bench <name> [--flags]`: benchmarks in `bench/<name>.ts`, each exporting `run(argv)`. Every benchmark prints
 * its figures beside a baseline measured in the same run.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError } from './cli/errors.ts'

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench')
const names = readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && !file.includes('-'))
  .map((file) => file.slice(0, -3))
  .sort()
const [name, ...rest] = process.argv.slice(2)
if (!name || name === '--help' || !existsSync(path.join(dir, `${name}.ts`))) {
  console.log(`Usage: pnpm bench <name> [--flags]\n\nBenchmarks: ${names.join(', ')}`)
  process.exit(name && name !== '--help' ? 2 : 0)
}
const bench = (await import(path.join(dir, `${name}.ts`))) as {
  run(argv: string[]): Promise<number>
  help?: string
}
if (bench.help && (rest.includes('--help') || rest.includes('-h'))) {
  console.log(bench.help)
  process.exit(0)
}
try {
  process.exit(await bench.run(rest))
} catch (error) {
  // A bad flag or a missing tool is for the caller to fix: the message and its exit code, not a stack trace.
  if (error instanceof CliError) {
    console.error(`error: ${error.message}`)
    process.exit(error.exitCode)
  }
  throw error
}
