/**
 * oEmbed for clip links (issue 16; https://oembed.com; docs/decisions/087): a `/play/{id}` link of this site
 * becomes a `video` answer whose `html` is the `/embed/{id}` iframe, so chat and CMS link previews embed the player.
 */
import type { Queryable } from '../db/connect.ts'
import {
  EMBED_DEFAULT_SIZE,
  EMBED_PROVIDER_NAME,
  type EmbedSize,
  clipTitle,
  iframeSnippet,
} from '../shared/embed-snippets.ts'
import type { OEmbedVideo } from '../shared/wire.ts'
import { findChunk } from './content-store.ts'

/** A clip id in a `/play/{id}` path (digits, the same as the /play page accepts), nothing before or after. */
const PLAY_PATH = /^\/play\/([0-9]{1,15})\/?$/

/**
 * The clip id of `url` when it is a `/play/{id}` link on one of `hosts` (host and port as `URL.host` gives them),
 * over http or https, without credentials; a query or fragment is ignored. Null for anything else: unparsable
 * text, another host, another path (percent-encoded digits, extra segments, a zero id), userinfo tricks.
 */
export function playLinkChunkId(url: string, hosts: ReadonlySet<string>): number | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (parsed.username !== '' || parsed.password !== '') return null
  if (!hosts.has(parsed.host.toLowerCase())) return null
  const match = PLAY_PATH.exec(parsed.pathname)
  if (!match) return null
  const id = Number(match[1])
  return Number.isSafeInteger(id) && id >= 1 ? id : null
}

// Thumbnails are not measured at ingest: video ones are scaled to 360 px high (16:9 sources give 640x360) and
// audio ones are 640x360 waveforms, so the nominal size is given (decision 087).
const THUMBNAIL_SIZE = EMBED_DEFAULT_SIZE

/**
 * The oEmbed answer for clip `chunkId` with links on `origin`, at `size`; null when the clip is unknown or disabled.
 */
export async function describeClipEmbed(
  db: Queryable,
  mediaBase: string,
  chunkId: number,
  origin: string,
  size: EmbedSize,
): Promise<OEmbedVideo | null> {
  const chunk = await findChunk(db, mediaBase, chunkId)
  if (!chunk) return null
  const answer: OEmbedVideo = {
    type: 'video',
    version: '1.0',
    title: clipTitle(chunk.content_metadata),
    provider_name: EMBED_PROVIDER_NAME,
    provider_url: `${origin}/`,
    html: iframeSnippet(origin, chunk.id, size),
    width: size.width,
    height: size.height,
  }
  if (chunk.thumbnail_s3_url) {
    // oEmbed: the thumbnail's URL, width and height come together or not at all
    answer.thumbnail_url = new URL(chunk.thumbnail_s3_url, origin).href
    answer.thumbnail_width = THUMBNAIL_SIZE.width
    answer.thumbnail_height = THUMBNAIL_SIZE.height
  }
  return answer
}
