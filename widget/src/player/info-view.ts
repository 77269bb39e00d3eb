import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import { highlightText } from '../highlight.ts'
import type { PlayerContext } from './state.ts'

/** The info below the video: title, part, the metadata chip with its details, the transcript. */
export interface InfoView {
  readonly element: HTMLElement
  /** Draw it again from the options (content metadata, transcript, query). */
  render(): void
}

/** Create the info section; the details start unfolded (decision 050). */
export function createInfoView(ctx: PlayerContext): InfoView {
  const { idPrefix } = ctx
  let detailsOpen = true
  const element = h('section', {
    className: 'pr-info',
    'aria-label': 'About this clip',
    'data-testid': 'pr-info',
    id: `${idPrefix}-info`,
  })

  function render(): void {
    const opts = ctx.options()
    element.replaceChildren()
    const meta = opts.contentMetadata ?? {}
    element.append(h('h2', { className: 'pr-title' }, meta.name?.trim() || MESSAGES.untitledContent))
    if (meta.content_part) element.append(h('p', { className: 'pr-part' }, meta.content_part))
    const details: [string, string][] = []
    if (meta.content_category) details.push(['Category', meta.content_category])
    if (meta.genre) details.push(['Genre', meta.genre])
    if (meta.release_year !== null && meta.release_year !== undefined && meta.release_year !== '')
      details.push(['Release year', String(meta.release_year)])
    const link = meta.external_link && /^https?:\/\//i.test(meta.external_link) ? meta.external_link : null
    // spec §2.5: the metadata chip is clickable only if category, genre, year or link exists
    if (details.length > 0 || link) {
      const detailId = `${idPrefix}-details`
      const chip = h(
        'button',
        {
          type: 'button',
          className: 'pr-chip',
          'aria-expanded': String(detailsOpen),
          'aria-controls': detailId,
        },
        details.map(([, v]) => v).join(' · ') || MESSAGES.viewSource,
      )
      const list = h('dl', { className: 'pr-details', id: detailId, hidden: !detailsOpen })
      for (const [label, value] of details) list.append(h('div', {}, h('dt', {}, label), h('dd', {}, value)))
      if (link) {
        list.append(
          h(
            'div',
            {},
            h('dt', { className: 'pr-visually-hidden' }, 'Source'),
            h(
              'dd',
              {},
              h('a', { href: link, target: '_blank', rel: 'noopener noreferrer' }, MESSAGES.viewSource),
            ),
          ),
        )
      }
      chip.addEventListener('click', () => {
        detailsOpen = !detailsOpen
        chip.setAttribute('aria-expanded', String(detailsOpen))
        list.hidden = !detailsOpen
      })
      element.append(chip, list)
    }
    if (opts.transcript) {
      const p = h('p', { className: 'pr-transcript', lang: 'en' })
      for (const [text, isMatch] of highlightText(opts.transcript, opts.query)) {
        p.append(isMatch ? h('mark', { className: 'pr-match' }, text) : text)
      }
      element.append(p)
    }
  }

  return { element, render }
}
