// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest'
import { showToast } from './toast.ts'

afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
})

test('a toast next to its target: 24 px high, fades in, hides after 1.5 s (spec §4, §9)', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
  const bar = document.createElement('div')
  const target = document.createElement('button')
  bar.append(target)
  document.body.append(bar)
  const toast = showToast(target, 'Copied!', 'success')
  expect(toast.parentElement).toBe(bar)
  expect(toast.getAttribute('role')).toBe('status')
  expect(toast.style.height).toBe('24px')
  expect(toast.style.getPropertyValue('--pr-toast-fade')).toBe('150ms')
  await vi.advanceTimersByTimeAsync(20)
  expect(toast.classList.contains('pr-toast-visible')).toBe(true)
  await vi.advanceTimersByTimeAsync(1470)
  expect(toast.classList.contains('pr-toast-visible')).toBe(true)
  await vi.advanceTimersByTimeAsync(20)
  // fading out, then gone once the fade is over
  expect(toast.classList.contains('pr-toast-visible')).toBe(false)
  expect(toast.hidden).toBe(false)
  await vi.advanceTimersByTimeAsync(150)
  expect(toast.hidden).toBe(true)
})

test('a second toast on the same target restarts the timer and reuses the element', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
  const bar = document.createElement('div')
  const target = document.createElement('button')
  bar.append(target)
  document.body.append(bar)
  const first = showToast(target, 'Copied!')
  await vi.advanceTimersByTimeAsync(1000)
  const second = showToast(target, 'Failed to copy text', 'error')
  expect(second).toBe(first)
  expect(second.dataset.kind).toBe('error')
  await vi.advanceTimersByTimeAsync(1000)
  expect(second.classList.contains('pr-toast-visible')).toBe(true)
  expect(bar.querySelectorAll('.pr-toast')).toHaveLength(1)
})
