/**
 * The home feed without a framework (spec §2.3, §4 Home list, §9; docs/decisions/062): the server renders the
 * first 12 clips; this script adds the genre filter, 12 more clips at the bottom (observer threshold 0.5, 50 px
 * from the bottom, at least 3.5 s between loads) with 12 skeletons meanwhile, and opens the video modal, whose
 * code (React and the player) loads only when a clip is opened. With a genre chosen, the pages come from that
 * genre (`random-chunks?genre=`), and every load leaves out the clips already loaded (`exclude=`), so each page
 * adds 12 clips not shown yet (issue 17); changing the genre starts again at its first page (spec §4).
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { fetchRandomChunks, type SiteChunk } from '../../lib/api.ts'
import { chunkCardHtml, genreButtonsHtml, skeletonCardsHtml } from '../../lib/card-html.ts'
import { genresOf } from '../../lib/format.ts'
import { watchClipUrl } from '../player/clip-url.ts'
import { mergeChunks } from './merge-chunks.ts'

const PAGE = LIMITS.homePageSize

export function startHomeFeed(root: HTMLElement): void {
  const grid = root.querySelector<HTMLUListElement>('[data-feed]')
  const bar = root.querySelector<HTMLElement>('[data-genre-bar]')
  const sentinel = root.querySelector<HTMLElement>('[data-sentinel]')
  const moreText = root.querySelector<HTMLElement>('[data-load-more]')
  const empty = root.querySelector<HTMLElement>('[data-empty]')
  const dataNode = root.querySelector('script[data-feed-data]')
  if (!grid || !bar || !sentinel || !moreText) return

  let items: SiteChunk[] = dataNode?.textContent ? (JSON.parse(dataNode.textContent) as SiteChunk[]) : []
  let genre: string | null = null
  let pages = 1
  let loading = false
  // per filter ('' = all genres): whether the server may have more clips of it
  const exhausted = new Set<string>()
  if (items.length > 0 && items.length < PAGE) exhausted.add('')
  let lastLoad = Date.now()
  let retry: number | undefined
  let rendered: number[] = items.slice(0, PAGE).map((chunk) => chunk.id)
  let renderedGenres = genresOf(items).join('|')

  const genreOf = (chunk: SiteChunk) => chunk.content_metadata?.genre?.trim().toLowerCase() ?? ''
  const filtered = () => (genre ? items.filter((chunk) => genreOf(chunk) === genre) : items)
  const visible = () => filtered().slice(0, pages * PAGE)
  const hasMore = () => !exhausted.has(genre ?? '')
  const canShowMore = () => filtered().length > visible().length || hasMore()

  function render(): void {
    const shown = visible()
    const ids = shown.map((chunk) => chunk.id)
    const isPrefix = rendered.length <= ids.length && rendered.every((id, i) => ids[i] === id)
    for (const node of grid!.querySelectorAll('[data-skeleton]')) node.remove()
    if (isPrefix) {
      // append only, so focus and loaded images stay where they are
      grid!.insertAdjacentHTML(
        'beforeend',
        shown
          .slice(rendered.length)
          .map((chunk) => chunkCardHtml(chunk))
          .join(''),
      )
    } else {
      grid!.innerHTML = shown.map((chunk, i) => chunkCardHtml(chunk, { priority: i < 4 })).join('')
    }
    rendered = ids
    if (loading && filtered().length <= shown.length)
      grid!.insertAdjacentHTML('beforeend', skeletonCardsHtml(LIMITS.skeletonCardsHome))
    grid!.setAttribute('aria-busy', String(loading))
    const genres = genresOf(items)
    if (genres.join('|') !== renderedGenres || bar!.dataset.current !== (genre ?? '')) {
      renderedGenres = genres.join('|')
      bar!.dataset.current = genre ?? ''
      bar!.innerHTML = genreButtonsHtml(genres, genre)
    }
    bar!.hidden = genres.length === 0
    if (empty) empty.hidden = loading || shown.length > 0
    grid!.hidden = !loading && shown.length === 0
    moreText!.textContent = canShowMore() && !loading ? MESSAGES.scrollToLoadMore : ''
  }

  async function fetchPage(): Promise<void> {
    loading = true
    lastLoad = Date.now()
    render()
    const asked = genre
    try {
      const incoming = await fetchRandomChunks(PAGE, {
        genre: asked,
        exclude: (asked ? items.filter((chunk) => genreOf(chunk) === asked) : items).map((chunk) => chunk.id),
      })
      const [next, added] = mergeChunks(items, incoming)
      items = next
      if (incoming.length < PAGE || added === 0) exhausted.add(asked ?? '')
    } catch (error) {
      // spec §8: feed failures are only logged; scrolling again retries
      console.warn('[home] loading clips failed:', error)
    } finally {
      loading = false
      render()
      // the genre changed meanwhile: fill its first page first
      if (genre !== asked && filtered().length < pages * PAGE && hasMore()) void fetchPage()
      else if (atBottom()) tryLoad()
    }
  }

  function atBottom(): boolean {
    const doc = document.documentElement
    const nearBottom =
      window.innerHeight + window.scrollY >= doc.scrollHeight - LIMITS.homeScrollBottomThresholdPx
    return nearBottom || sentinel!.getBoundingClientRect().top < window.innerHeight
  }

  function tryLoad(): void {
    if (loading || !canShowMore()) return
    const wait = lastLoad + LIMITS.homeMinWaitBetweenLoadsMs - Date.now()
    if (wait > 0) {
      window.clearTimeout(retry)
      retry = window.setTimeout(() => atBottom() && tryLoad(), wait + 20)
      return
    }
    pages++
    if (filtered().length >= pages * PAGE || !hasMore()) {
      lastLoad = Date.now()
      render()
      if (atBottom()) tryLoad()
      return
    }
    void fetchPage()
  }

  new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && tryLoad(), {
    threshold: LIMITS.homeObserverThreshold,
  }).observe(sentinel)
  window.addEventListener('scroll', () => atBottom() && tryLoad(), { passive: true })

  bar.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-genre]')
    if (!button) return
    genre = button.dataset.genre || null
    pages = 1
    render()
    // the genre's first page fills from the server when the clips loaded so far do not make a page
    if (!loading && filtered().length < PAGE && hasMore()) void fetchPage()
    bar
      .querySelector<HTMLButtonElement>(`button[data-genre="${CSS.escape(button.dataset.genre ?? '')}"]`)
      ?.focus()
  })

  const loadModal = () => import('./home-modal.tsx')
  grid.addEventListener('pointerover', () => void loadModal(), { once: true })
  grid.addEventListener('click', (event) => {
    const add = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-add-collection]')
    if (add) {
      const chunkId = Number(add.dataset.addCollection)
      void import('../collections/add-to-collection.tsx')
        .then(({ openAddToCollection }) => openAddToCollection({ chunkId, phrase: null }))
        .catch((error: unknown) => console.warn('[home] add to collection failed to load:', error))
      return
    }
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a.card__thumb')
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    const id = Number(link.closest('li')?.dataset.id)
    const list = visible()
    const index = list.findIndex((chunk) => chunk.id === id)
    if (index < 0) return
    loadModal()
      .then(({ openVideoModal }) => openVideoModal(list, index))
      .catch((error: unknown) => {
        console.warn('[home] the player failed to load:', error)
        window.location.assign(link.href)
      })
  })

  if (items.length === 0) void fetchPage()
  else render()

  // a shared `?clip=` address opens that clip over the feed (issue 17)
  watchClipUrl(visible, (list, index) => {
    loadModal()
      .then(({ openVideoModal }) => openVideoModal(list, index))
      .catch((error: unknown) => console.warn('[home] the player failed to load:', error))
  })
}
