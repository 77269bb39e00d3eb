/**
 * The chunks page island (spec §2.12, §4): stats, search over transcript, file name and type, the enabled filter,
 * sorts, Refresh, Export; per chunk the Enable/Disable button ('Updating...' while the call runs; the row changes
 * only after the server accepts), the shared player (admin list variant: a clip's end goes to the next), links
 * and file names, and the last change (the audit trail). Rows can be selected (checkbox, shift-click for a range)
 * and enabled or disabled in one call. As on the dashboard, the first render is the server's; the whole list
 * comes from the embedded JSON; the search term is deferred and rows render in windows (decision 085).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { AdminChunk, AdminContentMetadata } from '@phrasereel/api/shared/wire'
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import type { SiteChunk } from '../../lib/api.ts'
import { VideoModal } from '../player/VideoModal.tsx'
import {
  fetchContentChunks,
  fetchError,
  setChunkEnabled,
  setChunksEnabled,
  updateError,
} from './admin-api.ts'
import {
  CHUNK_SORTS,
  type ChunkFilter,
  type ChunkSort,
  chunkStats,
  chunksExportName,
  downloadJson,
  filterChunks,
  formatMinutes,
  lastChangeLabel,
  rangeIds,
  type SortDirection,
  sortChunks,
  toChunkRow,
} from './admin-list.ts'
import { AdminToolbar } from './AdminToolbar.tsx'
import { useRowWindow, whenEmbeddedList } from './list-hooks.ts'

interface Props {
  contentId: number
  content: AdminContentMetadata | null
  dataId: string
  failed: boolean
  firstRows: AdminChunk[]
  stats: { total: number; enabled: number; disabled: number; seconds: number }
  /** The server's clock at render time: the first render's 'x ago' labels match the server's. */
  now: number
}

const FILTERS: { value: ChunkFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
]

export default function AdminChunks({ contentId, content, dataId, failed, firstRows, stats, now }: Props) {
  const [items, setItems] = useState<AdminChunk[] | null>(null)
  const [error, setError] = useState<string | null>(failed ? MESSAGES.fetchContentChunksFailed : null)
  const [actionError, setActionError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [query, setQuery] = useState('')
  const [filter, setFilter] = useState<ChunkFilter>('all')
  const [sort, setSort] = useState<ChunkSort>('file')
  const [direction, setDirection] = useState<SortDirection>('asc')
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [clock, setClock] = useState(now)
  const [playing, setPlaying] = useState<number | null>(null)
  const anchor = useRef<number | null>(null)
  const deferredQuery = useDeferredValue(query)

  useEffect(() => {
    const stop = failed
      ? () => undefined
      : whenEmbeddedList<AdminChunk>(dataId, (list) => setItems(list ?? []))
    setClock(Date.now())
    const timer = setInterval(() => setClock(Date.now()), 60_000)
    return () => {
      stop()
      clearInterval(timer)
    }
  }, [dataId, failed])

  const rows = useMemo(() => (items ? items.map(toChunkRow) : null), [items])
  const sorted = useMemo(() => (rows ? sortChunks(rows, sort, direction) : null), [rows, sort, direction])
  const filtered = useMemo(
    () => (sorted ? filterChunks(sorted, deferredQuery, filter) : null),
    [sorted, deferredQuery, filter],
  )
  const shownStats = useMemo(() => (items ? chunkStats(items) : stats), [items, stats])
  const matching = filtered ? filtered.length : shownStats.total
  const rowWindow = useRowWindow(matching, `${deferredQuery}\n${filter}\n${sort}\n${direction}`)
  const visible = filtered ? filtered.slice(0, rowWindow.limit).map((row) => row.chunk) : firstRows
  const order = useMemo(() => (filtered ? filtered.map((row) => row.chunk.id) : []), [filtered])

  // the player's list: every chunk shown by the current search, filter and sort, in that order
  const playList = useMemo<SiteChunk[]>(() => {
    const meta = content ?? {
      id: contentId,
      name: '',
      content_part: null,
      content_category: null,
      genre: null,
      release_year: null,
      external_link: null,
    }
    const { chunk_count: _c, enabled_chunk_count: _e, ...content_metadata } = meta as AdminContentMetadata
    return (filtered ?? []).map(({ chunk }) => ({
      id: chunk.id,
      play_s3_url: chunk.play_s3_url,
      segment_s3_url: chunk.segment_s3_url,
      thumbnail_s3_url: chunk.thumbnail_s3_url,
      transcribed_text: chunk.transcribed_text,
      chunk_type: chunk.chunk_type,
      chunk_duration: chunk.chunk_duration,
      content_metadata,
    }))
  }, [filtered, content, contentId])

  const replace = useCallback((changed: readonly AdminChunk[]) => {
    const byId = new Map(changed.map((chunk) => [chunk.id, chunk]))
    setItems((current) => current?.map((chunk) => byId.get(chunk.id) ?? chunk) ?? current)
  }, [])

  const markPending = useCallback((ids: readonly number[], on: boolean) => {
    setPending((current) => {
      const next = new Set(current)
      for (const id of ids) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }, [])

  const toggle = useCallback(
    async (chunk: AdminChunk) => {
      markPending([chunk.id], true)
      setActionError(null)
      setNotice(null)
      try {
        replace([await setChunkEnabled(chunk.id, !chunk.enabled)])
      } catch (caught) {
        setActionError(updateError(caught))
      } finally {
        markPending([chunk.id], false)
      }
    },
    [markPending, replace],
  )

  const orderRef = useRef(order)
  orderRef.current = order
  const select = useCallback((id: number, checked: boolean, range: boolean) => {
    const ids = range ? rangeIds(orderRef.current, anchor.current, id) : [id]
    anchor.current = id
    setSelected((current) => {
      const next = new Set(current)
      for (const each of ids.length ? ids : [id]) {
        if (checked) next.add(each)
        else next.delete(each)
      }
      return next
    })
  }, [])

  const play = useCallback((id: number) => {
    const index = orderRef.current.indexOf(id)
    if (index >= 0) setPlaying(index)
  }, [])

  async function bulk(enabled: boolean) {
    const ids = [...selected]
    if (ids.length === 0) return
    markPending(ids, true)
    setActionError(null)
    setNotice(null)
    try {
      const result = await setChunksEnabled(ids, enabled)
      replace(result.chunks)
      setNotice(
        MESSAGES.bulkUpdated.replace('{n}', String(result.changed)).replace('{m}', String(ids.length)),
      )
    } catch (caught) {
      setActionError(updateError(caught))
    } finally {
      markPending(ids, false)
    }
  }

  async function refresh() {
    setLoading(true)
    try {
      setItems(await fetchContentChunks(contentId))
      setError(null)
    } catch (caught) {
      const text = fetchError(caught, MESSAGES.fetchContentChunksFailed)
      if (text) setError(text)
    } finally {
      setLoading(false)
    }
  }

  const allShownSelected = order.length > 0 && order.every((id) => selected.has(id))
  const busyBulk = [...selected].some((id) => pending.has(id))

  return (
    <section
      className="admin-screen"
      data-loaded={items || error ? '' : undefined}
      aria-labelledby="admin-chunks-title"
    >
      <h1 id="admin-chunks-title" className="admin-title">
        {content ? content.name : 'Content chunks'}
      </h1>
      {content ? (
        <p className="admin-subtitle">
          {[content.content_category, content.genre, content.release_year, content.content_part]
            .filter((part) => part !== null && part !== '')
            .join(' · ')}
        </p>
      ) : null}
      <dl className="admin-stats">
        <div>
          <dt>Total</dt>
          <dd>{shownStats.total.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Enabled</dt>
          <dd>{shownStats.enabled.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Disabled</dt>
          <dd>{shownStats.disabled.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Total duration</dt>
          <dd>{formatMinutes(shownStats.seconds)}</dd>
        </div>
      </dl>

      <AdminToolbar<ChunkFilter, ChunkSort>
        idPrefix="admin-chunk"
        search={{ value: query, placeholder: 'Transcript, file name or type', onChange: setQuery }}
        filter={{ label: 'Status', value: filter, options: FILTERS, onChange: setFilter }}
        sort={{ value: sort, options: CHUNK_SORTS, direction, onChange: setSort, onDirection: setDirection }}
        refreshing={loading}
        onRefresh={() => void refresh()}
        onExport={items ? () => downloadJson(items, chunksExportName(contentId, new Date())) : null}
      />

      <fieldset className="admin-selection">
        <legend className="visually-hidden">Selection</legend>
        <label className="admin-check">
          <input
            type="checkbox"
            checked={allShownSelected}
            disabled={!filtered || order.length === 0}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set([...selected, ...order]) : new Set())
            }
          />
          Select all shown
        </label>
        <span className="admin-selection__count">
          {MESSAGES.selectedCount.replace('{n}', selected.size.toLocaleString('en-US'))}
        </span>
        <button
          type="button"
          className="button button--small"
          disabled={selected.size === 0 || busyBulk}
          onClick={() => void bulk(true)}
        >
          {MESSAGES.enableSelected}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={selected.size === 0 || busyBulk}
          onClick={() => void bulk(false)}
        >
          {MESSAGES.disableSelected}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={selected.size === 0}
          onClick={() => {
            setSelected(new Set())
            anchor.current = null
          }}
        >
          {MESSAGES.clearSelection}
        </button>
      </fieldset>

      <div className="admin-live">
        {actionError ? (
          <p className="admin-error" role="alert">
            {actionError}
          </p>
        ) : null}
        <p className="admin-notice-inline" role="status">
          {notice}
        </p>
      </div>

      {error ? (
        <p className="admin-error" role="alert">
          {error}{' '}
          <a
            href={`/admin/content-metadata/${contentId}/chunks`}
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
              .replace('{y}', shownStats.total.toLocaleString('en-US'))}
          </p>
          {visible.length === 0 ? (
            <p className="admin-empty">{MESSAGES.noChunksFound}</p>
          ) : (
            <ul className="admin-rows" aria-label="Chunks">
              {visible.map((chunk) => (
                <ChunkRowView
                  key={chunk.id}
                  chunk={chunk}
                  selected={selected.has(chunk.id)}
                  pending={pending.has(chunk.id)}
                  now={clock}
                  onToggle={toggle}
                  onSelect={select}
                  onPlay={play}
                />
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
      <VideoModal
        chunks={playList}
        index={playing}
        onIndexChange={setPlaying}
        onClose={() => setPlaying(null)}
        advanceOnEnd
        marks={false}
        clipInUrl={false}
      />
    </section>
  )
}

interface RowProps {
  chunk: AdminChunk
  selected: boolean
  pending: boolean
  now: number
  onToggle(chunk: AdminChunk): void
  onSelect(id: number, checked: boolean, range: boolean): void
  onPlay(id: number): void
}

/** One chunk; memoized, so typing in the search box re-renders only the rows whose view changed. */
const ChunkRowView = memo(function ChunkRowView({
  chunk,
  selected,
  pending,
  now,
  onToggle,
  onSelect,
  onPlay,
}: RowProps) {
  const file = chunk.play_file_name
  const change = lastChangeLabel(chunk, now)
  return (
    <li className={`admin-row admin-chunk${selected ? ' admin-row--selected' : ''}`} data-chunk-id={chunk.id}>
      <div className="admin-chunk__head">
        <input
          type="checkbox"
          className="admin-chunk__check"
          aria-label={`Select ${file}`}
          checked={selected}
          onChange={(event) =>
            onSelect(chunk.id, event.target.checked, (event.nativeEvent as MouseEvent).shiftKey === true)
          }
        />
        <button
          type="button"
          className="icon-button admin-play"
          aria-label={`Play ${file}`}
          onClick={() => onPlay(chunk.id)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        </button>
        <span className="admin-chunk__file">{file}</span>
        <span className={`admin-badge admin-badge--${chunk.enabled ? 'on' : 'off'}`}>
          {chunk.enabled ? 'Enabled' : 'Disabled'}
        </span>
        <span className="admin-chunk__meta">{chunk.chunk_type}</span>
        <span className="admin-chunk__meta">{formatMinutes(chunk.chunk_duration)}</span>
        <button
          type="button"
          className={`button button--small admin-toggle${chunk.enabled ? '' : ' button--primary'}`}
          disabled={pending}
          aria-busy={pending}
          onClick={() => onToggle(chunk)}
        >
          {pending ? MESSAGES.updating : chunk.enabled ? MESSAGES.disable : MESSAGES.enable}
          {pending ? null : <span className="visually-hidden"> {file}</span>}
        </button>
      </div>
      <p className="admin-chunk__text">{chunk.transcribed_text}</p>
      <div className="admin-chunk__files">
        {chunk.thumbnail_s3_url ? (
          <a href={chunk.thumbnail_s3_url} target="_blank" rel="noopener">
            Thumbnail<span className="visually-hidden"> of {file}</span>
          </a>
        ) : null}
        {chunk.segment_s3_url ? (
          <a href={chunk.segment_s3_url} target="_blank" rel="noopener">
            Segment<span className="visually-hidden"> of {file}</span>
          </a>
        ) : null}
        <span>Segment file: {chunk.segment_file_name ?? '—'}</span>
        <span>Thumbnail file: {chunk.thumbnail_file_name ?? '—'}</span>
      </div>
      {change ? <p className="admin-chunk__change">{change}</p> : null}
    </li>
  )
})
