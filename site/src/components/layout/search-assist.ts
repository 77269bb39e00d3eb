/**
 * Type-ahead for the search boxes (issue 18): the WAI-ARIA 1.2 combobox pattern over the `SearchForm` markup.
 * From `LIMITS.completeMinChars` typed characters the phrases that have results come in the listbox (debounced,
 * a newer request aborts the older one); ArrowDown/ArrowUp move through them, Enter or a click searches the one
 * picked, Escape closes the list (a second Escape does what it does without it). Submitting the typed text keeps
 * the rules of spec §2.2/§5 (the layout script's submit handler).
 */
import { ApiError } from '@phrasereel/api/shared/http-client'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { completeSearch, type PhraseSuggestion } from '../../lib/api.ts'
import { formatCount } from '../../lib/format.ts'

/** Makes a search box (an input with role="combobox" and its listbox, see SearchForm.astro) suggest phrases. */
export function attachSearchAssist(input: HTMLInputElement, onPick: (phrase: string) => void): void {
  const listId = input.getAttribute('aria-controls')
  const list = listId ? document.getElementById(listId) : null
  if (!list || input.dataset.searchAssist === 'on') return
  input.dataset.searchAssist = 'on'
  let items: PhraseSuggestion[] = []
  let active = -1
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: AbortController | null = null
  /** The text the shown suggestions answer, so a late answer for older text is dropped. */
  let asked = ''

  const optionId = (index: number) => `${list.id}-option-${index}`
  const isOpen = () => input.getAttribute('aria-expanded') === 'true'

  function close(): void {
    input.setAttribute('aria-expanded', 'false')
    input.removeAttribute('aria-activedescendant')
    list!.hidden = true
    active = -1
  }

  function setActive(index: number): void {
    active = index
    for (const [i, option] of [...list!.children].entries()) {
      option.setAttribute('aria-selected', String(i === index))
    }
    if (index < 0) {
      input.removeAttribute('aria-activedescendant')
      return
    }
    input.setAttribute('aria-activedescendant', optionId(index))
    list!.children[index]?.scrollIntoView({ block: 'nearest' })
  }

  function render(): void {
    list!.replaceChildren(
      ...items.map((item, i) => {
        const option = document.createElement('li')
        option.id = optionId(i)
        option.setAttribute('role', 'option')
        option.setAttribute('aria-selected', 'false')
        option.dataset.phrase = item.phrase
        const text = document.createElement('span')
        text.textContent = item.phrase
        const count = document.createElement('span')
        count.className = 'search-suggestions__count'
        count.textContent = formatCount(item.count)
        count.setAttribute('aria-hidden', 'true')
        option.append(text, count)
        return option
      }),
    )
    active = -1
    input.removeAttribute('aria-activedescendant')
    if (items.length === 0) {
      close()
      return
    }
    list!.hidden = false
    input.setAttribute('aria-expanded', 'true')
  }

  async function ask(text: string): Promise<void> {
    pending?.abort()
    const controller = new AbortController()
    pending = controller
    try {
      const found = await completeSearch(text, controller.signal)
      if (controller.signal.aborted || input.value !== text) return
      asked = text
      items = found
      if (document.activeElement === input) render()
    } catch (error) {
      if (controller.signal.aborted) return
      // suggestions are a convenience: a failure leaves the box as it was (spec §8: logged only)
      if (!(error instanceof ApiError && error.status === 0))
        console.warn('[search] suggestions failed:', error)
    } finally {
      if (pending === controller) pending = null
    }
  }

  function schedule(): void {
    clearTimeout(timer)
    const text = input.value
    if (text.trim().length < LIMITS.completeMinChars) {
      pending?.abort()
      items = []
      asked = ''
      close()
      return
    }
    timer = setTimeout(() => void ask(text), LIMITS.completeDebounceMs)
  }

  function pick(index: number): void {
    const item = items[index]
    if (!item) return
    input.value = item.phrase
    close()
    onPick(item.phrase)
  }

  input.addEventListener('input', schedule)
  input.addEventListener('focus', () => {
    if (items.length > 0 && asked === input.value) render()
  })
  input.addEventListener('blur', () => {
    clearTimeout(timer)
    close()
  })
  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (items.length === 0 || asked !== input.value) return
        event.preventDefault()
        if (!isOpen()) render()
        const step = event.key === 'ArrowDown' ? 1 : -1
        const next =
          active < 0 ? (step > 0 ? 0 : items.length - 1) : (active + step + items.length) % items.length
        setActive(next)
        return
      }
      case 'Enter':
        if (isOpen() && active >= 0) {
          event.preventDefault()
          pick(active)
        }
        return
      case 'Escape':
        if (isOpen()) {
          // the first Escape only closes the list; the next one clears the box and closes menus as before
          event.preventDefault()
          event.stopPropagation()
          close()
        }
        return
    }
  })
  // a press on an option keeps the focus in the box (no blur closing the list before the click)
  list.addEventListener('mousedown', (event) => event.preventDefault())
  list.addEventListener('click', (event) => {
    const option = (event.target as Element | null)?.closest<HTMLElement>('[role="option"]')
    if (!option) return
    pick([...list.children].indexOf(option))
  })
}
