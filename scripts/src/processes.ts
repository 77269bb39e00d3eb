/**
 * Child processes and the embedded database host, as the benchmarks and the multi-process tests start and stop
 * them: the same stop sequence and the same wait for the host everywhere.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

/** Stops a child with SIGTERM, and SIGKILL after `graceMs` (a server whose database calls hang may never close). */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

/**
 * The embedded database host stops by itself once no process uses it and removes its record when it does; waits
 * up to 20 s for that, then stops a host still running (one the caller's processes started) rather than leave it.
 */
export async function waitForHostToStop(dataDir: string): Promise<void> {
  const record = path.join(dataDir, 'pglite-host.json')
  const deadline = Date.now() + 20_000
  while (existsSync(record) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  if (!existsSync(record)) return
  const { pid } = JSON.parse(await readFile(record, 'utf8').catch(() => '{}')) as { pid?: number }
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {}
  }
}
