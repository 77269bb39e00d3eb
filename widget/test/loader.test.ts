// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://host.example/page.html" }
/**
 * The JS API loader (`src/embed-api/loader.ts`, served as /embed/api.js) in a page: it defines PhraseReel, calls
 * onPhraseReelReady, mounts code-free embeds, builds the iframe URL from the options, and takes messages only from
 * its own iframe and origin. The real cross-origin round trip is site/test/e2e/embed-api.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest'

interface LoaderPlayer {
  id: string
  iframe: HTMLIFrameElement
  on(name: string, fn: (data: unknown) => void): unknown
  getState(): string
  getSpeed(): number
  play(): void
  destroy(): void
}
interface Api {
  Player: new (target: HTMLElement | string, options: Record<string, unknown>) => LoaderPlayer
  mountAll(): LoaderPlayer[]
}

let readyCalls = 0
let api: Api

beforeAll(async () => {
  const global = window as unknown as { onPhraseReelReady: () => void; PhraseReel: { other: number } }
  global.onPhraseReelReady = () => {
    readyCalls++
  }
  global.PhraseReel = { other: 1 }
  document.body.innerHTML = `
    <div class="phrasereel-embed" data-query="break a leg" data-lang="fr" data-autoplay="1" data-controls="0" data-height="300"></div>
    <div class="phrasereel-embed" data-chunk-id="42" data-theme="light" data-search="yes"></div>`
  await import('../src/embed-api/loader.ts')
  api = (window as unknown as { PhraseReel: Api }).PhraseReel
})

describe('the JS API loader', () => {
  test('defines PhraseReel (keeping what was there), calls onPhraseReelReady once, mounts code-free embeds', () => {
    expect(readyCalls).toBe(1)
    expect((window as unknown as { PhraseReel: { other: number } }).PhraseReel.other).toBe(1)
    const frames = [...document.querySelectorAll<HTMLIFrameElement>('.phrasereel-embed iframe')]
    expect(frames).toHaveLength(2)
    const byQuery = new URL(frames[0]!.src)
    expect(byQuery.pathname).toBe('/embed')
    expect(Object.fromEntries(byQuery.searchParams)).toEqual({
      q: 'break a leg',
      lang: 'fr',
      autoplay: '1',
      controls: '0',
      id: expect.stringMatching(/^phrasereel-\d+-/),
      origin: 'https://host.example',
    })
    expect(frames[0]!.style.height).toBe('300px')
    expect(frames[0]!.title).toBe('PhraseReel player')
    const byChunk = new URL(frames[1]!.src)
    expect(byChunk.pathname).toBe('/embed/42')
    expect(byChunk.searchParams.get('theme')).toBe('light')
    expect(byChunk.searchParams.get('search')).toBe('1')
    // mounted once
    expect(api.mountAll()).toEqual([])
  })

  test('a player needs a target and a query or chunk id', () => {
    expect(() => new api.Player('nowhere', { query: 'x' })).toThrow(/no element/)
    const el = document.createElement('div')
    expect(() => new api.Player(el, {})).toThrow(/query or a chunkId/)
  })

  test('takes only its own tagged messages from its own iframe and origin; destroy removes everything', () => {
    const el = document.createElement('div')
    document.body.append(el)
    const player = new api.Player(el, { chunkId: 7, speed: 0.75 })
    const heard: unknown[] = []
    player.on('speedchange', (data) => heard.push(data))
    const message = (data: unknown, origin: string, source: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
    const event = {
      source: 'phrasereel',
      id: player.id,
      type: 'event',
      event: 'speedchange',
      data: { speed: 1.25 },
      state: { state: 'playing', speed: 1.25, index: 0, total: 1, chunkId: 7, query: null },
    }
    // the iframe's window (happy-dom loads no frame): records the commands posted to it
    const posted: [unknown, string][] = []
    const own = { postMessage: (data: unknown, origin: string) => posted.push([data, origin]) }
    Object.defineProperty(player.iframe, 'contentWindow', { value: own })
    player.play() // before 'ready': queued
    expect(posted).toEqual([])
    expect(player.getSpeed()).toBe(0.75)
    message(event, 'https://evil.example', own) // wrong origin
    message(event, window.location.origin, window) // not its iframe
    message({ ...event, id: 'other' }, window.location.origin, own) // another player's
    expect(heard).toEqual([])
    message(event, window.location.origin, own)
    expect(heard).toEqual([{ speed: 1.25 }])
    expect(player.getState()).toBe('playing')
    expect(player.getSpeed()).toBe(1.25)
    message({ ...event, event: 'ready', data: {} }, window.location.origin, own)
    // the queued command goes out once the player is ready, tagged, to the PhraseReel origin only
    expect(posted).toEqual([
      [
        { source: 'phrasereel', id: player.id, type: 'command', command: 'play', args: [] },
        window.location.origin,
      ],
    ])
    player.destroy()
    player.play()
    expect(posted).toHaveLength(1)
    expect(el.querySelector('iframe')).toBeNull()
    message(event, window.location.origin, own)
    expect(heard).toHaveLength(1)
  })
})
