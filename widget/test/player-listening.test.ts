// @vitest-environment happy-dom
/**
 * Issue 17 (the player's parts) and issue 18 (listening mode): the nearest line in the lead-in and after the last
 * word, focus kept on subtitle words across lines, the shortcuts list, the audio card, listening mode.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { SHORTCUTS } from '../src/keyboard.ts'
import { createPlayer } from '../src/player.ts'
import { REMEMBERED_KEY } from '../src/player/remembered.ts'
import type { PlayerHandle, PlayerOptions } from '../src/types.ts'

// a lead-in before the first word (0–0.5), a gap between the lines (2–3) and a tail after the last one (5–)
const SEGMENTS = {
  segments: [
    {
      index: 0,
      start: 0.5,
      end: 2,
      words: [
        { word: 'Nice', start: 0.5, end: 0.8 },
        { word: 'to', start: 0.8, end: 1 },
        { word: 'meet', start: 1, end: 1.3 },
        { word: 'you.', start: 1.3, end: 1.8 },
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

let container: HTMLElement
let player: PlayerHandle | null = null

function mount(options: Partial<PlayerOptions> = {}, segments: unknown = SEGMENTS) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    const body = url.endsWith('/segments/7.json') ? segments : url.includes('/translations') ? [] : null
    return new Response(JSON.stringify(body), {
      status: body === null ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    })
  }) as unknown as typeof globalThis.fetch
  player = createPlayer(container, {
    videoUrl: '/media/7.mp4',
    subtitleUrl: '/media/segments/7.json',
    chunkId: 7,
    contentMetadata: { id: 3, name: 'Friends', content_part: 'S01E01' },
    transcript: 'Nice to meet you. Meet me later!',
    translations: [],
    fetch,
    ...options,
  })
  return { player, media: () => player!.getMediaElement()! }
}

function q<T extends Element = HTMLElement>(selector: string): T {
  const found = container.querySelector<T>(selector)
  if (!found) throw new Error(`no ${selector}`)
  return found
}

function button(label: string): HTMLButtonElement {
  const found = [...container.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === label,
  )
  if (!found) throw new Error(`no button ${label}`)
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

const subtitleText = (): string =>
  q('[data-testid=pr-subtitles]').textContent?.replace(/\s+/g, ' ').trim() ?? ''
const words = (): string[] => [...container.querySelectorAll('.pr-word')].map((w) => w.textContent ?? '')

async function loaded(): Promise<void> {
  await vi.waitFor(() =>
    expect(
      q('[data-testid=pr-subtitles]').querySelectorAll('.pr-word, .pr-empty, .pr-concealed').length,
    ).toBeGreaterThan(0),
  )
}

beforeEach(() => {
  document.documentElement.className = ''
  localStorage.clear()
  ;(window as unknown as { innerWidth: number }).innerWidth = 1280
  container = document.createElement('div')
  document.body.append(container)
})

afterEach(() => {
  player?.destroy()
  player = null
  container.remove()
})

describe('the lead-in and the tail show the nearest line (issue 17)', () => {
  test('before the first word and after the last one; the gap between lines keeps the spec text', async () => {
    const { media } = mount()
    await loaded()
    setTime(media(), 0.1)
    expect(subtitleText()).toBe('Nice to meet you.')
    expect(container.querySelector('.pr-word.pr-current')).toBeNull()
    setTime(media(), 2.5)
    expect(subtitleText()).toBe(MESSAGES.noSubtitlesMoment)
    setTime(media(), 5.5)
    expect(subtitleText()).toBe('Meet me later!')
  })

  test('a clip without words still says so', async () => {
    mount({}, { segments: [] })
    await vi.waitFor(() => expect(subtitleText()).toBe(MESSAGES.noSubtitles))
  })
})

describe('a focused subtitle word keeps focus (issue 17)', () => {
  test('moves to its successor when the line changes, through a gap, and when the clip starts over', async () => {
    const { media } = mount()
    await loaded()
    setTime(media(), 1)
    const to = container.querySelectorAll<HTMLButtonElement>('.pr-word')[1]!
    to.focus()
    setTime(media(), 3.5)
    expect(words()).toEqual(['Meet', 'me', 'later!'])
    // the same button, updated in place
    expect(document.activeElement).toBe(to)
    expect(to.textContent).toBe('me')
    setTime(media(), 2.5)
    expect(document.activeElement).toBe(q('[data-testid=pr-subtitles]'))
    setTime(media(), 3.1)
    expect(document.activeElement?.textContent).toBe('Meet')
    // the clip loops: the line before
    ;(document.activeElement as HTMLElement).blur()
    container.querySelectorAll<HTMLButtonElement>('.pr-word')[2]!.focus()
    setTime(media(), 0)
    expect(words()).toEqual(['Nice', 'to', 'meet', 'you.'])
    expect(document.activeElement?.textContent).toBe('meet')
    // a word click still seeks to the word the button shows now
    ;(document.activeElement as HTMLButtonElement).click()
    expect(media().currentTime).toBeCloseTo(1)
  })
})

describe("the '?' shortcuts list (issue 17)", () => {
  test('opens with the button and the key, lists every binding, closes with Esc and ?, focus returns', async () => {
    const onClose = vi.fn()
    mount({ variant: 'modal', onClose })
    await loaded()
    const toggle = button('Keyboard shortcuts (?)')
    const panel = q('[data-testid=pr-shortcuts]')
    expect(panel.hidden).toBe(true)
    toggle.focus()
    toggle.click()
    expect(panel.hidden).toBe(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(panel.getAttribute('role')).toBe('dialog')
    expect(panel.getAttribute('aria-labelledby')).toBe(panel.querySelector('h2')!.id)
    expect(panel.contains(document.activeElement)).toBe(true)
    const listed = [...panel.querySelectorAll('dd')].map((d) => d.textContent)
    expect(listed).toEqual(SHORTCUTS.map((s) => s.description))
    key('Escape', document.activeElement!)
    expect(panel.hidden).toBe(true)
    expect(onClose).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(toggle)
    // the key opens it; ? closes it again
    const play = button('Play')
    play.focus()
    key('?', play)
    expect(panel.hidden).toBe(false)
    key('?', document.activeElement!)
    expect(panel.hidden).toBe(true)
    expect(document.activeElement).toBe(play)
    // not while typing
    const input = document.createElement('input')
    document.body.append(input)
    key('?', input)
    expect(panel.hidden).toBe(true)
    input.remove()
  })
})

describe('audio clips look like clips (issue 17)', () => {
  test('an audio clip shows a card with its title and a big play button; a video clip does not', async () => {
    const { media } = mount({ chunkType: 'audio', videoUrl: '/media/7.m4a' })
    const card = q('[data-testid=pr-audio-card]')
    expect(card.hidden).toBe(false)
    expect(q('[data-testid=pr-audio-title]').textContent).toBe('Friends · S01E01')
    expect(q('[data-testid=pr-audio-duration]').hidden).toBe(true)
    const play = vi.spyOn(media(), 'play').mockImplementation(async () => {})
    button('Play clip').click()
    expect(play).toHaveBeenCalled()
    player!.update({ chunkType: 'video', videoUrl: '/media/8.mp4' })
    expect(card.hidden).toBe(true)
  })
})

describe('listening mode (issue 18)', () => {
  test('hides the line until revealed (button and S), hides the picture, and is remembered', async () => {
    const onPreferencesChange = vi.fn()
    const { media } = mount({ onPreferencesChange })
    await loaded()
    setTime(media(), 1)
    const toggle = button('Listening mode (L)')
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    toggle.click()
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(q('.pr-player').classList.contains('pr-listening')).toBe(true)
    expect(words()).toEqual([])
    expect(q('[data-testid=pr-concealed] [aria-hidden=true]').textContent).toBe('Nice to meet you.')
    expect(q('[data-testid=pr-audio-card]').hidden).toBe(false)
    expect(onPreferencesChange).toHaveBeenLastCalledWith({ listening_mode: true })
    expect(JSON.parse(localStorage.getItem(REMEMBERED_KEY)!)).toEqual({ listening_mode: true })
    const reveal = button('Reveal line (S)')
    expect(reveal.hidden).toBe(false)
    reveal.focus()
    reveal.click()
    expect(words()).toEqual(['Nice', 'to', 'meet', 'you.'])
    expect(reveal.hidden).toBe(true)
    expect(document.activeElement?.textContent).toBe('Nice')
    // the next line is hidden again; S shows it
    setTime(media(), 3.5)
    expect(words()).toEqual([])
    expect(key('s', q('.pr-frame')).defaultPrevented).toBe(true)
    expect(words()).toEqual(['Meet', 'me', 'later!'])
    // L turns it off; a new player starts in the remembered mode
    key('L', q('.pr-frame'))
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    expect(q('[data-testid=pr-audio-card]').hidden).toBe(true)
    expect(key('s', q('.pr-frame')).defaultPrevented).toBe(false)
    key('l', q('.pr-frame'))
    player!.destroy()
    mount()
    await loaded()
    expect(button('Listening mode (L)').getAttribute('aria-pressed')).toBe('true')
    expect(container.querySelectorAll('.pr-concealed').length).toBe(1)
  })
})
