/** `pnpm content create-admin --username NAME --password-stdin`: creates an admin or replaces its password. */
import { parseArgs } from 'node:util'
import { ApiError, createOrUpdateAdmin } from '@phrasereel/api/scripts'
import { openContext } from '../cli/context.ts'
import { CliError, UsageError } from '../cli/errors.ts'

export const help = `Usage: pnpm content create-admin --username NAME --password-stdin

Creates an admin account for /admin (separate from user accounts), or replaces the password of an existing one,
which also signs that admin out everywhere. The password is read from standard input (one line; at least 8
characters), so it never appears in the shell history or the process list:

  printf '%s' "$ADMIN_PASSWORD" | pnpm content create-admin --username alice --password-stdin
  pnpm content create-admin --username alice --password-stdin < password.txt

Options:
  --username NAME      1 to 64 letters, digits, dots, underscores, @ or dashes (required)
  --password-stdin     read the password from standard input (required)
  -h, --help

Environment: DATA_DIR / DATABASE_URL as the server.`

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    throw new UsageError('--password-stdin reads the password from a pipe or file, not from the terminal')
  }
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Runs the command; exit code 0 on success. */
export async function run(argv: string[]): Promise<number> {
  let values: { username?: string; 'password-stdin'?: boolean }
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: { username: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
      strict: true,
    }))
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  if (!values.username) throw new UsageError('--username is required')
  if (!values['password-stdin'])
    throw new UsageError('--password-stdin is required (the password is read from stdin)')
  // one line: a trailing newline (from echo or a file) is not part of the password
  const password = (await readStdin()).replace(/\r?\n$/, '')
  if (password.includes('\n')) throw new CliError('The password must be a single line')

  const { ctx, close } = await openContext()
  try {
    const { created } = await createOrUpdateAdmin(ctx.db, values.username, password)
    console.log(
      created
        ? `Admin '${values.username}' created.`
        : `Admin '${values.username}' updated: new password set, existing admin sessions ended.`,
    )
    return 0
  } catch (error) {
    if (error instanceof ApiError) throw new CliError(error.detail)
    throw error
  } finally {
    await close()
  }
}
