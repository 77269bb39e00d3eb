// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { isTextEntryTarget, isTypingTarget, keyAction } from './keyboard.ts'

function press(key: string, target: EventTarget | null, mods: Partial<KeyboardEvent> = {}) {
  return keyAction({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...mods }, { desktop: true })
}

describe('player keyboard (spec §2.5)', () => {
  test('maps F, arrows, space, Esc and R', () => {
    const body = document.body
    expect(press('f', body)).toBe('fullscreen')
    expect(press('ArrowLeft', body)).toBe('previous')
    expect(press('ArrowRight', body)).toBe('next')
    expect(press(' ', body)).toBe('toggle-play')
    expect(press('Escape', body)).toBe('escape')
    expect(press('R', body)).toBe('replay-phrase')
    expect(press('x', body)).toBeNull()
  })

  test('F does nothing on mobile', () => {
    expect(
      keyAction(
        { key: 'f', target: document.body, ctrlKey: false, metaKey: false, altKey: false },
        { desktop: false },
      ),
    ).toBeNull()
  })

  test('ignores every key while typing in input, textarea, select or editable elements', () => {
    const editable = document.createElement('div')
    editable.setAttribute('contenteditable', 'true')
    for (const el of [
      document.createElement('input'),
      document.createElement('textarea'),
      document.createElement('select'),
      editable,
    ]) {
      expect(isTypingTarget(el)).toBe(true)
      for (const key of ['f', 'ArrowLeft', 'ArrowRight', ' ', 'r']) expect(press(key, el)).toBeNull()
    }
    expect(isTypingTarget(document.createElement('div'))).toBe(false)
  })

  test('Escape closes from the seek slider and the speed select, not from a field that takes text', () => {
    const slider = document.createElement('input')
    slider.type = 'range'
    const select = document.createElement('select')
    const checkbox = document.createElement('input')
    checkbox.type = 'checkbox'
    for (const el of [slider, select, checkbox]) {
      expect(isTextEntryTarget(el)).toBe(false)
      expect(press('Escape', el)).toBe('escape')
      // their own arrow keys still move them instead of changing the clip
      expect(press('ArrowLeft', el)).toBeNull()
    }
    const search = document.createElement('input')
    search.type = 'search'
    const editable = document.createElement('div')
    editable.setAttribute('contenteditable', 'true')
    for (const el of [
      document.createElement('input'),
      search,
      document.createElement('textarea'),
      editable,
    ]) {
      expect(isTextEntryTarget(el)).toBe(true)
      expect(press('Escape', el)).toBeNull()
    }
  })

  test('leaves browser shortcuts alone and lets a focused button take Space', () => {
    expect(press('f', document.body, { ctrlKey: true })).toBeNull()
    expect(press('ArrowLeft', document.body, { altKey: true })).toBeNull()
    expect(press(' ', document.createElement('button'))).toBeNull()
    expect(press('ArrowRight', document.createElement('button'))).toBe('next')
  })
})
