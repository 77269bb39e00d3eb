import { describe, expect, test } from 'vitest'
import { createOptions, DEFAULT_OPTIONS, initialRate } from './options.ts'

describe('player options', () => {
  test('start from the defaults; a rate the speed picker does not offer starts at 1', () => {
    const options = createOptions({ chunkId: 7 })
    expect(options.current()).toEqual({ ...DEFAULT_OPTIONS, chunkId: 7 })
    expect(initialRate(0.75)).toBe(0.75)
    expect(initialRate(3)).toBe(1)
  })

  test('an update counts only what the host changed since its previous call', () => {
    const options = createOptions({ chunkId: 7, videoUrl: '/media/7.mp4' })
    // the player moved to chunk 8 by itself
    options.set({ chunkId: 8, videoUrl: '/media/8.mp4' })
    const stale = options.fromHost({ chunkId: 7, videoUrl: '/media/7.mp4', query: 'hi' })
    expect(stale.delta).toEqual({ query: 'hi' })
    expect(stale.changed('chunkId')).toBe(false)
    expect(stale.changed('query')).toBe(true)
    expect(options.current()).toMatchObject({ chunkId: 8, videoUrl: '/media/8.mp4', query: 'hi' })
    // the host catches up: nothing changes in effect
    const caughtUp = options.fromHost({ chunkId: 8, videoUrl: '/media/8.mp4' })
    expect(caughtUp.changed('chunkId')).toBe(false)
    expect(caughtUp.changed('videoUrl')).toBe(false)
  })
})
