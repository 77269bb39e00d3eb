import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { ChunkContext, ContextLine } from '@phrasereel/api/shared/wire'
import { fetchChunkContext } from '../api.ts'
import { h, setShown } from '../dom.ts'
import type { ChunkLink } from '../types.ts'
import type { PlayerContext } from './state.ts'

/** What the context part asks of the rest of the player. */
export interface ContextHooks {
  /** Play this clip of the same source (the chunk-level move previous/next use). */
  play(link: ChunkLink): void
  /** The translation language the panel shows (two-letter code), or null. */
  language(): string | null
}

/**
 * 'Context' (issue 18, decision 098): the lines said before and after the clip in the same source, each with its
 * translation in the panel's language, the clip's own line marked; a line plays its clip. Folded until opened, so
 * a clip costs no call unless the learner asks; 'Show more' widens it up to `LIMITS.contextMaxLines` each way.
 */
export interface ContextView {
  readonly element: HTMLElement
  /** The clip on stage changed: read its context again (when open). */
  chunkChanged(): void
  /** The panel's language changed: show the lines' translations in it. */
  languageChanged(): void
  /** Fold it and go back to the default number of lines (the player closed). */
  reset(): void
}

/** How many lines each way, step by step: the default, then more up to the most one call answers. */
const STEPS = [LIMITS.contextDefaultLines, 6, LIMITS.contextMaxLines].filter(
  (n, i, all) => n <= LIMITS.contextMaxLines && (i === 0 || n > all[i - 1]!),
)

/** Create the (folded) context part. */
export function createContextView(ctx: PlayerContext, hooks: ContextHooks): ContextView {
  const { idPrefix } = ctx
  let open = false
  let step = 0
  let answer: ChunkContext | null = null
  let failed = false
  let loading: AbortController | null = null
  const bodyId = `${idPrefix}-context`
  const toggle = h(
    'button',
    {
      type: 'button',
      className: 'pr-context-toggle',
      'aria-expanded': 'false',
      'aria-controls': bodyId,
      'data-testid': 'pr-context-toggle',
    },
    MESSAGES.contextTitle,
  )
  const status = h('p', { className: 'pr-context-status', role: 'status' })
  const list = h('ol', { className: 'pr-context-lines', 'aria-label': MESSAGES.contextLinesLabel })
  const more = h(
    'button',
    { type: 'button', className: 'pr-text-button pr-context-more' },
    MESSAGES.contextShowMore,
  )
  const body = h('div', { className: 'pr-context-body', id: bodyId, hidden: true }, status, list, more)
  const element = h(
    'section',
    { className: 'pr-context', 'aria-label': MESSAGES.contextTitle, 'data-testid': 'pr-context' },
    h('h3', { className: 'pr-context-heading' }, toggle),
    body,
  )

  const chunkId = (): number | null => ctx.options().chunkId ?? null

  function lineItem(line: ContextLine, current: boolean): HTMLElement {
    const language = hooks.language()
    const translation = language ? line.translations[language] : undefined
    const parts = [
      h('span', { className: 'pr-context-text' }, line.transcribed_text),
      translation
        ? h('span', { className: 'pr-context-translation', lang: language ?? '' }, translation)
        : null,
    ]
    if (current) {
      return h(
        'li',
        { className: 'pr-context-line pr-context-current', 'aria-current': 'true', tabindex: '-1' },
        h('span', { className: 'pr-visually-hidden' }, `${MESSAGES.contextNowPlaying}: `),
        ...parts,
      )
    }
    const button = h('button', { type: 'button', 'data-chunk-id': line.id }, ...parts)
    button.addEventListener('click', () =>
      hooks.play({ id: line.id, play_s3_url: line.play_s3_url, segment_s3_url: line.segment_s3_url }),
    )
    return h('li', { className: 'pr-context-line' }, button)
  }

  function render(): void {
    toggle.setAttribute('aria-expanded', String(open))
    setShown(element, chunkId() !== null)
    setShown(body, open)
    if (!open) return
    if (!answer) {
      // the lines shown stay (busy) until the new clip's arrive, so a line that had focus keeps it meanwhile
      status.textContent = failed ? MESSAGES.contextFailed : MESSAGES.contextLoading
      setShown(status, true)
      list.setAttribute('aria-busy', String(!failed))
      if (failed) list.replaceChildren()
      setShown(more, false)
      return
    }
    const focusedLine = list.contains(ctx.doc.activeElement)
    list.removeAttribute('aria-busy')
    list.replaceChildren()
    const lines = STEPS[step]!
    const around = answer.before.length + answer.after.length
    status.textContent = around === 0 ? MESSAGES.contextNone : ''
    setShown(status, around === 0)
    for (const line of answer.before) list.append(lineItem(line, false))
    list.append(lineItem(answer.chunk, true))
    for (const line of answer.after) list.append(lineItem(line, false))
    // more only when a wider call can answer more: a side that came back short has no more lines
    const moreExists = answer.before.length === lines || answer.after.length === lines
    const moreShown = step < STEPS.length - 1 && moreExists
    if (!moreShown && more.contains(ctx.doc.activeElement)) list.querySelector('button')?.focus()
    else if (focusedLine) list.querySelector<HTMLElement>('.pr-context-current')?.focus()
    setShown(more, moreShown)
  }

  async function load(): Promise<void> {
    const id = chunkId()
    loading?.abort()
    if (!open || id === null) return
    const current = new AbortController()
    loading = current
    failed = false
    render()
    try {
      const next = await fetchChunkContext(
        ctx.fetcher(),
        ctx.options().apiBase,
        id,
        STEPS[step]!,
        current.signal,
      )
      if (current.signal.aborted || ctx.isDestroyed() || chunkId() !== id) return
      answer = next
    } catch (error) {
      if (current.signal.aborted || ctx.isDestroyed()) return
      // spec §8: a failed read is logged and the rest of the player goes on
      console.warn('[phrasereel] context failed:', error)
      answer = null
      failed = true
    } finally {
      if (loading === current) loading = null
    }
    render()
  }

  // opened below the fold (the info column scrolls): bring the lines into view once they are there
  const reveal = (): void => {
    if (open) body.scrollIntoView?.({ block: 'nearest' })
  }
  toggle.addEventListener('click', () => {
    open = !open
    if (open && !answer) void load().then(reveal)
    else {
      render()
      reveal()
    }
  })
  more.addEventListener('click', () => {
    if (step >= STEPS.length - 1) return
    step++
    void load()
  })

  render()
  return {
    element,
    chunkChanged() {
      answer = null
      failed = false
      if (open) void load()
      else render()
    },
    languageChanged() {
      if (open && answer) render()
    },
    reset() {
      loading?.abort()
      open = false
      step = 0
      answer = null
      failed = false
      render()
    },
  }
}
