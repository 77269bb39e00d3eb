/**
 * The embed snippets of a clip (issue 16; docs/decisions/087), one source for the oEmbed `html` (server) and the
 * /play page's Embed dialog (browser): the iframe at `/embed/{id}` and the `/embed/api.js` JS API player. Also the
 * player's size for oEmbed's `maxwidth`/`maxheight` and the clip title that /play and oEmbed share.
 */
import { LIMITS, normalizeText } from './limits.ts'
import { MESSAGES } from './messages.ts'
import type { ContentMetadata } from './wire.ts'

/** Who provides the embeds (oEmbed `provider_name`). */
export const EMBED_PROVIDER_NAME = 'PhraseReel'

/** The iframe's accessible name. */
export const EMBED_PLAYER_TITLE = 'PhraseReel player'

/** Id of the element the JS snippet mounts its player into. */
export const EMBED_SCRIPT_TARGET_ID = 'phrasereel-player'

/** A player size in CSS pixels. */
export interface EmbedSize {
  width: number
  height: number
}

/** The default size, 640x360. */
export const EMBED_DEFAULT_SIZE: Readonly<EmbedSize> = Object.freeze({
  width: LIMITS.embedDefaultWidth,
  height: LIMITS.embedDefaultHeight,
})

/**
 * The default size scaled down (never up) to fit `maxWidth` and `maxHeight`, keeping 16:9; whole pixels, each at
 * least 1, never over either bound.
 */
export function fitEmbedSize(maxWidth?: number | null, maxHeight?: number | null): EmbedSize {
  const { width: w, height: h } = EMBED_DEFAULT_SIZE
  let width = w
  if (maxWidth != null) width = Math.min(width, maxWidth)
  if (maxHeight != null) width = Math.min(width, Math.floor((maxHeight * w) / h))
  width = Math.max(1, width)
  const height = width === w ? h : Math.max(1, Math.floor((width * h) / w))
  return { width, height }
}

// Attribute values: the origin comes from configuration or the Host header, so it is escaped like any text.
function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** `{origin}/embed/{id}`: the iframe page of one clip. */
export function embedPageUrl(origin: string, chunkId: number): string {
  return `${origin}/embed/${chunkId}`
}

/** The iframe snippet: `<iframe src="{origin}/embed/{id}" width="640" height="360" …></iframe>`. */
export function iframeSnippet(origin: string, chunkId: number, size: EmbedSize = EMBED_DEFAULT_SIZE): string {
  return `<iframe src="${attr(embedPageUrl(origin, chunkId))}" width="${size.width}" height="${size.height}" title="${EMBED_PLAYER_TITLE}" allow="autoplay; fullscreen; clipboard-write" allowfullscreen loading="lazy" style="border:0"></iframe>`
}

/** The JS API snippet: a target element, the `/embed/api.js` loader and a player for the clip once it is ready. */
export function scriptSnippet(origin: string, chunkId: number): string {
  return [
    `<div id="${EMBED_SCRIPT_TARGET_ID}"></div>`,
    `<script src="${attr(`${origin}/embed/api.js`)}" async></script>`,
    '<script>',
    '  window.onPhraseReelReady = function () {',
    `    new PhraseReel.Player('${EMBED_SCRIPT_TARGET_ID}', { chunkId: ${chunkId} })`,
    '  }',
    '</script>',
  ].join('\n')
}

/** A clip's title as /play shows it and oEmbed answers it: the content name (or 'Untitled Content') and its part. */
/** Longest phrase a clip's shared title quotes before it is cut at a word (with an ellipsis). */
const PHRASE_TITLE_MAX = 60

/**
 * The phrase a shared clip's title quotes (issue 17): the query the link carries when the clip says it (spec §5
 * matching), else the clip's own line, cut at a word past `PHRASE_TITLE_MAX` characters; null when neither has
 * any text.
 */
export function clipPhrase(transcript: string, query: string | null | undefined): string | null {
  const q = query?.trim().replace(/\s+/g, ' ') ?? ''
  const said = ` ${normalizeText(transcript).replace(/\s+/g, ' ')} `
  if (q && normalizeText(q) && said.includes(` ${normalizeText(q)} `)) return cut(q)
  const line = transcript.trim().replace(/\s+/g, ' ')
  return line ? cut(line) : null
}

function cut(text: string): string {
  if (text.length <= PHRASE_TITLE_MAX) return text
  const head = text.slice(0, PHRASE_TITLE_MAX + 1)
  const space = head.lastIndexOf(' ')
  return `${(space > 20 ? head.slice(0, space) : text.slice(0, PHRASE_TITLE_MAX)).replace(/[\s,;:.!?-]+$/, '')}…`
}

/** A shared clip's title: “{phrase}” in {title · part} (issue 17), or the title alone without a phrase. */
export function sharedClipTitle(
  chunk: {
    transcribed_text: string
    content_metadata: Pick<ContentMetadata, 'name' | 'content_part'> | null
  },
  query?: string | null,
): string {
  const phrase = clipPhrase(chunk.transcribed_text, query)
  const title = clipTitle(chunk.content_metadata)
  return phrase ? `“${phrase}” in ${title}` : title
}

export function clipTitle(meta: Pick<ContentMetadata, 'name' | 'content_part'> | null | undefined): string {
  const name = meta?.name?.trim() || MESSAGES.untitledContent
  return [name, meta?.content_part?.trim()].filter(Boolean).join(' · ')
}
