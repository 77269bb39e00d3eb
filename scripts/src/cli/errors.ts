/** A failure the user can act on: printed as `error: <message>` without a stack, exit code 1 (2 for usage). */
export class CliError extends Error {
  override name = 'CliError'
  readonly exitCode: number
  constructor(message: string, exitCode = 1) {
    super(message)
    this.exitCode = exitCode
  }
}

/** Bad flags or arguments: exit code 2. */
export class UsageError extends CliError {
  override name = 'UsageError'
  constructor(message: string) {
    super(message, 2)
  }
}
