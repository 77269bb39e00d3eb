/**
 * The admin dashboard island (spec §2.12): totals, search, category filter, sort and direction, 'Showing X of Y
 * items', Refresh, Export; each content item with its chunks page one click away. The first render shows what
 * the server rendered (`firstRows`, `totals`); the whole list then comes from the JSON the page embedded. Typing
 * never waits for the list: the search term is deferred and rows render in windows (decision 085).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { AdminContentMetadata } from '@phrasereel/api/shared/wire'
import { type MouseEvent, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { fetchContentMetadata, fetchError } from './admin-api.ts'
import {
  CONTENT_SORTS,
  type ContentSort,
  categoriesOf,
  contentExportName,
  contentTotals,
  downloadJson,
  filterContent,
  type SortDirection,
  sortContent,
  toContentRows,
} from './admin-list.ts'
import { AdminToolbar } from './AdminToolbar.tsx'
import { useRowWindow, whenEmbeddedList } from './list-hooks.ts'

interface Props {
  dataId: string
  failed: boolean
  firstRows: AdminContentMetadata[]
  totals: { items: number; chunks: number; categories: number }
  categories: string[]
}

const chunksPath = (id: number) => `/admin/content-metadata/${id}/chunks`

export default function AdminDashboard({ dataId, failed, firstRows, totals, categories }: Props) {
  // null until mounted: the first render matches the server's
  const [items, setItems] = useState<AdminContentMetadata[] | null>(null)
  const [error, setError] = useState<string | null>(failed ? MESSAGES.fetchContentMetadataFailed : null)
  const [loading, setLoading] = useState(false)
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState('')
  const [sort, setSort] = useState<ContentSort>('name')
  const [direction, setDirection] = useState<SortDirection>('asc')
  const deferredQuery = useDeferredValue(query)

  useEffect(() => {
    if (failed) return
    return whenEmbeddedList<AdminContentMetadata>(dataId, (list) => setItems(list ?? []))
  }, [dataId, failed])

  const rows = useMemo(() => (items ? toContentRows(items) : null), [items])
  const sorted = useMemo(() => (rows ? sortContent(rows, sort, direction) : null), [rows, sort, direction])
  const filtered = useMemo(
    () => (sorted ? filterContent(sorted, deferredQuery, category) : null),
    [sorted, deferredQuery, category],
  )
  const shownTotals = useMemo(() => (items ? contentTotals(items) : totals), [items, totals])
  const shownCategories = useMemo(() => (items ? categoriesOf(items) : categories), [items, categories])
  const categoryChoices = useMemo(
    () => [
      { value: '', label: 'All categories' },
      ...shownCategories.map((name) => ({ value: name, label: name })),
    ],
    [shownCategories],
  )
  const matching = filtered ? filtered.length : shownTotals.items
  const rowWindow = useRowWindow(matching, `${deferredQuery}\n${category}\n${sort}\n${direction}`)
  const visible = filtered ? filtered.slice(0, rowWindow.limit).map((row) => row.item) : firstRows

  async function refresh() {
    setLoading(true)
    try {
      setItems(await fetchContentMetadata())
      setError(null)
    } catch (caught) {
      const text = fetchError(caught, MESSAGES.fetchContentMetadataFailed)
      if (text) setError(text)
    } finally {
      setLoading(false)
    }
  }

  function openRow(event: MouseEvent<HTMLLIElement>, id: number) {
    if ((event.target as Element).closest('a, button, input, select')) return
    window.location.assign(chunksPath(id))
  }

  return (
    <section
      className="admin-screen"
      data-loaded={items || error ? '' : undefined}
      aria-labelledby="admin-dashboard-title"
    >
      <h1 id="admin-dashboard-title" className="admin-title">
        Content
      </h1>
      <dl className="admin-stats">
        <div>
          <dt>Content items</dt>
          <dd>{shownTotals.items.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Total chunks</dt>
          <dd>{shownTotals.chunks.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Categories</dt>
          <dd>{shownTotals.categories.toLocaleString('en-US')}</dd>
        </div>
      </dl>

      <AdminToolbar<string, ContentSort>
        idPrefix="admin-content"
        search={{ value: query, placeholder: 'Name, category, genre, part or year', onChange: setQuery }}
        filter={{ label: 'Category', value: category, options: categoryChoices, onChange: setCategory }}
        sort={{
          value: sort,
          options: CONTENT_SORTS,
          direction,
          onChange: setSort,
          onDirection: setDirection,
        }}
        refreshing={loading}
        onRefresh={() => void refresh()}
        onExport={items ? () => downloadJson(items, contentExportName(new Date())) : null}
      />

      {error ? (
        <p className="admin-error" role="alert">
          {error}{' '}
          <a
            href="/admin/dashboard"
            onClick={(event) => {
              event.preventDefault()
              void refresh()
            }}
          >
            {MESSAGES.adminTryAgain}
          </a>
        </p>
      ) : (
        <>
          <p className="admin-count" role="status">
            {MESSAGES.showingItems
              .replace('{x}', matching.toLocaleString('en-US'))
              .replace('{y}', shownTotals.items.toLocaleString('en-US'))}
          </p>
          {visible.length === 0 ? (
            <p className="admin-empty">{MESSAGES.noContentFound}</p>
          ) : (
            <ul className="admin-rows" aria-label="Content items">
              {visible.map((item) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the row's name link is its keyboard route
                <li key={item.id} className="admin-row admin-row--link" onClick={(e) => openRow(e, item.id)}>
                  <ContentRowView item={item} />
                </li>
              ))}
            </ul>
          )}
          {matching > rowWindow.limit ? (
            <button
              ref={rowWindow.sentinel}
              type="button"
              className="button button--small admin-more"
              onClick={rowWindow.more}
            >
              Show more ({(matching - rowWindow.limit).toLocaleString('en-US')} more)
            </button>
          ) : null}
        </>
      )}
    </section>
  )
}

function ContentRowView({ item }: { item: AdminContentMetadata }) {
  return (
    <>
      <div className="admin-row__main">
        <a className="admin-row__title" href={chunksPath(item.id)}>
          {item.name}
        </a>
        <span className="admin-row__count">
          {item.chunk_count.toLocaleString('en-US')} {item.chunk_count === 1 ? 'chunk' : 'chunks'}
        </span>
      </div>
      <dl className="admin-row__facts">
        <Fact label="Category" value={item.content_category} />
        <Fact label="Genre" value={item.genre} />
        <Fact label="Year" value={item.release_year} />
        <Fact label="Part" value={item.content_part} />
      </dl>
      {item.external_link ? (
        <a className="admin-row__external" href={item.external_link} target="_blank" rel="noopener">
          External link<span className="visually-hidden"> for {item.name} (opens in a new tab)</span>
        </a>
      ) : null}
    </>
  )
}

function Fact({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value === null || value === '' ? '—' : value}</dd>
    </div>
  )
}
