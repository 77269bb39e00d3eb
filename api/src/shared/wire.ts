/**
 * The JSON shapes the API answers with (spec §3, §7), defined once: the API's modules build them, the site's
 * islands and the widget read them. Types only, so importing this adds nothing to a bundle.
 */

/** The user as every auth answer shows it (spec §3). */
export interface PublicUser {
  id: number
  email: string
  first_name: string
  last_name: string
  is_verified: boolean
  created_at: string
  profile_picture_url: string | null
}

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

/** Where a searched phrase is said in a clip: the match info each search result carries beside the chunk. */
export interface PhraseMatch {
  /** The matched words as the transcript writes them. */
  text: string
  /** Index of the first and last matched word in the transcript split on white space (0-based, inclusive). */
  word_start: number
  word_end: number
  /** Start and end of the matched words in the clip, in seconds. */
  start: number
  end: number
  /** True when the times come from word timings; false when estimated from the clip duration. */
  timed: boolean
}

/** The part of a match the player needs: the phrase's time range in the clip, in seconds. */
export type PhraseTimes = Pick<PhraseMatch, 'start' | 'end'>

/** A search result: the public chunk plus where the phrase occurs in it. */
export interface SearchHit extends Chunk {
  match: PhraseMatch
}

/** A user's like and save of a content item (spec §3 "Content status"). */
export interface ContentStatus {
  is_liked: boolean
  is_saved: boolean
}

/** One play-history entry (spec §3). */
export interface HistoryItem {
  chunk: Chunk
  content: ContentMetadata
  played_at: string
}

/** A collection as the API answers it (spec §3), for one viewer. */
export interface Collection {
  id: number
  name: string
  description: string | null
  public: boolean
  is_public: boolean
  is_liked: boolean
  likes_count: number
  members_count: number
  creator_name: string
  created_at: string
  updated_at: string
  tags: string[]
  is_owner: boolean
}

/** The members endpoint's answer: the collection with its phrases keyed '1','2',… in order (spec §3). */
export interface CollectionWithMembers extends Collection {
  members: Record<string, string>
}

/** The like/unlike answer of a collection (spec §4). */
export interface CollectionLike {
  is_liked: boolean
  likes_count: number
}

/** `GET /api/oembed` (issue 16): an oEmbed 1.0 `video` answer for a `/play/{id}` link; `html` is the iframe. */
export interface OEmbedVideo {
  type: 'video'
  version: '1.0'
  title: string
  provider_name: string
  provider_url: string
  /** The three thumbnail fields come together, when the clip has a thumbnail. */
  thumbnail_url?: string
  thumbnail_width?: number
  thumbnail_height?: number
  html: string
  width: number
  height: number
}
