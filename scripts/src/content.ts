/**
 * `pnpm content <command> [--flags]`: the content-ops command line. Each command lives in `commands/<name>.ts`
 * and exports `summary`, `help` and `run(argv)`; this file only dispatches.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError } from './cli/errors.ts'

const COMMANDS: Record<string, string> = {
  ingest: 'Cut a media file and its subtitles into clips with word timings and translations',
  import: 'Bulk-import transcripts without media from a JSONL file',
  reindex: 'Rebuild the search index(es) from PostgreSQL without downtime',
  phrases: 'Count the type-ahead phrases of clips not counted yet (the background sweep, at once)',
  'create-admin': 'Create or update an admin account (password read from stdin)',
  demo: '(Re)seed the demo corpus',
}

interface CommandModule {
  help: string
  run(argv: string[]): Promise<number>
}

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length))
  const lines = Object.entries(COMMANDS).map(([name, summary]) => `  ${name.padEnd(width)}  ${summary}`)
  return `Usage: pnpm content <command> [--flags]\n\nCommands:\n${lines.join('\n')}\n\nRun 'pnpm content <command> --help' for a command's flags.`
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage())
    return name ? 0 : 2
  }
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'commands', `${name}.ts`)
  if (!(name in COMMANDS) || !existsSync(file)) {
    console.error(`Unknown command '${name}'.\n\n${usage()}`)
    return 2
  }
  const command = (await import(file)) as CommandModule
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(command.help)
    return 0
  }
  return command.run(rest)
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliError) {
      console.error(`error: ${error.message}`)
      process.exit(error.exitCode)
    }
    console.error(error)
    process.exit(1)
  },
)
