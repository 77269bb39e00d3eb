// @vitest-environment happy-dom
/** The player's run-through parts (issues 17, 18): repeat each clip, stop after each clip, 'n / N', Copy link. */
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { PlayerOptions } from '../types.ts'
import { createEmitter, type PlayerEventMap } from './events.ts'
import { createOptions } from './options.ts'
import { REMEMBERED_KEY, readRemembered, remember } from './remembered.ts'
import { createRunThrough } from './run-through.ts'
import { createStore, type PlayerContext, type PlayerState } from './state.ts'

function setup(initial: Partial<PlayerOptions>) {
  const options = createOptions(initial)
  const ctx = {
    doc: document,
    win: window,
    store: createStore({} as PlayerState),
    events: createEmitter<PlayerEventMap>(),
    idPrefix: 'pr-test',
    options: options.current,
    isDestroyed: () => false,
    fetcher: () => fetch,
  } as unknown as PlayerContext
  const replay = vi.fn()
  // as the player wires it: the remembered set in this browser, and the host hears each change
  const changes = vi.fn()
  const run = createRunThrough(ctx, {
    replay,
    remembered: () => (options.current().remember ? readRemembered(window) : {}),
    remember: (patch) => {
      if (options.current().remember) changes(remember(window, patch))
    },
  })
  document.body.append(...run.items, run.panel)
  run.render()
  return { run, replay, options, changes }
}

afterEach(() => {
  document.body.replaceChildren()
  localStorage.clear()
})

const label = (text: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent?.includes(text))
const control = <T extends HTMLElement>(text: string) =>
  document.getElementById(label(text)!.getAttribute('for')!) as T

describe('run-through', () => {
  test('without an end handler the clip loops (spec §4): no settings, nothing handled', () => {
    const { run } = setup({})
    expect(run.ended()).toBe(false)
    expect((document.querySelector('.pr-run-through-toggle') as HTMLElement).hidden).toBe(true)
  })

  test("'Repeat each clip' 3x plays the clip three times, then lets the host go on; a new clip counts again", () => {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ playback_rate: 0.5 }))
    const { run, replay, changes } = setup({ onVideoEnd: () => undefined, remember: true })
    const repeat = control<HTMLSelectElement>('Repeat each clip')
    repeat.value = '3'
    repeat.dispatchEvent(new Event('change'))
    // kept with the player's other settings, and handed to the host (a signed-in learner's profile)
    expect(readRemembered(window)).toEqual({ playback_rate: 0.5, repeat_each: 3 })
    expect(changes).toHaveBeenLastCalledWith({ playback_rate: 0.5, repeat_each: 3 })
    expect([run.ended(), run.ended(), run.ended()]).toEqual([true, true, false])
    expect(replay).toHaveBeenCalledTimes(2)
    run.ended()
    run.clipChanged()
    expect([run.ended(), run.ended(), run.ended()]).toEqual([true, true, false])
  })

  test("'Stop after each clip' stays at the end; the settings come back from storage", () => {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ repeat_each: 2, stop_after_each: true }))
    const { run, replay } = setup({ onVideoEnd: () => undefined })
    expect(control<HTMLSelectElement>('Repeat each clip').value).toBe('2')
    expect(control<HTMLInputElement>('Stop after each clip').checked).toBe(true)
    expect([run.ended(), run.ended()]).toEqual([true, true])
    expect(replay).toHaveBeenCalledTimes(1)
    const stop = control<HTMLInputElement>('Stop after each clip')
    stop.checked = false
    stop.dispatchEvent(new Event('change'))
    expect([run.ended(), run.ended()]).toEqual([true, false])
  })

  test('bad stored values fall back to the defaults; the host may set the settings', () => {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ repeat_each: 9, stop_after_each: 'yes' }))
    expect(readRemembered(window)).toEqual({})
    const { run, options } = setup({ onVideoEnd: () => undefined, repeatEach: 2 })
    expect(run.settings()).toEqual({ repeatEach: 2, stopAfterEach: false })
    const toggle = document.querySelector('.pr-run-through-toggle') as HTMLElement
    expect(toggle.hidden).toBe(false)
    options.fromHost({ stopAfterEach: true })
    run.render()
    expect(run.settings()).toEqual({ repeatEach: 2, stopAfterEach: true })
    // both set by the host (the embed page): no settings control, the remembered ones stay out
    expect(toggle.hidden).toBe(true)
  })

  test("the position shows 'n / N' with a label, and 'Copy link' only with a link", () => {
    const { run, options } = setup({ position: { index: 3, total: 30 } })
    const position = document.querySelector('.pr-position') as HTMLElement
    expect(position.querySelector('[data-testid="pr-position"]')?.textContent).toBe('3 / 30')
    expect(position.textContent).toBe('Clip 3 of 303 / 30')
    const copy = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Copy link')!
    expect((copy.parentElement as HTMLElement).hidden).toBe(true)
    options.fromHost({ position: null, shareUrl: 'https://example.org/play/3?q=hi' })
    run.render()
    expect(position.hidden).toBe(true)
    expect((copy.parentElement as HTMLElement).hidden).toBe(false)
  })
})
