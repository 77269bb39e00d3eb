/** Structured one-line logs on stderr. Secrets never go in: callers pass ids, not tokens, codes or passwords. */
type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }
const threshold = ORDER[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? ORDER.info

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (ORDER[level] < threshold) return
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, message }
  for (const [key, value] of Object.entries(fields ?? {})) {
    entry[key] =
      value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value
  }
  process.stderr.write(`${JSON.stringify(entry)}\n`)
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
}
