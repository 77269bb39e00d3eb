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
  /** Remembered settings (issue 17); `{}` until the user sets one. */
  preferences: UserPreferences
}

/**
 * Settings a learner sets once and keeps across devices (issue 17, docs/decisions/089); each key is optional. Sent
 * in `PUT /api/auth/profile` as `preferences` (merged into the stored ones; `null` for a key removes it).
 */
export interface UserPreferences {
  /** 2-letter code of the translation language (spec §3 `translated_language`). */
  translation_language?: string
  /** The translations tab (spec §4: Full, Literal, Keywords). */
  translation_tab?: 'full' | 'literal' | 'keywords'
  /** The player's speed: 0.5 to 2 (PREFERENCE_PLAYBACK_RATES). */
  playback_rate?: number
  /** Listening mode (issue 18): subtitles hidden until revealed, the picture hidden. */
  listening_mode?: boolean
  /** Run-through (issue 18): 'Repeat each clip', how many times each clip plays before the next. */
  repeat_each?: 1 | 2 | 3
  /** Run-through: 'Stop after each clip' (pause at the end of each clip instead of going on). */
  stop_after_each?: boolean
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

/**
 * A phrase that has results and how many clips say it: each item of `GET /api/search/complete` (type-ahead) and
 * `GET /api/search/suggest`, and the answer of `GET /api/search/correct` ("did you mean", or null). Issue 18.
 */
export interface PhraseSuggestion {
  phrase: string
  count: number
}

/** A user's like and save of a content item (spec §3 "Content status"). */
export interface ContentStatus {
  is_liked: boolean
  is_saved: boolean
}

/** One play-history entry (spec §3); `id` (beyond spec) names it for `DELETE /api/user-content/play-history/{id}`. */
export interface HistoryItem {
  id: number
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

/** One line said around a clip in the same source (`GET /api/content/chunks/{id}/context`). */
export interface ContextLine {
  id: number
  transcribed_text: string
  chunk_type: string
  chunk_duration: number
  play_s3_url: string
  segment_s3_url: string | null
  thumbnail_s3_url: string | null
  /** The line's translated phrase by two-letter language code (only `lang` when the call names one). */
  translations: Record<string, string>
}

/** The context of a clip: the lines before it (oldest first), the clip itself and the lines after it. */
export interface ChunkContext {
  content_metadata: ContentMetadata
  before: ContextLine[]
  chunk: ContextLine
  after: ContextLine[]
}

/** Admin content metadata (spec §3): a content item with the number of its clips. */
export interface AdminContentMetadata extends ContentMetadata {
  chunk_count: number
  /** Not in the spec: how many of those clips are enabled. */
  enabled_chunk_count: number
}

/** The last enable/disable of a clip (the audit trail, docs/decisions/084). */
export interface AdminChunkChange {
  /** The admin's username at the time of the change. */
  admin: string
  /** ISO 8601. */
  changed_at: string
  enabled_before: boolean
  enabled_after: boolean
}

/** Admin content chunk (spec §3), enabled or not, with its last change (null when never toggled). */
export interface AdminChunk {
  id: number
  play_file_name: string
  segment_file_name: string | null
  thumbnail_file_name: string | null
  chunk_type: string
  chunk_duration: number
  enabled: boolean
  transcribed_text: string
  play_s3_url: string
  segment_s3_url: string | null
  thumbnail_s3_url: string | null
  last_change: AdminChunkChange | null
}

/** Body of `PATCH /admin-api/content-chunks/enabled` (not in the spec; docs/decisions/084). */
export interface AdminBulkEnabledRequest {
  /** 1 to `LIMITS.adminBulkMax` ids; duplicates collapse. */
  chunk_ids: number[]
  enabled: boolean
}

/** Answer of the bulk enable/disable: the chunks in request order as they now are, and how many changed. */
export interface AdminBulkEnabledResult {
  chunks: AdminChunk[]
  changed: number
}

/** What an export reads: the caller's saved clips, or a collection's phrases (issue 18, docs/decisions/091). */
export type ExportSource = 'saved' | 'collection'
/** An Anki deck (`.apkg`) or a CSV table. */
export type ExportFormat = 'apkg' | 'csv'
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed'

/** Body of `POST /api/exports`. */
export interface ExportRequest {
  source: ExportSource
  collection_id?: number
  format: ExportFormat
  /** Two-letter code of the learner's language for the translation field; none when left out. */
  lang?: string
}

/** What a finished export holds and what it left out. */
export interface ExportSummary {
  notes: number
  /** Collection phrases that no clip says (left out). */
  skipped_phrases: string[]
  /** Clips whose audio or picture could not be made (their notes are in, without it). */
  missing_media: number
  /** Saved clips beyond the export limit (the newest were exported). */
  left_out: number
}

/** An export job as `GET /api/exports/{id}` answers it. */
export interface ExportJob {
  id: string
  status: ExportStatus
  source: ExportSource
  format: ExportFormat
  progress: { done: number; total: number }
  /** When done: where to download the file (only the requester can). */
  download_url?: string
  file_name?: string
  summary?: ExportSummary
  /** When failed: why. */
  detail?: string
  expires_at: string
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

/** One value of a search filter and how many matching clips have it (issue 18). */
export interface FacetCount {
  value: string
  count: number
}

/**
 * `GET /api/search/facets?q=` (issue 18, decision 098): per filter, the values found among the phrase's matches
 * and how many clips have each, most first. Each facet counts under every other filter given but its own, so
 * the counts say what choosing another value of it would give. Genres and categories are lowercased.
 */
export interface SearchFacets {
  genre: FacetCount[]
  category: FacetCount[]
  /** `video` and `audio` (every chunk type but video, spec §3). */
  media: FacetCount[]
  /** True when the counts cover only the first `LIMITS.searchMaxResults` matches (PostgreSQL). */
  capped: boolean
  engine: 'postgres' | 'meilisearch'
}

/**
 * Issue 18: the clips collection members remember, keyed like `members` ('1','2',…); members without one are
 * left out. Part of the members endpoint's answer.
 */
export interface CollectionMemberClips {
  member_clips: Record<string, number>
}

/** Body of `POST /api/collections/{id}/clips` (issue 18): the clip, and its phrase (else the clip's transcript). */
export interface AddClipToCollectionBody {
  chunk_id: number
  phrase?: string | null
}

/** Answer of `POST /api/collections/{id}/clips`: the collection with its members, and where the phrase is. */
export interface CollectionClipAdded extends CollectionWithMembers, CollectionMemberClips {
  /** 1-based position of the phrase ('1','2',… in `members`). */
  position: number
  /** False when the collection held the phrase already (its remembered clip is now this one). */
  added: boolean
}
