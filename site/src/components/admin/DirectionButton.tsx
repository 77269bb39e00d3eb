/** The ascending/descending switch of the admin lists' sort (spec §2.12): its name says the current order. */
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
      title={ascending ? 'Switch to descending' : 'Switch to ascending'}
      onClick={() => onChange(ascending ? 'desc' : 'asc')}
    >
      <span aria-hidden="true">{ascending ? '↑' : '↓'}</span>
      {ascending ? 'Ascending' : 'Descending'}
    </button>
  )
}
