import type { Queryable } from '../db/connect.ts'
import { mediaUrl } from '../media/media-url.ts'
import type { ChunkContext, ContentMetadata, ContextLine } from '../shared/wire.ts'

interface ContextRow {
  side: 'before' | 'chunk' | 'after'
  id: number
  metadata_id: number
  play_file_name: string
  segment_file_name: string | null
  thumbnail_file_name: string | null
  transcribed_text: string
  chunk_type: string
  chunk_duration: number
  translations: Record<string, string> | null
}

/**
 * The enabled lines said just before and after an enabled clip in the same content item (by `chunk_order`), each
 * with its translated phrases (only `language` when given); null when the clip is unknown or disabled. Each side is
 * an index walk of `content_chunks_nav_idx` from the clip, at most `before`/`after` rows.
 */
export async function findChunkContext(
  db: Queryable,
  mediaBase: string,
  chunkId: number,
  around: { before: number; after: number; language: string | null },
): Promise<ChunkContext | null> {
  const [lines, metadata] = await Promise.all([
    db.query<ContextRow>(
      `with cur as (
         select id, content_metadata_id, chunk_order from content_chunks where id = $1 and enabled
       ),
       picked as (
         select 'chunk' as side, id, 0 as pos from cur
         union all
         (select 'before', c.id, -row_number() over (order by c.chunk_order desc) from cur
          join content_chunks c on c.content_metadata_id = cur.content_metadata_id and c.enabled
            and c.chunk_order < cur.chunk_order
          order by c.chunk_order desc limit $2)
         union all
         (select 'after', c.id, row_number() over (order by c.chunk_order) from cur
          join content_chunks c on c.content_metadata_id = cur.content_metadata_id and c.enabled
            and c.chunk_order > cur.chunk_order
          order by c.chunk_order limit $3)
       )
       select p.side, c.id, c.content_metadata_id as metadata_id, c.play_file_name, c.segment_file_name,
         c.thumbnail_file_name, c.transcribed_text, c.chunk_type, c.chunk_duration,
         (select jsonb_object_agg(t.language, t.translation_data->>'translated_phrase' order by t.language)
          from chunk_translations t
          where t.chunk_id = c.id and ($4::text is null or t.language = $4)
            and t.translation_data->>'translated_phrase' is not null) as translations
       from picked p join content_chunks c on c.id = p.id
       order by p.pos`,
      [chunkId, around.before, around.after, around.language],
    ),
    db.query<ContentMetadata>(
      `select m.id, m.name, m.content_part, m.content_category, m.genre, m.release_year, m.external_link
       from content_chunks c join content_metadata m on m.id = c.content_metadata_id
       where c.id = $1 and c.enabled`,
      [chunkId],
    ),
  ])
  const content = metadata.rows[0]
  const current = lines.rows.find((row) => row.side === 'chunk')
  if (!content || !current) return null
  const toLine = (row: ContextRow): ContextLine => ({
    id: row.id,
    transcribed_text: row.transcribed_text,
    chunk_type: row.chunk_type,
    chunk_duration: row.chunk_duration,
    play_s3_url: mediaUrl(mediaBase, row.metadata_id, row.play_file_name),
    segment_s3_url: mediaUrl(mediaBase, row.metadata_id, row.segment_file_name),
    thumbnail_s3_url: mediaUrl(mediaBase, row.metadata_id, row.thumbnail_file_name),
    translations: row.translations ?? {},
  })
  return {
    content_metadata: content,
    before: lines.rows.filter((row) => row.side === 'before').map(toLine),
    chunk: toLine(current),
    after: lines.rows.filter((row) => row.side === 'after').map(toLine),
  }
}
