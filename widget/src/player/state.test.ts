import { describe, expect, test } from 'vitest'
import { createStore } from './state.ts'

describe('createStore', () => {
  test('tells the listeners of the keys that changed, with the previous value, once the whole patch is in', () => {
    const store = createStore({ a: 1, b: 'x', c: false })
    const heard: string[] = []
    store.on('a', (value, previous) => heard.push(`a ${previous}→${value} b=${store.get().b}`))
    store.on('b', (value, previous) => heard.push(`b ${previous}→${value}`))
    store.on('c', () => heard.push('c'))
    store.set({ a: 2, b: 'y', c: false })
    expect(heard).toEqual(['a 1→2 b=y', 'b x→y'])
  })

  test('stays silent when nothing changed, and stops telling a listener that unsubscribed', () => {
    const store = createStore({ list: null as number[] | null })
    const heard: (number[] | null)[] = []
    const stop = store.on('list', (value) => heard.push(value))
    store.set({ list: null })
    const list = [1]
    store.set({ list })
    store.set({ list })
    stop()
    store.set({ list: [2] })
    expect(heard).toEqual([[1]])
    expect(store.get().list).toEqual([2])
  })
})
