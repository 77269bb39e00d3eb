import type { Pool } from '../src/db/connect.ts'
import { refreshContentTotals } from '../src/content/content-store.ts'
import { syncPhraseCounts } from '../src/search/phrase-sync.ts'
import { indexChunkText } from '../src/search/search-store.ts'

export interface FixtureChunk {
  text: string
  enabled?: boolean
  chunkType?: string
  duration?: number
  translations?: Record<
    string,
    { phrase: string; literal?: string[]; keywords?: { phrase: string; translation: string }[] }
  >
}

export interface FixtureContent {
  name: string
  category?: string
  genre?: string
  year?: number
  part?: string
  link?: string
  chunks: FixtureChunk[]
}

/**
 * Inserts content items and their chunks (file names as ingest writes them) and, like every real writer, their
 * search columns (`index: false` leaves them unindexed, for tests of the safety net); returns their ids in order.
 */
export async function seedContent(
  db: Pool,
  contents: FixtureContent[],
  options: { index?: boolean } = {},
): Promise<{ contentId: number; chunkIds: number[] }[]> {
  const out: { contentId: number; chunkIds: number[] }[] = []
  for (const content of contents) {
    const { rows } = await db.query<{ id: number }>(
      `insert into content_metadata (name, content_category, genre, release_year, content_part, external_link)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        content.name,
        content.category ?? null,
        content.genre ?? null,
        content.year ?? null,
        content.part ?? null,
        content.link ?? null,
      ],
    )
    const contentId = rows[0]!.id
    const chunkIds: number[] = []
    for (const [order, chunk] of content.chunks.entries()) {
      const n = order + 1
      const audio = chunk.chunkType && chunk.chunkType !== 'video'
      const inserted = await db.query<{ id: number }>(
        `insert into content_chunks (content_metadata_id, chunk_order, play_file_name, segment_file_name,
           thumbnail_file_name, chunk_type, chunk_duration, enabled, transcribed_text, word_count)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [
          contentId,
          order,
          audio ? `${n}.m4a` : `${n}.mp4`,
          `segment_${n}.json`,
          `${n}_thumbnail.jpg`,
          chunk.chunkType ?? 'video',
          chunk.duration ?? 2.5,
          chunk.enabled ?? true,
          chunk.text,
          chunk.text.split(/\s+/).filter(Boolean).length,
        ],
      )
      const chunkId = inserted.rows[0]!.id
      chunkIds.push(chunkId)
      for (const [language, t] of Object.entries(chunk.translations ?? {})) {
        await db.query(
          `insert into chunk_translations (chunk_id, language, translation_data, translation_literal_data,
             translation_comprehension_data) values ($1, $2, $3, $4, $5)`,
          [
            chunkId,
            language,
            JSON.stringify({ translated_phrase: t.phrase }),
            t.literal
              ? JSON.stringify({ words: t.literal.map((word, i) => ({ [String(i + 1)]: word })) })
              : null,
            t.keywords ? JSON.stringify(t.keywords) : null,
          ],
        )
      }
    }
    out.push({ contentId, chunkIds })
  }
  await refreshContentTotals(db)
  if (options.index !== false) {
    const ids = out.flatMap((content) => content.chunkIds)
    await indexChunkText(db, ids)
    await syncPhraseCounts(db, ids)
  }
  return out
}
