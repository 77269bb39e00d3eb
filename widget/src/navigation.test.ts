import { afterEach, describe, expect, test, vi } from 'vitest'
import { createNavigationLock, stepIndex } from './navigation.ts'

describe('previous/next within a list', () => {
  test('wraps around at both ends', () => {
    expect(stepIndex(2, 3, 'next')).toBe(0)
    expect(stepIndex(0, 3, 'previous')).toBe(2)
    expect(stepIndex(1, 3, 'next')).toBe(2)
    expect(stepIndex(0, 1, 'next')).toBe(0)
    expect(stepIndex(0, 0, 'next')).toBe(-1)
  })
})

describe('navigation lock (spec §4, §9: 500 ms)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('admits one navigation per 500 ms and reports locking and unlocking', () => {
    vi.useFakeTimers()
    const changes: boolean[] = []
    const lock = createNavigationLock(500, (locked) => changes.push(locked))
    expect(lock.tryAcquire()).toBe(true)
    expect(lock.tryAcquire()).toBe(false)
    vi.advanceTimersByTime(499)
    expect(lock.isLocked()).toBe(true)
    expect(lock.tryAcquire()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(lock.isLocked()).toBe(false)
    expect(lock.tryAcquire()).toBe(true)
    expect(changes).toEqual([true, false, true])
  })
})
