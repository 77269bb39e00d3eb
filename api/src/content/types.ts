/** Content metadata as the API answers it (spec §3). */
export interface ContentMetadata {
  id: number
  name: string
  content_part: string | null
  content_category: string | null
  genre: string | null
  release_year: number | null
  external_link: string | null
}

/** A clip as the public API answers it (spec §3): media URLs, transcript, type and its content metadata. */
export interface Chunk {
  id: number
  play_s3_url: string
  segment_s3_url: string | null
  thumbnail_s3_url: string | null
  transcribed_text: string
  chunk_type: string
  chunk_duration: number
  content_metadata: ContentMetadata
}

/** One translation of a clip (spec §3). */
export interface Translation {
  translated_language: string
  translation_data: { translated_phrase: string } | null
  translation_literal_data: { words: Record<string, string>[] } | null
  translation_comprehension_data: { phrase: string; translation: string }[] | null
}

/** Where previous/next leads (spec §7.2 navigate-chunk). */
export interface ChunkLink {
  id: number
  play_s3_url: string
  segment_s3_url: string | null
}
