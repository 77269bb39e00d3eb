/**
 * Search results markup as strings (spec §2.4), shared by the server render of /search and the page script that
 * renders later pages, so both give the same DOM without a framework.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { MARKS, type MarkKind, markIconHtml } from '../components/marks/mark-look.ts'
import type { SiteChunk } from './api.ts'
import { escapeHtml, mediaHtml } from './card-html.ts'
import { fill, formatResultTotal, type ResultTotal, typeLabel } from './format.ts'
import { highlightTranscript, highlightWordRange, type TextPart } from './highlight.ts'
import { pageItems } from './pagination.ts'

function transcriptParts(chunk: SiteChunk, query: string): TextPart[] {
  const text = chunk.transcribed_text ?? ''
  const parts = highlightTranscript(text, query)
  const match = chunk.match
  if (
    parts.some((part) => part.hit) ||
    typeof match?.word_start !== 'number' ||
    typeof match.word_end !== 'number'
  )
    return parts
  // the engine matched more loosely than exact words (e.g. a wildcard): trust its word range
  return highlightWordRange(text, match.word_start, match.word_end)
}

/** One result: player card or audio player, name, tags, highlighted transcript, copy buttons. */
export function resultHtml(chunk: SiteChunk, query: string, index: number): string {
  const meta = chunk.content_metadata
  const title = meta?.name?.trim() || MESSAGES.untitledContent
  const isVideo = (chunk.chunk_type || 'video') === 'video'
  const tags = [typeLabel(chunk), meta?.content_category, meta?.release_year, meta?.content_part]
    .filter((tag) => tag !== null && tag !== undefined && tag !== '')
    .map(String)
    .filter((tag, i, all) => all.indexOf(tag) === i)
  const media = isVideo
    ? mediaHtml(
        chunk,
        title,
        chunk.thumbnail_s3_url
          ? `<img src="${escapeHtml(chunk.thumbnail_s3_url)}" alt="" width="320" height="180" loading="${index < 2 ? 'eager' : 'lazy'}" decoding="async"${index === 0 ? ' fetchpriority="high"' : ''}>`
          : '',
        ` data-open="${index}"`,
        false,
      )
    : `<div class="result__audio"><span class="card__meta">Audio clip</span><audio controls preload="none" src="${escapeHtml(chunk.play_s3_url)}" aria-label="${escapeHtml(`Audio: ${title}`)}"></audio><button type="button" class="button button--small" data-open="${index}">Open with subtitles</button></div>`
  const transcript = transcriptParts(chunk, query)
    .map((part) => (part.hit ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text)))
    .join('')
  const headingId = `result-${chunk.id}-title`
  return `<li><article class="result" aria-labelledby="${headingId}" data-chunk-id="${chunk.id}"><div class="result__media">${media}</div><div class="result__body"><h2 class="result__title" id="${headingId}">${escapeHtml(title)}</h2>${
    tags.length > 0
      ? `<ul class="result__tags" aria-label="Tags">${tags.map((tag) => `<li class="tag">${escapeHtml(tag)}</li>`).join('')}</ul>`
      : ''
  }<p class="result__transcript">${transcript}</p><div class="result__actions"><button type="button" class="button button--small" data-copy-text="${index}">Copy text</button><button type="button" class="button button--small" data-copy-link="${chunk.id}">Copy link</button>${
    meta?.id ? markButtonHtml('like', meta.id, chunk.id) + markButtonHtml('save', meta.id, chunk.id) : ''
  }<button type="button" class="button button--small" data-add-collection="${chunk.id}">${escapeHtml(MESSAGES.addToCollection)}</button></div></div></article></li>`
}

/**
 * A result's Like or Save button for one clip (docs/decisions/088): `data-like`/`data-save` hold the content item,
 * `data-chunk` the clip; off until the page script knows the signed-in user's status (then 'Liked'/'Saved',
 * `aria-pressed="true"` and a filled icon).
 */
export function markButtonHtml(
  kind: MarkKind,
  contentMetadataId: number,
  chunkId: number,
  on = false,
): string {
  return `<button type="button" class="button button--small mark-button" data-${kind}="${contentMetadataId}" data-chunk="${chunkId}" aria-pressed="${on}" title="${escapeHtml(MARKS[kind].signedOut)}">${markIconHtml(kind, on, 16)}<span data-mark-word>${on ? MARKS[kind].wordOn : MARKS[kind].word}</span></button>`
}

/** Previous, page numbers (windowed past 10 pages) and Next; empty for one page. */
export function paginationHtml(page: number, totalPages: number): string {
  if (totalPages <= 1) return ''
  const button = (label: string, target: number, attrs = '') =>
    `<button type="button" class="button button--small${attrs.includes('aria-label') ? ' pagination__page' : ''}" data-page="${target}"${attrs}>${label}</button>`
  const items = pageItems(page, totalPages).map((item) =>
    typeof item === 'number'
      ? button(String(item), item, ` aria-label="Page ${item}"${item === page ? ' aria-current="page"' : ''}`)
      : '<span class="pagination__ellipsis" aria-hidden="true">…</span>',
  )
  return `<nav class="pagination" aria-label="Pagination">${button('Previous', page - 1, page <= 1 ? ' disabled' : '')}${items.join('')}${button('Next', page + 1, page >= totalPages ? ' disabled' : '')}</nav>`
}

/** The whole results block for one page: summary (an estimated or capped total says so), list, pager (or 'No results found.'). */
export function resultsBlockHtml(
  query: string,
  items: SiteChunk[],
  count: ResultTotal,
  page: number,
  pageSize: number,
): string {
  if (items.length === 0 && count.total === 0)
    return `<p class="results-summary" role="status" tabindex="-1">${escapeHtml(MESSAGES.noResults)}</p>`
  const totalPages = Math.ceil(count.total / pageSize)
  return `<p class="results-summary" role="status" tabindex="-1">${escapeHtml(fill(MESSAGES.resultsFound, { n: formatResultTotal(count), query }))}</p><ul class="results">${items
    .map((chunk, i) => resultHtml(chunk, query, i))
    .join('')}</ul>${paginationHtml(Math.min(page, Math.max(totalPages, 1)), totalPages)}`
}

/** The loading line. */
export function searchingHtml(): string {
  return `<p class="status-text" role="status"><span class="spinner" aria-hidden="true"></span>${escapeHtml(MESSAGES.searching)}</p>`
}
