/**
 * The in-process queue of export jobs (docs/decisions/091): at most `LIMITS.exportConcurrency` run at once in one
 * process, the rest wait in order. A job runs in the process that took it; the row in `exports` lets any replica
 * answer its status. The runner also deletes expired exports (rows and files) every few minutes.
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { AppContext } from '../context.ts'
import { log } from '../log.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import { ExportFailure, buildExport, exportsDir } from './export-build.ts'
import { deleteExpiredExports, failExport, findExport, finishExport, touchExports } from './export-store.ts'

/** This process, as it signs the jobs it takes. */
export const WORKER_ID = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`

const SWEEP_INTERVAL_MS = 5 * 60 * 1000
// well inside LIMITS.exportStaleSeconds, so a job waiting its turn is never taken for an interrupted one
const HEARTBEAT_INTERVAL_MS = 20 * 1000

class ExportRunner {
  private readonly queue: string[] = []
  private readonly running = new Set<Promise<void>>()
  private readonly runningIds = new Set<string>()
  private readonly abort = new AbortController()
  private sweepTimer: NodeJS.Timeout | undefined
  private heartbeatTimer: NodeJS.Timeout | undefined
  private stopped = false

  private readonly ctx: AppContext

  constructor(ctx: AppContext) {
    this.ctx = ctx
  }

  /** Queues a job taken by this process. */
  enqueue(id: string): void {
    if (this.stopped) return
    this.queue.push(id)
    this.pump()
    this.sweepTimer ??= setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS).unref()
    this.heartbeatTimer ??= setInterval(() => void this.heartbeat(), HEARTBEAT_INTERVAL_MS).unref()
  }

  /** Stops taking jobs, cancels the running ones (they are marked failed) and waits for them to end. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.sweepTimer)
    clearInterval(this.heartbeatTimer)
    this.queue.length = 0
    this.abort.abort(new ExportFailure(MESSAGES.exportInterrupted))
    await Promise.allSettled([...this.running])
  }

  /** Deletes the exports past their time, rows and files. */
  async sweep(): Promise<void> {
    try {
      const ids = await deleteExpiredExports(this.ctx.db, this.ctx.now())
      for (const id of ids) {
        for (const ext of ['apkg', 'csv', 'work']) {
          await rm(path.join(exportsDir(this.ctx), `${id}.${ext}`), { recursive: true, force: true })
        }
      }
    } catch (error) {
      log.warn('export sweep failed', { error })
    }
  }

  private async heartbeat(): Promise<void> {
    try {
      await touchExports(this.ctx.db, [...this.queue, ...this.runningIds], this.ctx.now())
    } catch (error) {
      log.warn('export heartbeat failed', { error })
    }
  }

  private pump(): void {
    while (!this.stopped && this.running.size < LIMITS.exportConcurrency && this.queue.length > 0) {
      const id = this.queue.shift()!
      this.runningIds.add(id)
      const job: Promise<void> = this.run(id).finally(() => {
        this.running.delete(job)
        this.runningIds.delete(id)
        this.pump()
        if (this.running.size === 0 && this.queue.length === 0) {
          clearInterval(this.heartbeatTimer)
          this.heartbeatTimer = undefined
        }
      })
      this.running.add(job)
    }
  }

  private async run(id: string): Promise<void> {
    const { ctx } = this
    try {
      const job = await findExport(ctx.db, id)
      if (job?.status !== 'queued') return
      await this.sweep()
      const built = await buildExport(ctx, job, this.abort.signal)
      await finishExport(
        ctx.db,
        id,
        { name: built.fileName, size: built.size, summary: built.summary },
        ctx.now(),
      )
      log.info('export done', { exportId: id, notes: built.summary.notes, bytes: built.size })
    } catch (error) {
      const failure = error instanceof ExportFailure
      if (!failure) log.error('export failed', { exportId: id, error })
      await failExport(ctx.db, id, failure ? error.message : MESSAGES.exportFailed, ctx.now()).catch(
        (writeError: unknown) =>
          log.warn('could not record a failed export', { exportId: id, error: writeError }),
      )
    }
  }
}

const runners = new WeakMap<AppContext, ExportRunner>()

/** The export queue of this app. */
export function exportRunner(ctx: AppContext): ExportRunner {
  let runner = runners.get(ctx)
  if (!runner) {
    runner = new ExportRunner(ctx)
    runners.set(ctx, runner)
  }
  return runner
}

/** Stops the exports of this app (before its database closes): running ones end as interrupted. */
export async function stopExports(ctx: AppContext): Promise<void> {
  await runners.get(ctx)?.stop()
}
