import type { PlayerChunk, PlayerOptions } from './types.ts'

/** The player options that describe one clip as the API answers it (spec §3 chunk). */
export function chunkToOptions(chunk: PlayerChunk): Partial<PlayerOptions> {
  return {
    chunkId: chunk.id,
    videoUrl: chunk.play_s3_url,
    subtitleUrl: chunk.segment_s3_url ?? null,
    thumbnailUrl: chunk.thumbnail_s3_url ?? null,
    transcript: chunk.transcribed_text ?? null,
    chunkType: chunk.chunk_type || 'video',
    contentMetadata: chunk.content_metadata ?? null,
    match: chunk.match ?? null,
  }
}
