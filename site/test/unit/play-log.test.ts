/** Play logging (spec §7.2): once per clip shown when it really plays; signed out, nothing is sent. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { logPlay, watchPlays } from '../../src/components/marks/play-log.ts'
import { clearSession, setSignedIn } from '../../src/stores/session.ts'

const playing = (target: EventTarget) => target.dispatchEvent(new Event('playing'))

describe('watchPlays', () => {
  it('logs the clip shown once, when it plays, and again only for another showing', () => {
    const target = new EventTarget()
    const log = vi.fn(async () => undefined)
    const plays = watchPlays(target, log)
    playing(target) // nothing shown yet
    expect(log).not.toHaveBeenCalled()
    plays.show({ chunkId: 1, contentMetadataId: 10 })
    expect(log).not.toHaveBeenCalled() // shown, not played
    playing(target)
    playing(target) // a loop or a resume
    plays.show({ chunkId: 1, contentMetadataId: 10 }) // the same clip again (a re-render)
    playing(target)
    expect(log.mock.calls).toEqual([[1, 10]])
    plays.show({ chunkId: 2, contentMetadataId: 10 }) // next
    playing(target)
    plays.show({ chunkId: 1, contentMetadataId: 10 }) // previous: a new showing
    playing(target)
    expect(log.mock.calls).toEqual([
      [1, 10],
      [2, 10],
      [1, 10],
    ])
    plays.dispose()
    plays.show({ chunkId: 3, contentMetadataId: 11 })
    playing(target)
    expect(log).toHaveBeenCalledTimes(3)
  })
})

describe('logPlay', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    clearSession()
  })

  it('sends nothing when signed out', async () => {
    clearSession()
    const fetch = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', fetch)
    await logPlay(1, 10)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('posts content_chunk_id and content_metadata_id when signed in; a failure is only logged', async () => {
    setSignedIn({
      id: 7,
      email: 'a@example.org',
      first_name: 'A',
      last_name: 'B',
      is_verified: true,
      created_at: '2026-01-01T00:00:00Z',
      profile_picture_url: null,
      preferences: {},
    })
    const fetch = vi.fn(async () => new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', fetch)
    await logPlay(3, 12)
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/user-content/play')
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({ content_chunk_id: 3, content_metadata_id: 12 })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    fetch.mockImplementationOnce(async () => new Response('{"detail":"down"}', { status: 503 }))
    await expect(logPlay(3, 12)).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})
