import { expect } from 'vitest'
import type { Queryable } from '../src/db/connect.ts'
import { indexChunkText } from '../src/search/search-store.ts'
import type { AdminBulkEnabledResult, AdminChunk } from '../src/shared/wire.ts'
import type { TestApp } from './harness.ts'
import { type Caller, send } from './user-content-support.ts'

/** One audit row as stored. */
export interface ChangeRow {
  id: number
  chunk_id: number
  admin_id: number | null
  admin_username: string
  changed_at: Date
  enabled_before: boolean
  enabled_after: boolean
}

export type Answer<T> = { status: number; body: T & { detail?: string } }

/** `PATCH /admin-api/content-chunks/{id}/enabled` as `caller`. */
export const toggleAs = (app: TestApp, caller: Caller, chunkId: number | string, body: unknown) =>
  app.fetchJson<AdminChunk & { detail?: string }>(
    `/admin-api/content-chunks/${chunkId}/enabled`,
    send('PATCH', caller, body),
  ) as Promise<Answer<AdminChunk>>

/** `PATCH /admin-api/content-chunks/enabled` as `caller`. */
export const bulkAs = (app: TestApp, caller: Caller, body: unknown) =>
  app.fetchJson<AdminBulkEnabledResult & { detail?: string }>(
    '/admin-api/content-chunks/enabled',
    send('PATCH', caller, body),
  ) as Promise<Answer<AdminBulkEnabledResult>>

/** The username of the admin a caller signs in as. */
export async function usernameOf(db: Queryable, caller: Caller): Promise<string> {
  const { rows } = await db.query<{ username: string }>('select username from admins where id = $1', [
    caller.id,
  ])
  return rows[0]!.username
}

/** The audit rows of these chunks (those written after row `sinceId`), each chunk's in the order written. */
export async function changesOf(db: Queryable, chunkIds: number[], sinceId = 0): Promise<ChangeRow[]> {
  const { rows } = await db.query<ChangeRow>(
    `select id, chunk_id, admin_id, admin_username, changed_at, enabled_before, enabled_after
     from chunk_enabled_changes where chunk_id = any($1::bigint[]) and id > $2 order by chunk_id, changed_at, id`,
    [chunkIds, sinceId],
  )
  return rows
}

/** The id of the newest audit row (0 when none): a mark to read the rows written after it. */
export async function lastChangeId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>('select max(id) as id from chunk_enabled_changes')
  return rows[0]!.id ?? 0
}

/** The enabled state of these chunks, by id. */
export async function statesOf(db: Queryable, chunkIds: number[]): Promise<Map<number, boolean>> {
  const { rows } = await db.query<{ id: number; enabled: boolean }>(
    'select id, enabled from content_chunks where id = any($1::bigint[])',
    [chunkIds],
  )
  return new Map(rows.map((row) => [row.id, row.enabled]))
}

/**
 * The audit trail matches the state transitions exactly: per chunk, each row written after `sinceId` starts from
 * the state the previous one left (the first from `initial`, the states when `sinceId` was the newest row), and the
 * last row's state is the chunk's state now. Answers how many rows.
 */
export async function expectConsistentTrail(
  db: Queryable,
  initial: Map<number, boolean>,
  sinceId: number,
): Promise<number> {
  const ids = [...initial.keys()]
  const rows = await changesOf(db, ids, sinceId)
  const now = await statesOf(db, ids)
  const state = new Map(initial)
  for (const row of rows) {
    expect([row.chunk_id, row.enabled_before]).toEqual([row.chunk_id, state.get(row.chunk_id)])
    expect(row.enabled_after).toBe(!row.enabled_before)
    state.set(row.chunk_id, row.enabled_after)
  }
  expect(Object.fromEntries(state)).toEqual(Object.fromEntries(now))
  return rows.length
}

/** Inserts a content item of `count` chunks in one statement, indexed for search; answers its id and chunk ids. */
export async function seedLargeContent(
  db: Queryable,
  count: number,
  text = (n: number) => `line number ${n} of the long film`,
): Promise<{ contentId: number; chunkIds: number[] }> {
  const { rows } = await db.query<{ id: number }>(
    `insert into content_metadata (name, content_category) values ('Very Long Film', 'movie') returning id`,
  )
  const contentId = rows[0]!.id
  const texts = Array.from({ length: count }, (_, i) => text(i + 1))
  const inserted = await db.query<{ id: number }>(
    `insert into content_chunks (content_metadata_id, chunk_order, play_file_name, segment_file_name,
       thumbnail_file_name, chunk_duration, transcribed_text, word_count)
     select $1, n - 1, n || '.mp4', 'segment_' || n || '.json', n || '_thumbnail.jpg', 2.5, t,
       array_length(regexp_split_to_array(t, '\\s+'), 1)
     from unnest($2::text[]) with ordinality as s (t, n)
     order by n
     returning id`,
    [contentId, texts],
  )
  const chunkIds = inserted.rows.map((row) => row.id).sort((a, b) => a - b)
  for (let i = 0; i < chunkIds.length; i += 1000) await indexChunkText(db, chunkIds.slice(i, i + 1000))
  return { contentId, chunkIds }
}
