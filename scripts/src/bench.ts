/**
 * `pnpm bench <name> [--flags]`: benchmarks in `bench/<name>.ts`, each exporting `run(argv)`. Every benchmark prints
 * its figures beside a baseline measured in the same run.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

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
const bench = (await import(path.join(dir, `${name}.ts`))) as { run(argv: string[]): Promise<number> }
process.exit(await bench.run(rest))
