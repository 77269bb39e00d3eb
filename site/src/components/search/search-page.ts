/**
 * The results page in the browser (spec §2.4, §8 sharing; docs/decisions/063): the server renders the first
 * answer; this script pages through `GET /api/search` ('Searching through content...' while it waits, the page
 * number in the address), copies text and share links with the toasts, and opens the video modal, whose code
 * loads only when a clip is opened.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type SiteChunk, searchChunks } from '../../lib/api.ts'
import { copyToClipboard } from '../../lib/clipboard.ts'
import type { ResultTotal } from '../../lib/format.ts'
import { resultsBlockHtml, searchingHtml } from '../../lib/search-html.ts'
import { sessionUser } from '../../stores/session.ts'
import { openSignInDialog } from '../auth/auth-dialog.ts'
import { type ClipRef, contentStatus, loadContentStatus, toggleMark } from '../marks/content-status.ts'
import { MARKS } from '../marks/mark-look.ts'
import { showToast } from '../common/toast.ts'
import { createRunThroughList, type RunThroughList, singleClipRun } from './run-through.ts'
import { watchClipUrl } from '../player/clip-url.ts'

const PAGE_SIZE = LIMITS.resultsPageSize

function pageFromUrl(): number {
  const page = Number(new URLSearchParams(window.location.search).get('page'))
  return Number.isInteger(page) && page > 0 ? page : 1
}

export function startSearchPage(root: HTMLElement): void {
  const data = root.querySelector('script[data-search-data]')?.textContent
  const block = root.querySelector<HTMLElement>('[data-results]')
  if (!data || !block) return
  const state = JSON.parse(data) as {
    q: string
    items: SiteChunk[]
    count: ResultTotal
    page: number
    /** The filters and order the server read from the address (issue 18), sent with every later page. */
    filters?: [string, string][]
  }
  const query = state.q
  let items = state.items
  // the page shown and its count: a run-through starts there (issue 18)
  let shownPage = state.page
  let count: ResultTotal = state.count
  let controller: AbortController | null = null
  const copiedTimers = new Map<Element, number>()
  // spec §4 like/save: one status per clip, shared with the video modal's buttons (content-status.ts), so a like
  // or save made in the modal shows on the result of that clip at once, and the other way round (decisions 078,
  // 088)
  const watched = new Set<string>()

  const clipOf = (button: HTMLButtonElement): ClipRef => ({
    contentMetadataId: Number(button.dataset.like ?? button.dataset.save),
    chunkId: Number(button.dataset.chunk),
  })

  function applyStatuses(): void {
    const signedIn = sessionUser.value !== null
    for (const button of block!.querySelectorAll<HTMLButtonElement>('button[data-like], button[data-save]')) {
      const kind = button.dataset.like !== undefined ? 'like' : 'save'
      const status = signedIn ? contentStatus(clipOf(button)).value : null
      const on = Boolean(kind === 'like' ? status?.is_liked : status?.is_saved)
      button.setAttribute('aria-pressed', String(on))
      const word = button.querySelector<HTMLElement>('[data-mark-word]')
      if (word) word.textContent = on ? MARKS[kind].wordOn : MARKS[kind].word
      const icon = button.querySelector('svg')
      icon?.setAttribute('fill', on ? 'currentColor' : 'none')
      icon?.setAttribute('data-filled', String(on))
      if (signedIn) button.removeAttribute('title')
    }
  }

  async function loadStatuses(): Promise<void> {
    const clips = items
      .filter((chunk) => chunk.content_metadata?.id)
      .map((chunk) => ({ contentMetadataId: chunk.content_metadata.id, chunkId: chunk.id }))
    for (const clip of clips) {
      const key = `${clip.contentMetadataId}:${clip.chunkId}`
      if (watched.has(key)) continue
      watched.add(key)
      // a change from anywhere on the page (the modal's buttons included) repaints the results' buttons
      contentStatus(clip).subscribe(() => applyStatuses())
    }
    if (!sessionUser.value) return
    // failures are only logged there (spec §8)
    await Promise.all(clips.map((clip) => loadContentStatus(clip)))
    applyStatuses()
  }

  async function toggle(button: HTMLButtonElement): Promise<void> {
    if (!sessionUser.value) {
      openSignInDialog(() => void loadStatuses())
      return
    }
    const like = button.dataset.like !== undefined
    button.disabled = true
    window.setTimeout(() => {
      button.disabled = false
    }, LIMITS.buttonDebounceMs)
    // flips only on an OK answer; failures are only logged and leave the UI unchanged (spec §8)
    await toggleMark(like ? 'like' : 'save', clipOf(button))
    applyStatuses()
  }

  async function show(page: number, focusSummary: boolean): Promise<void> {
    shownPage = page
    controller?.abort()
    const current = new AbortController()
    controller = current
    block!.innerHTML = searchingHtml()
    try {
      const result = await searchChunks(query, {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
        signal: current.signal,
        filters: state.filters ?? [],
      })
      items = result.items
      shownPage = page
      count = result
      block!.innerHTML = resultsBlockHtml(query, result.items, result, page, PAGE_SIZE)
      applyStatuses()
      void loadStatuses()
    } catch (error) {
      if (current.signal.aborted) return
      // spec §8: search failures are only logged
      console.warn('[search] failed:', error)
      items = []
      block!.innerHTML = resultsBlockHtml(query, [], { total: 0 }, page, PAGE_SIZE)
    }
    if (focusSummary) block!.querySelector<HTMLElement>('.results-summary')?.focus()
  }

  const loadModal = () => import('./run-through-modal.tsx')

  function openRun(list: RunThroughList): void {
    loadModal()
      .then(({ openRunThrough }) => openRunThrough(list, query))
      .catch((error: unknown) => console.warn('[search] the player failed to load:', error))
  }

  /** The player plays the results in order from result `index` of the shown page, through the pages (issue 18). */
  function openAt(index: number): void {
    openRun(
      createRunThroughList({
        pageSize: PAGE_SIZE,
        page: shownPage,
        items,
        total: count.total,
        exact: !count.capped && !count.estimated,
        index,
        fetchPage: async (page) => {
          // the run goes through the same filtered, ordered results as the pages
          const answer = await searchChunks(query, {
            limit: PAGE_SIZE,
            offset: (page - 1) * PAGE_SIZE,
            filters: state.filters ?? [],
          })
          return { items: answer.items, total: answer.total, exact: !answer.capped && !answer.estimated }
        },
      }),
    )
  }
  if (items.length > 0) {
    block.addEventListener('pointerover', () => void loadModal(), { once: true })
  }

  block.addEventListener('click', async (event) => {
    const target = event.target as Element | null
    const pageButton = target?.closest<HTMLButtonElement>('button[data-page]')
    if (pageButton && !pageButton.disabled && pageButton.getAttribute('aria-current') !== 'page') {
      const next = Number(pageButton.dataset.page)
      const url = new URL(window.location.href)
      if (next > 1) url.searchParams.set('page', String(next))
      else url.searchParams.delete('page')
      window.history.pushState(null, '', url)
      window.scrollTo({ top: 0 })
      await show(next, true)
      return
    }
    const opener = target?.closest<HTMLElement>('[data-open]')
    if (opener) {
      const mouse = event as MouseEvent
      if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return
      event.preventDefault()
      openAt(Number(opener.dataset.open))
      return
    }
    const addButton = target?.closest<HTMLButtonElement>('button[data-add-collection]')
    if (addButton) {
      // issue 18: the searched phrase goes in with the clip
      const chunkId = Number(addButton.dataset.addCollection)
      void import('../collections/add-to-collection.tsx')
        .then(({ openAddToCollection }) => openAddToCollection({ chunkId, phrase: query }))
        .catch((error: unknown) => console.warn('[search] add to collection failed to load:', error))
      return
    }
    const toggleButton = target?.closest<HTMLButtonElement>('button[data-like], button[data-save]')
    if (toggleButton) {
      await toggle(toggleButton)
      return
    }
    const copyText = target?.closest<HTMLButtonElement>('button[data-copy-text]')
    if (copyText) {
      const chunk = items[Number(copyText.dataset.copyText)]
      if (await copyToClipboard(chunk?.transcribed_text ?? '')) {
        copyText.textContent = MESSAGES.copied
        window.clearTimeout(copiedTimers.get(copyText))
        copiedTimers.set(
          copyText,
          window.setTimeout(() => {
            copyText.textContent = 'Copy text'
          }, LIMITS.cardCopyFlagMs),
        )
      } else {
        showToast('Failed to copy text', 'error', copyText)
      }
      return
    }
    const copyLink = target?.closest<HTMLButtonElement>('button[data-copy-link]')
    if (copyLink) {
      // the link carries the phrase: /play starts the clip there and names it (issue 17)
      const ok = await copyToClipboard(
        `${window.location.origin}/play/${copyLink.dataset.copyLink}?q=${encodeURIComponent(query)}`,
      )
      showToast(ok ? MESSAGES.linkCopied : MESSAGES.linkCopyFailed, ok ? 'success' : 'error', copyLink)
    }
  })

  // Back that only closes the player (`?clip=`, issue 17) leaves the results as they are
  window.addEventListener('popstate', () => pageFromUrl() !== shownPage && void show(pageFromUrl(), false))
  // a shared or reloaded address with ?clip= (issue 17): a result of this page plays through the results from
  // there; another clip (fetched by id) plays on its own
  watchClipUrl(
    () => items,
    (list, index) => {
      const onPage = items.indexOf(list[index]!)
      if (onPage >= 0) openAt(onPage)
      else openRun(singleClipRun(list[index]!))
    },
  )
  void loadStatuses()
}
