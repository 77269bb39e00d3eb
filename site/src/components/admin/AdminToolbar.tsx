/**
 * The toolbar both admin lists share (spec §2.12): a search box, one filter, the sort with its direction, Refresh
 * and Export. The islands own the state; this renders it with labelled controls.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { DirectionButton } from './DirectionButton.tsx'
import type { SortDirection } from './admin-list.ts'

interface Choice<T extends string> {
  value: T
  label: string
}

interface Props<F extends string, S extends string> {
  /** Prefix of the controls' ids (`{idPrefix}-search`, `-filter`, `-sort`). */
  idPrefix: string
  search: { value: string; placeholder: string; onChange(value: string): void }
  filter: { label: string; value: F; options: readonly Choice<F>[]; onChange(value: F): void }
  sort: {
    value: S
    options: readonly Choice<S>[]
    direction: SortDirection
    onChange(value: S): void
    onDirection(direction: SortDirection): void
  }
  refreshing: boolean
  onRefresh(): void
  /** Downloads the list; null while there is no list to export. */
  onExport: (() => void) | null
}

export function AdminToolbar<F extends string, S extends string>({
  idPrefix,
  search,
  filter,
  sort,
  refreshing,
  onRefresh,
  onExport,
}: Props<F, S>) {
  return (
    <div className="admin-toolbar">
      <div className="admin-field admin-field--grow">
        <label htmlFor={`${idPrefix}-search`}>Search</label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          placeholder={search.placeholder}
          value={search.value}
          onChange={(event) => search.onChange(event.target.value)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-filter`}>{filter.label}</label>
        <select
          id={`${idPrefix}-filter`}
          value={filter.value}
          onChange={(event) => filter.onChange(event.target.value as F)}
        >
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-sort`}>Sort by</label>
        <div className="admin-sort">
          <select
            id={`${idPrefix}-sort`}
            value={sort.value}
            onChange={(event) => sort.onChange(event.target.value as S)}
          >
            {sort.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <DirectionButton direction={sort.direction} onChange={sort.onDirection} />
        </div>
      </div>
      <div className="admin-actions">
        <button
          type="button"
          className="button button--small"
          onClick={onRefresh}
          disabled={refreshing}
          aria-busy={refreshing}
        >
          {MESSAGES.refresh}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!onExport}
          onClick={() => onExport?.()}
        >
          {MESSAGES.exportJson}
        </button>
      </div>
    </div>
  )
}
