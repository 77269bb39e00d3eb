/**
 * One ingest run per source at a time (docs/decisions/044): a lease row keyed by the source key, renewed while
 * the run works, released when it ends. A second run of the same source waits for it, then finds the source
 * complete (or resumes what the first left unfinished). A lease whose holder stopped renewing it (the process was
 * killed) goes stale after `staleSeconds` and is taken over.
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import type { Queryable } from '@phrasereel/api/scripts'

export interface LeaseOptions {
  /** A lease not renewed for this long is taken over (default 30 s). */
  staleSeconds?: number
  /** How often the holder renews it (default a quarter of `staleSeconds`). */
  renewMs?: number
  /** How often a waiting run asks again (default 500 ms). */
  pollMs?: number
  /** Called once when the run has to wait, with who holds the lease. */
  onWait?: (holder: string) => void
  /** Give up after this long (default: wait as long as it takes). */
  timeoutMs?: number
}

export interface Lease {
  holder: string
  release(): Promise<void>
}

/** Another run holds the lease past `timeoutMs`. */
export class LeaseBusyError extends Error {
  override name = 'LeaseBusyError'
}

/** Takes the lease of `key`, waiting while another live run holds it. */
export async function acquireLease(db: Queryable, key: string, options: LeaseOptions = {}): Promise<Lease> {
  const staleSeconds = options.staleSeconds ?? 30
  const renewMs = options.renewMs ?? Math.max(100, (staleSeconds * 1000) / 4)
  const pollMs = options.pollMs ?? 500
  const holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  const started = Date.now()
  let warned = false
  for (;;) {
    const { rows } = await db.query<{ holder: string; mine: boolean }>(
      `insert into ingest_leases (source_key, holder) values ($1, $2)
       on conflict (source_key) do update set holder = excluded.holder, acquired_at = now(), renewed_at = now()
         where ingest_leases.renewed_at < now() - make_interval(secs => $3)
       returning holder, true as mine`,
      [key, holder, staleSeconds],
    )
    if (rows[0]?.mine) break
    const current = await db.query<{ holder: string }>(
      'select holder from ingest_leases where source_key = $1',
      [key],
    )
    const other = current.rows[0]?.holder
    if (other !== undefined && !warned) {
      warned = true
      options.onWait?.(other)
    }
    if (options.timeoutMs !== undefined && Date.now() - started > options.timeoutMs)
      throw new LeaseBusyError(`another ingest of this source is running (${other ?? 'unknown'})`)
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
  let renewing: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    renewing = db
      .query('update ingest_leases set renewed_at = now() where source_key = $1 and holder = $2', [
        key,
        holder,
      ])
      .catch(() => {}) // a missed renewal only shortens the lease; the next one repairs it
  }, renewMs)
  timer.unref()
  return {
    holder,
    async release() {
      clearInterval(timer)
      await renewing
      await db.query('delete from ingest_leases where source_key = $1 and holder = $2', [key, holder])
    },
  }
}
