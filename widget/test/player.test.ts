// @vitest-environment happy-dom
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createPlayer } from '../src/player.ts'
import type { PlayerHandle, PlayerOptions, PlayerTranslation } from '../src/types.ts'

const SEGMENTS = {
  segments: [
    {
      index: 0,
      start: 0,
      end: 2,
      words: [
        { word: 'Nice', start: 0.1, end: 0.4 },
        { word: 'to', start: 0.4, end: 0.6 },
        { word: 'meet', start: 0.6, end: 0.9 },
        { word: 'you.', start: 0.9, end: 1.3 },
      ],
    },
    {
      index: 1,
      start: 3,
      end: 5,
      words: [
        { word: 'Meet', start: 3, end: 3.4 },
        { word: 'me', start: 3.4, end: 3.7 },
        { word: 'later!', start: 3.7, end: 4.5 },
      ],
    },
  ],
}

const TRANSLATIONS: PlayerTranslation[] = [
  {
    translated_language: 'fr',
    translation_data: { translated_phrase: 'Ravi de vous rencontrer.' },
    translation_literal_data: {
      words: [{ '1': 'Ravi' }, { '2': 'de' }, { '3': 'rencontrer' }, { '4': 'vous' }],
    },
    translation_comprehension_data: [{ phrase: 'nice to meet you', translation: 'enchanté' }],
  },
  {
    translated_language: 'fa',
    translation_data: null,
    translation_literal_data: { words: [{ '1': 'خوشحالم' }] },
    translation_comprehension_data: [],
  },
  {
    translated_language: 'de',
    translation_data: { translated_phrase: 'Freut mich.' },
    translation_literal_data: null,
    translation_comprehension_data: null,
  },
]

type Route = (url: string) => { status: number; body?: unknown } | undefined

/** A fetch answering from `route`, recording every URL asked for. */
function fakeFetch(route: Route) {
  const calls: string[] = []
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    calls.push(url)
    const answer = route(url) ?? { status: 404, body: { detail: 'Not found' } }
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return { fetch: fn as unknown as typeof fetch, calls }
}

const defaultRoute: Route = (url) => {
  if (url.endsWith('/segments/7.json')) return { status: 200, body: SEGMENTS }
  if (url.endsWith('/api/content/chunks/7/translations')) return { status: 200, body: TRANSLATIONS }
  return undefined
}

let container: HTMLElement
let player: PlayerHandle | null = null

function mount(options: Partial<PlayerOptions> = {}, route: Route = defaultRoute) {
  const { fetch, calls } = fakeFetch(route)
  player = createPlayer(container, {
    videoUrl: '/media/7.mp4',
    subtitleUrl: '/media/segments/7.json',
    chunkId: 7,
    contentMetadata: { id: 3, name: 'Friends', content_part: 'S01E01', genre: 'Comedy', release_year: 1994 },
    transcript: 'Nice to meet you. Meet me later!',
    fetch,
    ...options,
  })
  return { player, calls, media: () => player!.getMediaElement()! }
}

function q<T extends Element = HTMLElement>(selector: string): T {
  const found = container.querySelector<T>(selector)
  if (!found) throw new Error(`no ${selector}`)
  return found
}

function button(label: string | RegExp): HTMLButtonElement {
  const all = [...container.querySelectorAll<HTMLButtonElement>('button')]
  const found = all.find((b) => {
    const name = b.getAttribute('aria-label') ?? b.textContent ?? ''
    return typeof label === 'string' ? name === label : label.test(name)
  })
  if (!found)
    throw new Error(
      `no button ${label}: ${all.map((b) => b.getAttribute('aria-label') ?? b.textContent).join(', ')}`,
    )
  return found
}

function setTime(media: HTMLMediaElement, time: number): void {
  media.currentTime = time
  media.dispatchEvent(new Event('timeupdate'))
}

function key(k: string, target: EventTarget = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
  target.dispatchEvent(event)
  return event
}

function subtitleText(): string {
  return q('[data-testid=pr-subtitles]').textContent?.replace(/\s+/g, ' ').trim() ?? ''
}

async function subtitlesLoaded(): Promise<void> {
  await vi.waitFor(() =>
    expect(
      container.querySelectorAll('.pr-word').length +
        container.querySelectorAll('[data-testid=pr-subtitles] .pr-empty').length,
    ).toBeGreaterThan(0),
  )
}

beforeEach(() => {
  document.documentElement.className = ''
  ;(window as unknown as { innerWidth: number }).innerWidth = 1280
  container = document.createElement('div')
  document.body.append(container)
})

afterEach(() => {
  player?.destroy()
  player = null
  container.remove()
  vi.useRealTimers()
})

describe('info below the video (spec §2.5)', () => {
  test('shows title, part, metadata chip and View Source; chip toggles the details', () => {
    mount({
      contentMetadata: {
        id: 3,
        name: 'Friends',
        content_part: 'S01E01',
        content_category: 'TV',
        genre: 'Comedy',
        release_year: 1994,
        external_link: 'https://example.org/friends',
      },
    })
    const info = q('[data-testid=pr-info]')
    expect(info.querySelector('h2')?.textContent).toBe('Friends')
    expect(info.textContent).toContain('S01E01')
    expect(info.textContent).toContain('1994')
    const link = info.querySelector('a')!
    expect(link.textContent).toBe(MESSAGES.viewSource)
    expect(link.getAttribute('href')).toBe('https://example.org/friends')
    const chip = q<HTMLButtonElement>('.pr-chip')
    expect(chip.textContent).toBe('TV · Comedy · 1994')
    chip.click()
    expect(chip.getAttribute('aria-expanded')).toBe('false')
    expect(q('.pr-details').hidden).toBe(true)
  })

  test("a missing title reads 'Untitled Content', no chip without details, 'Video Preview' without thumbnail", () => {
    mount({ contentMetadata: { id: 3, name: '' } })
    expect(q('.pr-title').textContent).toBe(MESSAGES.untitledContent)
    expect(container.querySelector('.pr-chip')).toBeNull()
    expect(q('[data-testid=pr-placeholder]').hidden).toBe(false)
    expect(q('[data-testid=pr-placeholder]').textContent).toBe(MESSAGES.videoPreview)
  })

  test('a thumbnail becomes the poster and hides the placeholder', () => {
    const { media } = mount({ thumbnailUrl: '/media/7.jpg' })
    expect(media().getAttribute('poster')).toBe('/media/7.jpg')
    expect(q('[data-testid=pr-placeholder]').hidden).toBe(true)
  })

  test('a new thumbnail for the same clip changes the poster without restarting the phrase', () => {
    const { media } = mount({ translations: [], match: { start: 3, end: 4 } })
    Object.defineProperty(media(), 'readyState', { value: 1, configurable: true })
    media().dispatchEvent(new Event('loadedmetadata'))
    setTime(media(), 4.5)
    player!.update({ thumbnailUrl: '/media/7-new.jpg' })
    expect(media().getAttribute('poster')).toBe('/media/7-new.jpg')
    expect(media().currentTime).toBe(4.5)
  })

  test('highlights the query in the transcript', () => {
    mount({ query: 'meet you' })
    expect([...container.querySelectorAll('.pr-transcript mark')].map((m) => m.textContent)).toEqual([
      'meet you.',
    ])
  })
})

describe('subtitles', () => {
  test('fetches the segment JSON only after the 50 ms delay (spec §9)', async () => {
    vi.useFakeTimers()
    const { calls } = mount({ translations: [] })
    await vi.advanceTimersByTimeAsync(49)
    expect(calls.filter((u) => u.endsWith('.json'))).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.filter((u) => u.endsWith('.json'))).toEqual(['/media/segments/7.json'])
  })

  test('shows the current segment as word buttons, highlights the current word, and a word click seeks', async () => {
    const { media } = mount({ translations: [] })
    await subtitlesLoaded()
    setTime(media(), 0.5)
    expect([...container.querySelectorAll('.pr-word')].map((w) => w.textContent)).toEqual([
      'Nice',
      'to',
      'meet',
      'you.',
    ])
    expect(q('.pr-word.pr-current').textContent).toBe('to')
    setTime(media(), 1)
    expect(q('.pr-word.pr-current').textContent).toBe('you.')
    setTime(media(), 3.5)
    expect(subtitleText()).toBe('Meet me later!')
    button(/^later!/).click()
    expect(media().currentTime).toBe(3.7)
    expect(q('.pr-word.pr-current').textContent).toBe('later!')
  })

  test('highlights a multi-word query as one phrase, normalised', async () => {
    const { media } = mount({ query: 'Meet YOU', translations: [] })
    await subtitlesLoaded()
    setTime(media(), 0.2)
    expect([...container.querySelectorAll('.pr-word.pr-match')].map((w) => w.textContent)).toEqual([
      'meet',
      'you.',
    ])
    // "Meet" alone in the second segment is not the phrase
    setTime(media(), 3.2)
    expect(container.querySelectorAll('.pr-word.pr-match')).toHaveLength(0)
  })

  test('a phrase running across two subtitle lines is highlighted in both', async () => {
    const { media } = mount({ query: 'you meet', translations: [] })
    await subtitlesLoaded()
    setTime(media(), 0.2)
    expect([...container.querySelectorAll('.pr-word.pr-match')].map((w) => w.textContent)).toEqual(['you.'])
    setTime(media(), 3.2)
    expect([...container.querySelectorAll('.pr-word.pr-match')].map((w) => w.textContent)).toEqual(['Meet'])
  })

  test("between segments says 'No subtitles available for this moment', or nothing in the other variant", async () => {
    const { media } = mount({ translations: [] })
    await subtitlesLoaded()
    setTime(media(), 2.5)
    expect(subtitleText()).toBe(MESSAGES.noSubtitlesMoment)
    player!.update({ showGapText: false })
    setTime(media(), 2.6)
    player!.update({ query: 'x' })
    expect(subtitleText()).toBe('')
  })

  test("a clip without subtitles says 'No subtitles available'", async () => {
    mount({ subtitleUrl: '/media/segments/missing.json', translations: [] })
    await vi.waitFor(() => expect(subtitleText()).toBe(MESSAGES.noSubtitles))
    player!.update({ subtitleUrl: null })
    expect(subtitleText()).toBe(MESSAGES.noSubtitles)
  })

  test("the copy button copies the current line and shows the 'Copied!' toast", async () => {
    const { media } = mount({ translations: [] })
    await subtitlesLoaded()
    setTime(media(), 3.2)
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    button('Copy subtitle text').click()
    await vi.waitFor(() => expect(q('[data-testid=pr-toast]').textContent).toBe(MESSAGES.copied))
    expect(writeText).toHaveBeenCalledWith('Meet me later!')
    expect(q('[data-testid=pr-toast]').style.height).toBe('24px')
    await vi.waitFor(() => expect(q('[data-testid=pr-toast]').hidden).toBe(true), { timeout: 2500 })
  })
})

describe('translations panel', () => {
  async function openPanel(options: Partial<PlayerOptions> = {}) {
    const mounted = mount(options)
    await subtitlesLoaded()
    await vi.waitFor(() => expect(button('Show translations').hidden).toBe(false))
    button('Show translations').click()
    return mounted
  }

  test('fetches translations after the 25 ms delay (spec §9)', async () => {
    vi.useFakeTimers()
    const { calls } = mount()
    await vi.advanceTimersByTimeAsync(24)
    expect(calls.some((u) => u.includes('/translations'))).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toContain('/api/content/chunks/7/translations')
  })

  test('language picker with flags, tabs by existence rules, Full text', async () => {
    await openPanel()
    const panel = q('[data-testid=pr-translations]')
    expect(panel.hidden).toBe(false)
    const languages = [...panel.querySelectorAll('.pr-language')]
    expect(languages.map((b) => b.textContent)).toEqual(['French', 'Persian', 'German'])
    // the flag is an image of the spec §3 map, decoration beside the name
    expect(languages.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([
      '/flags/fr.svg',
      '/flags/ir.svg',
      '/flags/de.svg',
    ])
    expect([...panel.querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual([
      'Full',
      'Literal',
      'Keywords',
    ])
    expect(q('[data-testid=pr-translation-body]').textContent).toBe('Ravi de vous rencontrer.')
    button('Keywords').click()
    expect(q('[data-testid=pr-translation-body]').textContent).toBe('nice to meet youenchanté')
    ;(languages[2] as HTMLButtonElement).click()
    expect([...panel.querySelectorAll('[role=tab]')].map((t) => t.textContent)).toEqual(['Full', 'Literal'])
    button('Literal').click()
    expect(q('[data-testid=pr-translation-body]').textContent).toBe(MESSAGES.noWordAlignment)
  })

  test('right-to-left languages render right-aligned', async () => {
    await openPanel()
    ;(container.querySelectorAll('.pr-language')[1] as HTMLButtonElement).click()
    const body = q('[data-testid=pr-translation-body]')
    expect([...container.querySelectorAll('.pr-tabs [role=tab]')].map((t) => t.textContent)).toEqual([
      'Literal',
    ])
    expect(body.getAttribute('dir')).toBe('rtl')
    expect(body.classList.contains('pr-rtl')).toBe(true)
    expect(body.textContent).toContain('خوشحالم')
  })

  test('word-by-word table: row click seeks, current row follows time, query rows highlighted', async () => {
    const { media } = await openPanel({ query: 'nice' })
    button('Literal').click()
    const rows = [...container.querySelectorAll<HTMLTableRowElement>('[data-testid=pr-literal] tbody tr')]
    expect(rows.map((r) => [...r.cells].map((c) => c.textContent))).toEqual([
      ['1', 'Nice', 'Ravi'],
      ['2', 'to', 'de'],
      ['3', 'meet', 'rencontrer'],
      ['4', 'you.', 'vous'],
    ])
    expect(rows.map((r) => r.classList.contains('pr-match'))).toEqual([true, false, false, false])
    rows[2]!.click()
    expect(media().currentTime).toBe(0.6)
    expect(rows[2]!.getAttribute('aria-current')).toBe('true')
    setTime(media(), 1)
    expect(rows[3]!.classList.contains('pr-current')).toBe(true)
    expect(rows[2]!.classList.contains('pr-current')).toBe(false)
  })

  test("no translations: 'No translations available' in the panel", async () => {
    mount({}, (url) => (url.includes('/translations') ? { status: 200, body: [] } : defaultRoute(url)))
    expect(button('Show translations').hidden).toBe(true)
    await vi.waitFor(() => expect(button('Show translations').hidden).toBe(false))
    button('Show translations').click()
    expect(q('[data-testid=pr-translations]').textContent).toBe(MESSAGES.noTranslations)
  })

  test('closing resets the translation UI', async () => {
    await openPanel()
    ;(container.querySelectorAll('.pr-language')[2] as HTMLButtonElement).click()
    player!.update({ isOpen: false })
    expect(q('.pr-player').hidden).toBe(true)
    player!.update({ isOpen: true })
    expect(q('[data-testid=pr-translations]').hidden).toBe(true)
    button('Show translations').click()
    expect(container.querySelector('.pr-language[aria-pressed=true]')?.textContent).toBe('French')
    expect(container.querySelector('.pr-tabs [role=tab][aria-selected=true]')?.textContent).toBe('Full')
  })
})

describe('mobile layout (below 768 px)', () => {
  test('bottom tabs Info and Translations only when translations exist', async () => {
    ;(window as unknown as { innerWidth: number }).innerWidth = 375
    mount()
    const tabs = q('.pr-mobile-tabs')
    expect(q('.pr-player').classList.contains('pr-mobile')).toBe(true)
    expect(tabs.hidden).toBe(true)
    await vi.waitFor(() => expect(tabs.hidden).toBe(false))
    expect(q('[data-testid=pr-info]').hidden).toBe(false)
    button('Translations').click()
    expect(q('[data-testid=pr-info]').hidden).toBe(true)
    expect(q('[data-testid=pr-translations]').hidden).toBe(false)
    // no fullscreen on mobile: neither the button nor F
    expect(button('Enter fullscreen').hidden).toBe(true)
    key('f')
    expect(q('.pr-player').classList.contains('pr-is-fullscreen')).toBe(false)
  })

  test('no tabs when the clip has no translations', async () => {
    ;(window as unknown as { innerWidth: number }).innerWidth = 375
    mount({ translations: [] })
    await subtitlesLoaded()
    expect(q('.pr-mobile-tabs').hidden).toBe(true)
    expect(q('[data-testid=pr-info]').hidden).toBe(false)
  })

  test('switches layout when the window crosses 768 px', () => {
    mount({ translations: [] })
    expect(q('.pr-player').classList.contains('pr-desktop')).toBe(true)
    ;(window as unknown as { innerWidth: number }).innerWidth = 767
    window.dispatchEvent(new Event('resize'))
    expect(q('.pr-player').classList.contains('pr-mobile')).toBe(true)
  })
})

describe('keyboard and fullscreen (spec §2.5)', () => {
  test('space plays and pauses, ignored while typing in an input', () => {
    const { media } = mount({ translations: [], variant: 'modal' })
    key(' ')
    expect(media().paused).toBe(false)
    expect(button('Pause')).toBeTruthy()
    const input = document.createElement('input')
    document.body.append(input)
    key(' ', input)
    expect(media().paused).toBe(false)
    key(' ')
    expect(media().paused).toBe(true)
    input.remove()
  })

  test('F toggles fullscreen; Esc leaves fullscreen first, then closes', () => {
    const onClose = vi.fn()
    mount({ translations: [], variant: 'modal', onClose })
    key('f')
    expect(q('.pr-player').classList.contains('pr-is-fullscreen')).toBe(true)
    expect(button('Exit fullscreen')).toBeTruthy()
    key('Escape')
    expect(q('.pr-player').classList.contains('pr-is-fullscreen')).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
    key('Escape')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  test('an embed only listens to keys pressed inside it', () => {
    const { media } = mount({ translations: [], variant: 'embed' })
    key(' ')
    expect(media().paused).toBe(true)
    key(' ', q('.pr-frame'))
    expect(media().paused).toBe(false)
  })

  test('a closed player ignores the keyboard', () => {
    const onNext = vi.fn()
    mount({ translations: [], variant: 'modal', isOpen: false, onNext, onPrevious: vi.fn() })
    key('ArrowRight')
    expect(onNext).not.toHaveBeenCalled()
  })
})

describe('previous / next', () => {
  test('list navigation calls the host, locked for 500 ms with the loading overlay', async () => {
    vi.useFakeTimers()
    const onNext = vi.fn()
    const onPrevious = vi.fn()
    mount({ translations: [], variant: 'modal', onNext, onPrevious })
    expect(q('[data-testid=pr-loading]').hidden).toBe(true)
    key('ArrowRight')
    expect(onNext).toHaveBeenCalledTimes(1)
    expect(q('[data-testid=pr-loading]').hidden).toBe(false)
    expect(q('[data-testid=pr-loading]').textContent).toBe(MESSAGES.loadingChunk)
    key('ArrowLeft')
    button('Next clip').click()
    expect(onNext).toHaveBeenCalledTimes(1)
    expect(onPrevious).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(500)
    expect(q('[data-testid=pr-loading]').hidden).toBe(true)
    key('ArrowLeft')
    expect(onPrevious).toHaveBeenCalledTimes(1)
  })

  test("the host can show the 'Loading chunk...' overlay while it fetches a chunk", () => {
    mount({ translations: [], loading: true, videoUrl: null })
    expect(q('[data-testid=pr-loading]').hidden).toBe(false)
    player!.update({ loading: false, videoUrl: '/media/7.mp4' })
    expect(q('[data-testid=pr-loading]').hidden).toBe(true)
  })

  test('the playing state is kept when the host swaps the clip', async () => {
    const { media } = mount({ translations: [] })
    button('Play').click()
    expect(media().paused).toBe(false)
    player!.update({ videoUrl: '/media/8.mp4', subtitleUrl: null, chunkId: 8 })
    expect(media().getAttribute('src')).toBe('/media/8.mp4')
    expect(media().paused).toBe(false)
    button('Pause').click()
    player!.update({ videoUrl: '/media/9.mp4', chunkId: 9 })
    expect(media().paused).toBe(true)
  })

  test('chunk-level: asks the server and swaps once the new file loads', async () => {
    const onChunkChange = vi.fn()
    const route: Route = (url) => {
      if (url.includes('navigate-chunk') && url.includes('action=next'))
        return {
          status: 200,
          body: { id: 8, play_s3_url: '/media/8.mp4', segment_s3_url: '/media/segments/8.json' },
        }
      if (url.endsWith('/segments/8.json'))
        return {
          status: 200,
          body: { segments: [{ index: 0, start: 0, end: 1, words: [{ word: 'Bye', start: 0, end: 1 }] }] },
        }
      return defaultRoute(url)
    }
    const { calls, media } = mount({ translations: [], onChunkChange }, route)
    button('Play').click()
    button('Next clip').click()
    await vi.waitFor(() => expect(container.querySelector('[data-testid=pr-preload-media]')).not.toBeNull())
    expect(calls).toContain(
      '/api/content/navigate-chunk?content_metadata_id=3&content_chunk_id=7&action=next&missing=no-content',
    )
    expect(media().getAttribute('src')).toBe('/media/7.mp4')
    q('[data-testid=pr-preload-media]').dispatchEvent(new Event('loadeddata'))
    await vi.waitFor(() =>
      expect(onChunkChange).toHaveBeenCalledWith({
        id: 8,
        play_s3_url: '/media/8.mp4',
        segment_s3_url: '/media/segments/8.json',
      }),
    )
    expect(media().getAttribute('src')).toBe('/media/8.mp4')
    expect(media().paused).toBe(false)
    expect(player!.getOptions().chunkId).toBe(8)
    await vi.waitFor(() => expect(subtitleText()).toBe('Bye'))
  })

  test('chunk-level: a host re-rendering with its stale clip does not pull the player back', async () => {
    const route: Route = (url) =>
      url.includes('action=next')
        ? {
            status: 200,
            body: { id: 8, play_s3_url: '/media/8.mp4', segment_s3_url: '/media/segments/8.json' },
          }
        : defaultRoute(url)
    const onChunkChange = vi.fn()
    const { media } = mount({ translations: [], onChunkChange }, route)
    const stale = {
      chunkId: 7,
      videoUrl: '/media/7.mp4',
      subtitleUrl: '/media/segments/7.json',
      isPlaying: false,
    }
    player!.update(stale)
    button('Play').click()
    button('Next clip').click()
    await vi.waitFor(() => expect(container.querySelector('[data-testid=pr-preload-media]')).not.toBeNull())
    q('[data-testid=pr-preload-media]').dispatchEvent(new Event('loadeddata'))
    await vi.waitFor(() => expect(onChunkChange).toHaveBeenCalled())
    const swapped = media()
    player!.update(stale)
    expect(player!.getMediaElement()).toBe(swapped)
    expect(swapped.getAttribute('src')).toBe('/media/8.mp4')
    // the host catches up with the new chunk: still the same clip, still playing, its transcript shown
    player!.update({
      ...stale,
      chunkId: 8,
      videoUrl: '/media/8.mp4',
      subtitleUrl: '/media/segments/8.json',
      transcript: 'Bye now',
    })
    expect(swapped.getAttribute('src')).toBe('/media/8.mp4')
    expect(swapped.paused).toBe(false)
    expect(q('.pr-transcript').textContent).toBe('Bye now')
  })

  test('chunk-level: stays when the new file does not load within 3 s, and on 404', async () => {
    vi.useFakeTimers()
    const onChunkChange = vi.fn()
    const route: Route = (url) =>
      url.includes('action=next')
        ? { status: 200, body: { id: 8, play_s3_url: '/media/8.mp4', segment_s3_url: null } }
        : defaultRoute(url)
    const { media } = mount({ translations: [], onChunkChange }, route)
    button('Next clip').click()
    await vi.advanceTimersByTimeAsync(2999)
    expect(q('[data-testid=pr-loading]').hidden).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(onChunkChange).not.toHaveBeenCalled()
    expect(media().getAttribute('src')).toBe('/media/7.mp4')
    expect(q('[data-testid=pr-loading]').hidden).toBe(true)
    // previous answers 404: nothing happens
    button('Previous clip').click()
    await vi.advanceTimersByTimeAsync(3500)
    expect(onChunkChange).not.toHaveBeenCalled()
    expect(media().getAttribute('src')).toBe('/media/7.mp4')
  })

  test('chunk-level: asks for the next chunk once half the clip has played, not before', async () => {
    const { calls, media } = mount({ translations: [] })
    Object.defineProperty(media(), 'duration', { value: 10, configurable: true })
    button('Play').click()
    setTime(media(), 4.9)
    expect(calls.some((u) => u.includes('navigate-chunk'))).toBe(false)
    setTime(media(), 5)
    setTime(media(), 5.5)
    expect(calls.filter((u) => u.includes('navigate-chunk'))).toEqual([
      '/api/content/navigate-chunk?content_metadata_id=3&content_chunk_id=7&action=next&missing=no-content',
    ])
  })

  test('at the end the clip loops, or the end handler advances', () => {
    const { media } = mount({ translations: [] })
    media().currentTime = 4.9
    media().dispatchEvent(new Event('ended'))
    expect(media().currentTime).toBe(0)
    expect(media().paused).toBe(false)
    const onVideoEnd = vi.fn()
    player!.update({ onVideoEnd })
    media().currentTime = 4.9
    media().dispatchEvent(new Event('ended'))
    expect(onVideoEnd).toHaveBeenCalledTimes(1)
    expect(media().currentTime).toBe(4.9)
  })
})

describe('learning aids beyond the spec', () => {
  function withMetadata(media: HTMLMediaElement, duration: number): void {
    Object.defineProperty(media, 'duration', { value: duration, configurable: true })
    Object.defineProperty(media, 'readyState', { value: 1, configurable: true })
    media.dispatchEvent(new Event('loadedmetadata'))
  }

  test('starts at the matched phrase with a lead-in; R replays it', () => {
    const { media } = mount({ translations: [], match: { start: 3, end: 4.5 }, variant: 'modal' })
    withMetadata(media(), 5)
    expect(media().currentTime).toBeCloseTo(2.4)
    setTime(media(), 4.8)
    key('r')
    expect(media().currentTime).toBeCloseTo(2.4)
    expect(media().paused).toBe(false)
    expect(button('Replay phrase (R)').hidden).toBe(false)
  })

  test('without a match from search, finds the query in the subtitles and starts there', async () => {
    const { media } = mount({ translations: [], query: 'meet me later' })
    withMetadata(media(), 5)
    expect(media().currentTime).toBe(0)
    await vi.waitFor(() => expect(media().currentTime).toBeCloseTo(2.4))
  })

  test('loop phrase jumps back after the phrase ends', () => {
    const { media } = mount({ translations: [], match: { start: 3, end: 4 } })
    withMetadata(media(), 5)
    button('Loop phrase').click()
    expect(button('Loop phrase').getAttribute('aria-pressed')).toBe('true')
    button('Play').click()
    setTime(media(), 4.2)
    expect(media().currentTime).toBe(4.2)
    setTime(media(), 4.31)
    expect(media().currentTime).toBeCloseTo(2.4)
  })

  test('playback speed from 0.5x to 2x (issue 18)', () => {
    const { media } = mount({ translations: [] })
    const select = q<HTMLSelectElement>('select[aria-label="Playback speed"]')
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '0.5x',
      '0.75x',
      '1x',
      '1.25x',
      '1.5x',
      '1.75x',
      '2x',
    ])
    select.value = '0.75'
    select.dispatchEvent(new Event('change'))
    expect(media().playbackRate).toBe(0.75)
    select.value = '2'
    select.dispatchEvent(new Event('change'))
    expect(media().playbackRate).toBe(2)
  })

  test('preloads the media the host names as next', () => {
    mount({ translations: [], preloadUrls: ['/media/8.mp4'] })
    expect(q('[data-testid=pr-preload-media]').getAttribute('src')).toBe('/media/8.mp4')
  })

  test('audio chunks play in the audio layout', () => {
    const { media } = mount({ translations: [], chunkType: 'audio' })
    expect(media().tagName).toBe('AUDIO')
    expect(q('.pr-player').classList.contains('pr-audio')).toBe(true)
    player!.update({ chunkType: 'video', videoUrl: '/media/8.mp4' })
    expect(player!.getMediaElement()!.tagName).toBe('VIDEO')
  })
})

describe('accessibility', () => {
  test('every button has an accessible name and the modal is a labelled dialog', async () => {
    mount({ variant: 'modal' })
    await subtitlesLoaded()
    for (const b of container.querySelectorAll('button')) {
      expect((b.getAttribute('aria-label') ?? b.textContent ?? '').trim()).not.toBe('')
    }
    const dialog = q('[role=dialog]')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('aria-label')).toBe('Clip player')
  })

  test('destroy removes the player and its keyboard handling', () => {
    const onNext = vi.fn()
    mount({ translations: [], variant: 'modal', onNext, onPrevious: vi.fn() })
    player!.destroy()
    player = null
    expect(container.querySelector('.pr-player')).toBeNull()
    key('ArrowRight')
    expect(onNext).not.toHaveBeenCalled()
  })
})

describe('events for hosts (issue 16)', () => {
  test('segmentchange and wordchange follow the playing position, with clip-wide word indexes and times', async () => {
    const { media } = mount({ translations: [] })
    const heard: [string, unknown][] = []
    player!.on('segmentchange', (data) => heard.push(['segment', data]))
    const stop = player!.on('wordchange', (data) => heard.push(['word', data]))
    await subtitlesLoaded()
    setTime(media(), 0.5)
    setTime(media(), 0.55) // same word: nothing new
    setTime(media(), 3.5)
    expect(heard).toEqual([
      ['segment', { index: 0, text: 'Nice to meet you.', start: 0, end: 2 }],
      ['word', { index: 1, word: 'to', start: 0.4, end: 0.6 }],
      ['segment', { index: 1, text: 'Meet me later!', start: 3, end: 5 }],
      ['word', { index: 5, word: 'me', start: 3.4, end: 3.7 }],
    ])
    stop()
    setTime(media(), 4)
    expect(heard).toHaveLength(4)
  })

  test('statechange reports playing, buffering, paused and ended (not the pause that comes with the end)', () => {
    const { media } = mount({ translations: [] })
    const states: string[] = []
    player!.on('statechange', ({ state }) => states.push(state))
    media().dispatchEvent(new Event('play'))
    media().dispatchEvent(new Event('waiting'))
    media().dispatchEvent(new Event('playing'))
    media().dispatchEvent(new Event('pause'))
    expect(player!.playbackState()).toBe('paused')
    media().dispatchEvent(new Event('play'))
    Object.defineProperty(media(), 'ended', { value: true, configurable: true })
    media().dispatchEvent(new Event('pause'))
    player!.update({ onVideoEnd: () => undefined })
    media().dispatchEvent(new Event('ended'))
    expect(states).toEqual(['playing', 'buffering', 'playing', 'paused', 'playing', 'ended'])
  })

  test('an end handler that plays on (repeat, next clip) keeps the state playing', () => {
    const { media } = mount({ translations: [] })
    const states: string[] = []
    player!.on('statechange', ({ state }) => states.push(state))
    let ended = true
    Object.defineProperty(media(), 'ended', { get: () => ended, configurable: true })
    player!.update({
      onVideoEnd: () => {
        ended = false
        player!.seek(0)
      },
    })
    media().dispatchEvent(new Event('play'))
    media().dispatchEvent(new Event('pause'))
    media().dispatchEvent(new Event('ended'))
    expect(states).toEqual(['playing'])
  })

  test('speedchange for setRate; a rate the picker does not offer changes nothing', () => {
    const { media } = mount({ translations: [] })
    const speeds: number[] = []
    player!.on('speedchange', ({ speed }) => speeds.push(speed))
    expect(player!.setRate(0.75)).toBe(true)
    expect(player!.setRate(3)).toBe(false)
    expect(speeds).toEqual([0.75])
    expect(media().playbackRate).toBe(0.75)
    // a new clip keeps the speed (loading resets an element's rate to its default)
    expect(media().defaultPlaybackRate).toBe(0.75)
  })

  test('the language option picks the translation shown first; muted starts muted; destroy drops listeners', async () => {
    const { media } = mount({ language: 'de', muted: true, panelOpen: true })
    await vi.waitFor(() =>
      expect(container.querySelector('.pr-language[aria-pressed="true"]')).not.toBeNull(),
    )
    expect(q('.pr-language[aria-pressed="true"]').textContent).toBe('German')
    expect(media().muted).toBe(true)
    const words: unknown[] = []
    player!.on('wordchange', (data) => words.push(data))
    const element = media()
    player!.destroy()
    player = null
    element.currentTime = 0.5
    element.dispatchEvent(new Event('timeupdate'))
    expect(words).toEqual([])
  })
})
