// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { type KeyAction, keyAction, SHORTCUTS } from './keyboard.ts'

const ALL_ACTIONS: KeyAction[] = [
  'fullscreen',
  'previous',
  'next',
  'toggle-play',
  'escape',
  'replay-phrase',
  'shortcuts',
  'listening',
  'reveal',
]

function press(key: string, target: EventTarget | null = document.body) {
  return keyAction({ key, target, ctrlKey: false, metaKey: false, altKey: false }, { desktop: true })
}

describe('the shortcuts list (issue 17) and the listening keys (issue 18)', () => {
  test('lists every key action, and every key it lists does what it says', () => {
    expect(new Set(SHORTCUTS.map((s) => s.action))).toEqual(new Set(ALL_ACTIONS))
    for (const shortcut of SHORTCUTS) {
      for (const value of shortcut.values) expect(press(value), value).toBe(shortcut.action)
    }
  })

  test('?, L and S are ignored while typing, and with a modifier', () => {
    const input = document.createElement('input')
    for (const key of ['?', 'l', 'S']) {
      expect(press(key, input)).toBeNull()
      expect(
        keyAction(
          { key, target: document.body, ctrlKey: true, metaKey: false, altKey: false },
          { desktop: true },
        ),
      ).toBeNull()
    }
    expect(press('?')).toBe('shortcuts')
    expect(press('L')).toBe('listening')
    expect(press('s')).toBe('reveal')
  })
})
