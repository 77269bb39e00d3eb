/**
 * Data access of type-ahead and corrections (decision 090): the phrase counts (`search_phrases`), what each clip
 * counts for (`search_phrase_chunks`), and the reads of completion and the vocabulary. Writes run inside the
 * caller's transaction (`phrase-sync.ts`).
 */
import type { Queryable } from '../db/connect.ts'

/** A phrase and how many enabled clips say it. */
export interface PhraseCount {
  phrase: string
  clips: number
}

/** What a clip counts for now (`counted`) and what it should (`text`: its normalised transcript when enabled). */
export interface PhraseChunkState {
  id: number
  counted: string | null
  text: string | null
}

/**
 * Locks the bookkeeping rows of these chunks (created when missing), in id order so that writers in parallel
 * wait for each other rather than deadlock, then reads their state with a snapshot taken after the locks.
 */
export async function lockPhraseChunks(db: Queryable, chunkIds: number[]): Promise<PhraseChunkState[]> {
  const ids = [...new Set(chunkIds)].sort((a, b) => a - b)
  await db.query(
    `insert into search_phrase_chunks (chunk_id)
     select id from unnest($1::bigint[]) as v(id) order by id on conflict do nothing`,
    [ids],
  )
  await db.query(
    'select chunk_id from search_phrase_chunks where chunk_id = any($1::bigint[]) order by chunk_id for update',
    [ids],
  )
  const { rows } = await db.query<{ id: string; counted: string | null; text: string | null }>(
    `select p.chunk_id::text as id, p.counted_text as counted, case when c.enabled then c.search_text end as text
     from search_phrase_chunks p left join content_chunks c on c.id = p.chunk_id
     where p.chunk_id = any($1::bigint[])`,
    [ids],
  )
  return rows.map((row) => ({ id: Number(row.id), counted: row.counted, text: row.text }))
}

/**
 * Adds `deltas` to the phrases' clip counts (sorted, so parallel writers lock phrase rows in one order) and drops
 * the phrases no clip says any more.
 */
export async function applyPhraseDeltas(
  db: Queryable,
  deltas: { phrase: string; words: number; delta: number }[],
): Promise<void> {
  const changed = deltas.filter((entry) => entry.delta !== 0)
  if (changed.length === 0) return
  await db.query(
    `insert into search_phrases (phrase, words, clips)
     select phrase, words, delta from unnest($1::text[], $2::smallint[], $3::int[]) as v(phrase, words, delta)
     order by phrase collate "C"
     on conflict (phrase) do update set clips = search_phrases.clips + excluded.clips`,
    [
      changed.map((entry) => entry.phrase),
      changed.map((entry) => entry.words),
      changed.map((entry) => entry.delta),
    ],
  )
  const fallen = changed.filter((entry) => entry.delta < 0).map((entry) => entry.phrase)
  if (fallen.length > 0) {
    await db.query('delete from search_phrases where phrase = any($1::text[]) and clips <= 0', [fallen])
  }
}

/** Records what these chunks now count for; drops the rows of deleted chunks that count for nothing. */
export async function saveCountedTexts(
  db: Queryable,
  states: { id: number; text: string | null }[],
): Promise<void> {
  if (states.length === 0) return
  await db.query(
    `update search_phrase_chunks p set counted_text = v.text
     from unnest($1::bigint[], $2::text[]) as v(id, text) where p.chunk_id = v.id`,
    [states.map((state) => state.id), states.map((state) => state.text)],
  )
  await db.query(
    `delete from search_phrase_chunks p where p.chunk_id = any($1::bigint[]) and p.counted_text is null
     and not exists (select 1 from content_chunks c where c.id = p.chunk_id)`,
    [states.map((state) => state.id)],
  )
}

/**
 * One window of the background sweep: the next `limit` chunks after `afterId`, and those among them whose counted
 * text is not what they say now (never counted, changed, toggled). Null when no chunk follows `afterId`.
 */
export async function phraseSweepWindow(
  db: Queryable,
  afterId: number,
  limit: number,
): Promise<{ lastId: number; pending: number[] } | null> {
  const { rows } = await db.query<{ id: string; pending: boolean }>(
    `with w as (
       select id, case when enabled then search_text end as text from content_chunks
       where id > $1 order by id limit $2
     )
     select w.id::text as id, p.counted_text is distinct from w.text as pending
     from w left join search_phrase_chunks p on p.chunk_id = w.id order by w.id`,
    [afterId, limit],
  )
  if (rows.length === 0) return null
  return {
    lastId: Number(rows[rows.length - 1]!.id),
    pending: rows.filter((row) => row.pending).map((row) => Number(row.id)),
  }
}

/** Phrases the most-said walk reads at most: bounded work under a common head whatever the prefix. */
export const WALK_MAX = 5000

/** Phrases that start with `prefix`, in phrase order, at most `limit` (a range of the primary key). */
export async function phrasesInRange(db: Queryable, prefix: string, limit: number): Promise<PhraseCount[]> {
  const { rows } = await db.query<PhraseCount>(
    `select phrase, clips from search_phrases where phrase >= $1 and phrase < $2 order by phrase limit $3`,
    [prefix, `${prefix}\u{10ffff}`, limit],
  )
  return rows
}

/**
 * The most said phrases that start with `prefix`, at most `limit`: walks the phrases under the prefix's first
 * `head` (2 or 4) characters from the most said down, until `limit` start with the whole prefix, reading at most
 * `WALK_MAX` of them (fewer than `limit` come back when the prefix's phrases are all rarer). Equal counts at
 * the cut come in index order (a tie-break column would make the walk read the whole tie, often thousands of
 * phrases said once).
 */
export async function topPhrasesUnder(
  db: Queryable,
  prefix: string,
  head: 2 | 4,
  limit: number,
): Promise<PhraseCount[]> {
  const { rows } = await db.query<PhraseCount>(
    `select phrase, clips from (
       select phrase, clips from search_phrases where left(phrase, ${head}) = $1 order by clips desc limit $4
     ) as walked where starts_with(phrase, $2) limit $3`,
    [prefix.slice(0, head), prefix, limit, WALK_MAX],
  )
  return rows
}

/** Clip counts of these phrases (those no enabled clip says are absent). */
export async function phraseCounts(db: Queryable, phrases: string[]): Promise<PhraseCount[]> {
  if (phrases.length === 0) return []
  const { rows } = await db.query<PhraseCount>(
    'select phrase, clips from search_phrases where phrase = any($1::text[]) and clips > 0',
    [phrases],
  )
  return rows
}

/** Every word enabled clips say, with its clip count (the one-word phrases). */
export async function loadVocabularyRows(db: Queryable): Promise<{ word: string; clips: number }[]> {
  const { rows } = await db.query<{ word: string; clips: number }>(
    'select phrase as word, clips from search_phrases where words = 1 and clips > 0',
  )
  return rows
}
