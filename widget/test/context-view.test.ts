// @vitest-environment happy-dom
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { ChunkContext, ContextLine } from '@phrasereel/api/shared/wire'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPlayer } from '../src/player.ts'
import type { PlayerHandle, PlayerTranslation } from '../src/types.ts'

const TRANSLATIONS: PlayerTranslation[] = [
  {
    translated_language: 'fr',
    translation_data: { translated_phrase: 'Ligne 7.' },
    translation_literal_data: null,
    translation_comprehension_data: null,
  },
  {
    translated_language: 'de',
    translation_data: { translated_phrase: 'Zeile 7.' },
    translation_literal_data: null,
    translation_comprehension_data: null,
  },
]

const line = (id: number): ContextLine => ({
  id,
  transcribed_text: `Line ${id}.`,
  chunk_type: 'video',
  chunk_duration: 2,
  play_s3_url: `/media/${id}.mp4`,
  segment_s3_url: null,
  thumbnail_s3_url: null,
  translations: { fr: `Ligne ${id}.`, ...(id % 2 === 0 ? { de: `Zeile ${id}.` } : {}) },
})

/** Lines 1 to 20 of one source; the clip on stage is line 7. */
function contextAnswer(url: URL): ChunkContext {
  const id = Number(/chunks\/(\d+)\/context/.exec(url.pathname)![1])
  const before = Number(url.searchParams.get('before'))
  const after = Number(url.searchParams.get('after'))
  const ids = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => line(from + i))
  return {
    content_metadata: { id: 3, name: 'Story' } as ChunkContext['content_metadata'],
    before: ids(Math.max(1, id - before), id - 1),
    chunk: line(id),
    after: ids(id + 1, Math.min(20, id + after)),
  }
}

let container: HTMLElement
let player: PlayerHandle | null = null
let calls: string[] = []
let failContext = false

function mount(): PlayerHandle {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://test')
    calls.push(url.pathname + url.search)
    let status = 404
    let body: unknown = { detail: 'Not found' }
    if (url.pathname.endsWith('/context') && !failContext) {
      status = 200
      body = contextAnswer(url)
    } else if (url.pathname.endsWith('/translations')) {
      status = 200
      body = TRANSLATIONS
    } else if (url.pathname.endsWith('.json')) {
      status = 200
      body = { segments: [] }
    }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }) as unknown as typeof globalThis.fetch
  player = createPlayer(container, {
    videoUrl: '/media/7.mp4',
    subtitleUrl: '/media/segments/7.json',
    chunkId: 7,
    contentMetadata: { id: 3, name: 'Story' },
    fetch,
    remember: false,
  })
  return player
}

const toggle = () => container.querySelector<HTMLButtonElement>('.pr-context-toggle')!
const texts = () => [...container.querySelectorAll('.pr-context-text')].map((el) => el.textContent)
const contextCalls = () => calls.filter((url) => url.includes('/context'))

beforeEach(() => {
  ;(window as unknown as { innerWidth: number }).innerWidth = 1280
  calls = []
  failContext = false
  container = document.createElement('div')
  document.body.append(container)
})

afterEach(() => {
  player?.destroy()
  player = null
  container.remove()
})

describe("the player's Context (issue 18)", () => {
  test('asks nothing until opened, then shows three lines each way with the current one marked', async () => {
    mount()
    await vi.waitFor(() => expect(calls.some((url) => url.endsWith('/translations'))).toBe(true))
    expect(toggle().textContent).toBe(MESSAGES.contextTitle)
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
    expect(contextCalls()).toEqual([])
    toggle().click()
    expect(toggle().getAttribute('aria-expanded')).toBe('true')
    await vi.waitFor(() => expect(texts()).toHaveLength(7))
    expect(contextCalls()).toEqual(['/api/content/chunks/7/context?before=3&after=3'])
    expect(texts()).toEqual([4, 5, 6, 7, 8, 9, 10].map((n) => `Line ${n}.`))
    const current = container.querySelector('[aria-current="true"]')!
    expect(current.textContent).toContain('Line 7.')
    // every other line is a button; the current one is not
    expect(container.querySelectorAll('.pr-context-line button')).toHaveLength(6)
    // the translations in the panel's language (the first the clip has)
    const first = container.querySelector('.pr-context-translation')!
    expect([first.textContent, first.getAttribute('lang')]).toEqual(['Ligne 4.', 'fr'])
  })

  test("'Show more' asks for six, then ten each way, and goes away when nothing more exists", async () => {
    mount()
    toggle().click()
    await vi.waitFor(() => expect(texts()).toHaveLength(7))
    const more = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show more')!
    more.click()
    await vi.waitFor(() => expect(texts()).toHaveLength(13))
    more.click()
    // line 7 has six lines before it and ten after
    await vi.waitFor(() => expect(texts()).toHaveLength(17))
    expect(contextCalls().at(-1)).toBe('/api/content/chunks/7/context?before=10&after=10')
    expect(more.hidden).toBe(true)
  })

  test('follows the language chosen in the panel without asking again', async () => {
    mount()
    toggle().click()
    await vi.waitFor(() => expect(texts()).toHaveLength(7))
    const german = [...container.querySelectorAll<HTMLButtonElement>('.pr-language')].find((b) =>
      b.textContent?.includes('German'),
    )!
    german.click()
    const shown = [...container.querySelectorAll('.pr-context-translation')].map((el) => el.textContent)
    expect(shown).toEqual(['Zeile 4.', 'Zeile 6.', 'Zeile 8.', 'Zeile 10.'])
    expect(contextCalls()).toHaveLength(1)
  })

  test('a failed read says so (logged, not an error); a new clip or closing folds it back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    failContext = true
    const handle = mount()
    toggle().click()
    await vi.waitFor(() =>
      expect(container.querySelector('.pr-context-status')!.textContent).toBe(MESSAGES.contextFailed),
    )
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
    failContext = false
    // the host puts another clip on stage: the open part reads that clip's context
    handle.update({ chunkId: 12, videoUrl: '/media/12.mp4' })
    await vi.waitFor(() =>
      expect(container.querySelector('[aria-current="true"]')?.textContent).toContain('Line 12.'),
    )
    handle.update({ isOpen: false })
    expect(toggle().getAttribute('aria-expanded')).toBe('false')
  })
})
