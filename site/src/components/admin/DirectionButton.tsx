/** The ascending/descending switch of the admin lists' sort (spec §2.12). */
import type { SortDirection } from './admin-list.ts'

export function DirectionButton({
  direction,
  onChange,
}: {
  direction: SortDirection
  onChange(direction: SortDirection): void
}) {
  const ascending = direction === 'asc'
  return (
    <button
      type="button"
      className="button button--small"
      aria-label={ascending ? 'Ascending, switch to descending' : 'Descending, switch to ascending'}
      onClick={() => onChange(ascending ? 'desc' : 'asc')}
    >
      {ascending ? '↑ Asc' : '↓ Desc'}
    </button>
  )
}
