/**
 * The hottest public reads (every page asks for the totals; the player asks for a clip by id) on a lean path:
 * concurrent requests share database round trips (`Batcher`: one totals read serves every caller waiting for it;
 * one `any($1)` lookup serves every chunk id asked for while the previous lookup ran), statements are named
 * prepared statements on PostgreSQL, and the routes answer `RawAnswer`s (a string body, no Fetch `Response`).
 *
 * Chunk answers are kept per process, tagged with the content generation (`search_state.generation`, bumped in
 * the same transaction as every write to chunks or content metadata) they were read at. Each request reads the
 * current generation first (one shared primary-key read per wave of requests) and uses a kept answer only if it
 * is still the same: nothing stale is ever served, a disabled chunk is gone from the next request on in every
 * process, and no correctness rests on what a process holds. See docs/decisions/006-lean-hot-reads.md.
 */
import type { AppContext } from '../context.ts'
import { type Queryable, namedStatementsSafe } from '../db/connect.ts'
import { Batcher } from '../http/batcher.ts'
import { NotFoundError } from '../http/errors.ts'
import { parseId } from '../http/input.ts'
import { noContent, RawAnswer } from '../http/respond.ts'
import type { Router } from '../http/router.ts'
import { MESSAGES } from '../shared/messages.ts'
import { CHUNK_COLUMNS, type ChunkRow, toChunk } from './content-store.ts'

// The generation is read in the same statement (one snapshot), so the rows carry exactly the generation they
// belong to. The metadata comes in through a LATERAL lookup with a LIMIT, which keeps it a per-row primary-key
// probe: as a plain join the planner hashes the whole content_metadata table for every batch (0.27 ms for 12 ids
// at 1,000 items, growing with the catalogue; 0.12 ms this way, growing with the batch).
const CHUNKS_BY_IDS = `select ${CHUNK_COLUMNS}, (select generation from search_state where id = 1) as generation
  from content_chunks c
  cross join lateral (
    select m.id, m.name, m.content_part, m.content_category, m.genre, m.release_year, m.external_link
    from content_metadata m where m.id = c.content_metadata_id limit 1
  ) m
  where c.id = any($1::bigint[]) and c.enabled`
const TOTALS = 'select chunk_count, word_count from content_stats where id = 1'
const GENERATION = 'select generation from search_state where id = 1'

/** Chunk answers kept per process (about 0.5 KB each); 0 turns keeping off. */
let keptChunks = 20_000

/**
 * Chunk lookups running at once per process. One: under load the ids queue behind the running lookup and go
 * out together, and bigger batches cost PostgreSQL less per id than parallel small ones. Measured at 32 clients
 * on 2 cores (docs/benchmarks.md): 1 in flight, about 11 ids a batch, 14.4k req/s; 2, about 6 ids, 11.2k; 4,
 * about 4 ids, 8.3k. A lone request still goes out at once. More throughput comes from more processes.
 */
const CHUNK_BATCHES_IN_FLIGHT = 1
const CHUNK_BATCH_MAX = 500

interface Totals {
  chunks: number
  words: number
}

interface Readers {
  /** JSON text of the enabled chunk (or null), with the generation it was read at. */
  chunk: Batcher<number, Kept>
  totals: Batcher<0, Totals>
  generation: Batcher<0, number>
  /** Answers of the generation `keptAt`; emptied when a newer generation is seen. */
  kept: Map<number, string | null>
  keptAt: number
}

interface Kept {
  body: string | null
  generation: number
}

/** Per pool, then per media base (kept answers carry media URLs). */
const readers = new WeakMap<Queryable, Map<string, Readers>>()

function readersFor(ctx: AppContext): Readers {
  let byBase = readers.get(ctx.db)
  if (!byBase) {
    byBase = new Map()
    readers.set(ctx.db, byBase)
  }
  let found = byBase.get(ctx.mediaBase)
  if (!found) {
    const db = ctx.db
    const mediaBase = ctx.mediaBase
    found = {
      chunk: new Batcher(
        async (ids) => {
          const named = await namedStatementsSafe(db)
          const { rows } = await db.query<ChunkRow & { generation: number | null }>({
            ...(named ? { name: 'public-chunks-by-ids' } : {}),
            text: CHUNKS_BY_IDS,
            values: [ids],
          })
          // a statement that finds none of the ids returns no generation: those answers are not kept
          const generation = rows[0]?.generation ?? -1
          const found = new Map<number, Kept>(ids.map((id) => [id, { body: null, generation }]))
          for (const row of rows) {
            found.set(row.id, { body: JSON.stringify(toChunk(row, mediaBase)), generation })
          }
          return found
        },
        { maxInFlight: CHUNK_BATCHES_IN_FLIGHT, maxBatch: CHUNK_BATCH_MAX },
      ),
      totals: new Batcher(
        async () => {
          const { rows } = await db.query<{ chunk_count: number; word_count: number }>(TOTALS)
          return new Map([[0, { chunks: rows[0]?.chunk_count ?? 0, words: rows[0]?.word_count ?? 0 }]])
        },
        { maxInFlight: 1 },
      ),
      generation: new Batcher(
        async () => {
          const { rows } = await db.query<{ generation: number }>(GENERATION)
          return new Map([[0, rows[0]?.generation ?? 0]])
        },
        { maxInFlight: 1 },
      ),
      kept: new Map(),
      keptAt: -1,
    }
    byBase.set(mediaBase, found)
  }
  return found
}

/** JSON text of an enabled chunk (the public chunk shape), or null; concurrent calls share their queries. */
export async function chunkJson(ctx: AppContext, chunkId: number): Promise<string | null> {
  const readers = readersFor(ctx)
  if (keptChunks > 0) {
    const generation = (await readers.generation.load(0)) ?? -1
    if (generation > readers.keptAt) {
      readers.kept.clear() // every kept answer has the generation keptAt: all of them are out of date
      readers.keptAt = generation
    }
    if (generation === readers.keptAt) {
      const kept = readers.kept.get(chunkId)
      if (kept !== undefined) return kept
    }
  }
  const read = await readers.chunk.load(chunkId)
  if (!read) return null
  // keep it only if it belongs to the generation the next requests will compare with
  if (keptChunks > 0 && read.generation === readers.keptAt && read.generation !== -1) {
    if (readers.kept.size >= keptChunks) readers.kept.delete(readers.kept.keys().next().value!)
    readers.kept.set(chunkId, read.body)
  }
  return read.body
}

/** Sets how many chunk answers a process keeps (0 turns keeping off: every request reads the chunk). */
export function setKeptChunks(entries: number): void {
  keptChunks = Math.max(0, Math.floor(entries))
}

/** Totals of enabled chunks and their words (decision 004); concurrent calls share one query. */
export async function sharedContentTotals(ctx: AppContext): Promise<Totals> {
  return (await readersFor(ctx).totals.load(0)) ?? { chunks: 0, words: 0 }
}

// Public content is the same for everyone; a short shared cache spares the database on busy pages. Readable
// from any origin: the embeddable player (/embed/player.js) asks for chunks from third-party pages.
const PUBLIC_JSON = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=30',
  'access-control-allow-origin': '*',
})

/** `chunk/{id}`, `chunks/count` and `words/count` of spec §7.2; registered before the other content routes. */
export function registerPublicReadRoutes(router: Router<AppContext>): void {
  router.get('/api/content/chunk/:chunkId', async ({ params, url, ctx }) => {
    const body = await chunkJson(ctx, parseId(params.chunkId, 'chunkId'))
    if (body === null) {
      // `missing=no-content` (beyond spec, as navigate-chunk's, decision 067): a page opening a shared `?clip=`
      // link asks this way, so a clip gone since logs no console error (decision 097)
      if (url.searchParams.get('missing') === 'no-content')
        return noContent({ 'access-control-allow-origin': '*' })
      throw new NotFoundError(MESSAGES.chunkNotFound)
    }
    return new RawAnswer(200, PUBLIC_JSON, body)
  })

  router.get('/api/content/chunks/count', async ({ ctx }) => {
    const totals = await sharedContentTotals(ctx)
    return new RawAnswer(200, PUBLIC_JSON, `{"count":${totals.chunks}}`)
  })

  router.get('/api/content/words/count', async ({ ctx }) => {
    const totals = await sharedContentTotals(ctx)
    return new RawAnswer(200, PUBLIC_JSON, `{"count":${totals.words}}`)
  })
}
