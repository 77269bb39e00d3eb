// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest'
import { createPlayer } from '../src/player.ts'
import type { PlayerHandle } from '../src/types.ts'

let player: PlayerHandle | null = null
afterEach(() => {
  player?.destroy()
  player = null
  document.body.replaceChildren()
})

const noFetch = (() => Promise.resolve(new Response('{"segments":[]}'))) as unknown as typeof fetch
const addButton = () => document.querySelector<HTMLButtonElement>('button[aria-label="Add to collection"]')

test("the 'Add to collection' button shows only with onAddToCollection and hands over the clip shown", () => {
  const container = document.createElement('div')
  document.body.append(container)
  player = createPlayer(container, { chunkId: 7, videoUrl: '/media/7.mp4', fetch: noFetch })
  expect(addButton()?.hidden).toBe(true)
  const add = vi.fn()
  player.update({ onAddToCollection: add })
  const button = addButton()!
  expect(button.hidden).toBe(false)
  // in the control row, before the translations toggle
  expect(button.closest('.pr-buttons')).not.toBeNull()
  button.click()
  expect(add).toHaveBeenCalledWith(7)
  player.update({ chunkId: 8, videoUrl: '/media/8.mp4' })
  button.click()
  expect(add).toHaveBeenLastCalledWith(8)
  player.update({ onAddToCollection: null })
  expect(button.hidden).toBe(true)
})
