// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { PlayerModal } from '../src/react.tsx'
import type { PlayerChunk } from '../src/types.ts'

// React's act() warns unless the environment says it is a test
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const chunks: PlayerChunk[] = [1, 2, 3].map((id) => ({
  id,
  play_s3_url: `/media/${id}.mp4`,
  segment_s3_url: null,
  thumbnail_s3_url: null,
  transcribed_text: `clip ${id}`,
  chunk_type: 'video',
  content_metadata: { id: 9, name: `Show ${id}` },
}))

let host: HTMLElement
let root: Root

beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })),
  )
})

afterEach(() => {
  act(() => root.unmount())
  host.remove()
  vi.unstubAllGlobals()
})

function render(index: number, onIndexChange: (i: number) => void, onClose = vi.fn()) {
  act(() => {
    root.render(
      <PlayerModal
        isOpen
        chunks={chunks}
        index={index}
        onIndexChange={onIndexChange}
        onClose={onClose}
        isPlaying={false}
      />,
    )
  })
}

test('the modal shows the chosen clip and wraps previous/next around the list', () => {
  const onIndexChange = vi.fn()
  render(0, onIndexChange)
  expect(host.querySelector('video')?.getAttribute('src')).toBe('/media/1.mp4')
  expect(host.querySelector('.pr-title')?.textContent).toBe('Show 1')
  act(() => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }))
  })
  expect(onIndexChange).toHaveBeenCalledWith(2)
})

test('a new index swaps the clip in the same player and preloads its neighbours', () => {
  render(0, vi.fn())
  const player = host.querySelector('.pr-player')
  render(2, vi.fn())
  expect(host.querySelector('.pr-player')).toBe(player)
  expect(host.querySelector('[data-testid=pr-media]')?.getAttribute('src')).toBe('/media/3.mp4')
  expect(host.querySelector('.pr-title')?.textContent).toBe('Show 3')
  const preloads = [...host.querySelectorAll('[data-testid=pr-preload-media]')].map((m) =>
    m.getAttribute('src'),
  )
  expect(preloads).toEqual(['/media/1.mp4', '/media/2.mp4'])
})

test('the close button asks the host to close; closed, the player is hidden', () => {
  const onClose = vi.fn()
  render(1, vi.fn(), onClose)
  act(() => {
    host.querySelector<HTMLButtonElement>('button[aria-label="Close player"]')!.click()
  })
  expect(onClose).toHaveBeenCalledTimes(1)
  act(() => {
    root.render(
      <PlayerModal isOpen={false} chunks={chunks} index={1} onIndexChange={vi.fn()} onClose={onClose} />,
    )
  })
  expect(host.querySelector<HTMLElement>('.pr-player')?.hidden).toBe(true)
})

test('a new index puts the warmed-up element of that clip on stage as it is (no reload: issue 18)', () => {
  render(0, vi.fn())
  const warm = [...host.querySelectorAll<HTMLMediaElement>('[data-testid=pr-preload-media]')].find(
    (m) => m.getAttribute('src') === '/media/2.mp4',
  )
  expect(warm).toBeDefined()
  render(1, vi.fn())
  expect(host.querySelector('[data-testid=pr-media]')).toBe(warm)
  expect(warm?.closest('.pr-stage')).not.toBeNull()
  // now clip 2's neighbours are warm, next first
  const preloads = [...host.querySelectorAll('[data-testid=pr-preload-media]')].map((m) =>
    m.getAttribute('src'),
  )
  expect(preloads).toEqual(['/media/3.mp4', '/media/1.mp4'])
})
