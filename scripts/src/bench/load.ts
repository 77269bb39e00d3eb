/**
 * `pnpm bench load` (the mixed learner workload, in load-mix.ts), and the load-generation helpers the other
 * benchmarks share: autocannon runs and child-process servers.
 */
import { type ChildProcess, fork } from 'node:child_process'
import autocannon from 'autocannon'

export { help, run } from './load-mix.ts'

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p95: number
  p99: number
  errors: number
  non2xx: number
}

/** Drives `url` (or a list of request paths) with `connections` concurrent clients for `seconds`. */
export async function load(
  origin: string,
  options: { path?: string; paths?: string[]; connections: number; seconds: number },
): Promise<LoadResult> {
  const paths = options.paths ?? [options.path ?? '/']
  let next = 0
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length]!
          return request
        },
      },
    ],
  })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** Forks a server script that reports `{ port }` over IPC when it listens. */
export async function startServerProcess(
  script: string,
  env: Record<string, string> = {},
): Promise<{ origin: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = fork(script, [], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) =>
      message?.port ? resolve(message.port) : reject(new Error('no port')),
    )
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** A fixed-width table row. */
export function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 12)).join(' ')
}
