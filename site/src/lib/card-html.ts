/**
 * Clip card markup as a string (spec §2.7), shared by the server render of the home page and the home feed
 * script, so both produce the same DOM as the React `ChunkCard` without shipping React to the home page.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { SiteChunk } from './api.ts'
import { formatDuration, typeLabel } from './format.ts'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

const PLAY_ICON =
  '<span class="card__play" aria-hidden="true"><svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M8 5v14l11-7z"></path></svg></span>'

/** One grid item (`<li>`) with a clip card. */
export function chunkCardHtml(chunk: SiteChunk, options: { priority?: boolean } = {}): string {
  const title = chunk.content_metadata?.name?.trim() || MESSAGES.untitledContent
  const genre = chunk.content_metadata?.genre?.trim().toLowerCase() ?? ''
  const image = chunk.thumbnail_s3_url
    ? `<img src="${escapeHtml(chunk.thumbnail_s3_url)}" alt="" width="320" height="180" loading="${options.priority ? 'eager' : 'lazy'}" decoding="async"${options.priority ? ' fetchpriority="high"' : ''}>`
    : ''
  const text = chunk.transcribed_text ? `<p class="card__text">${escapeHtml(chunk.transcribed_text)}</p>` : ''
  // issue 18: the clip (its transcript as the phrase) into one of the learner's collections
  const add = `<button type="button" class="button button--small card__add" data-add-collection="${chunk.id}" aria-label="${escapeHtml(`${MESSAGES.addToCollection}: ${title}`)}">${escapeHtml(MESSAGES.addToCollection)}</button>`
  return `<li data-id="${chunk.id}" data-genre="${escapeHtml(genre)}"><article class="card">${mediaHtml(chunk, title, image, '')}<h2 class="card__title" title="${escapeHtml(title)}">${escapeHtml(title)}</h2>${text}${add}</article></li>`
}

/**
 * The thumbnail link with its badges. The type label, duration and placeholder sit beside the link, not in it,
 * so the link's accessible name ('Play: …') matches its visible content (WCAG 2.5.3).
 */
export function mediaHtml(
  chunk: SiteChunk,
  title: string,
  image: string,
  linkAttrs: string,
  withType = true,
): string {
  const placeholder = image
    ? ''
    : `<span class="card__thumb-placeholder" aria-hidden="true">${escapeHtml(MESSAGES.videoPreview)}</span>`
  const type = withType ? `<span class="card__type">${escapeHtml(typeLabel(chunk))}</span>` : ''
  const duration =
    chunk.chunk_duration > 0
      ? `<span class="card__duration">${formatDuration(chunk.chunk_duration)}</span>`
      : ''
  return `<div class="card__media"><a class="card__thumb" href="/play/${chunk.id}" aria-label="${escapeHtml(`Play: ${title}`)}"${linkAttrs}>${image}${PLAY_ICON}</a>${placeholder}${type}${duration}</div>`
}

/** `count` skeleton grid items. */
export function skeletonCardsHtml(count: number): string {
  const one =
    '<li data-skeleton aria-hidden="true"><div class="card skeleton"><div class="skeleton__block skeleton__thumb"></div><div class="skeleton__block skeleton__line"></div><div class="skeleton__block skeleton__line skeleton__line--short"></div></div></li>'
  return one.repeat(count)
}

/** The genre filter buttons ('All' first). */
export function genreButtonsHtml(genres: readonly string[], current: string | null): string {
  const button = (label: string, value: string, pressed: boolean) =>
    `<button type="button" class="chip" data-genre="${escapeHtml(value)}" aria-pressed="${pressed}">${escapeHtml(label)}</button>`
  return [button('All', '', current === null), ...genres.map((g) => button(g, g, current === g))].join('')
}
