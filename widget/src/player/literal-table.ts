import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h } from '../dom.ts'
import { matchPhrase } from '../highlight.ts'
import { formatTime } from '../segments.ts'
import type { LiteralRow } from '../translations.ts'

/**
 * The word-by-word table of the Literal tab: one row per word with its translation; rows with a time seek
 * there on click, rows of the searched phrase are highlighted. Without rows it says 'No word alignment'.
 */
export function literalTable(
  rows: readonly LiteralRow[],
  query: string | null,
  seek: (time: number) => void,
): HTMLElement {
  if (rows.length === 0) return h('p', { className: 'pr-empty' }, MESSAGES.noWordAlignment)
  const hits = matchPhrase(
    rows.map((r) => r.original),
    query,
  )
  const tbody = h('tbody')
  rows.forEach((row, i) => {
    const seekable = row.start !== null
    const tr = h(
      'tr',
      { 'data-position': String(row.position), className: hits.has(i) ? 'pr-match' : null },
      h('td', { className: 'pr-num' }, String(row.position)),
      h(
        'td',
        { lang: 'en', dir: 'ltr' },
        seekable
          ? h(
              'button',
              {
                type: 'button',
                className: 'pr-row-word',
                'aria-label': `${row.original}, play from ${formatTime(row.start ?? 0)}`,
              },
              row.original,
            )
          : row.original,
      ),
      h('td', {}, row.translation),
    )
    if (seekable) tr.addEventListener('click', () => seek(row.start ?? 0))
    tbody.append(tr)
  })
  return h(
    'table',
    { className: 'pr-literal', 'data-testid': 'pr-literal' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, '#'),
        h('th', { scope: 'col' }, 'Word'),
        h('th', { scope: 'col' }, 'Translation'),
      ),
    ),
    tbody,
  )
}

/** Mark row `index` of `container`'s literal table as the one being said, and keep it in view. */
export function markLiteralRow(container: HTMLElement, index: number): void {
  const rows = container.querySelectorAll<HTMLElement>('tr[data-position]')
  rows.forEach((row, i) => {
    const current = i === index
    row.classList.toggle('pr-current', current)
    if (current) row.setAttribute('aria-current', 'true')
    else row.removeAttribute('aria-current')
  })
  const currentRow = rows[index]
  // keep the spoken word in view without moving the page around it
  if (currentRow && !container.hidden) currentRow.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
}
