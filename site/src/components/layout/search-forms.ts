/**
 * The search boxes' behaviour, wherever a page has one (the main layout's top and bottom bars, the /play top
 * bar): submit trims the text and ignores a blank one (spec §2.2, §5); type-ahead (issue 18) loads when a box is
 * first focused, so pages that never search do not pay for it.
 */

/** Wires every `[data-search-form]` of the page; `beforeGo` runs before the results page opens. */
export function wireSearchForms(beforeGo: () => void = () => {}): void {
  const go = (query: string): void => {
    beforeGo()
    window.location.assign(`/search?q=${encodeURIComponent(query)}`)
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-search-form]')) {
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const input = form.querySelector<HTMLInputElement>('input[name="q"]')
      const query = input?.value.trim() ?? ''
      if (!query) return
      if (input) input.value = query
      go(query)
    })
  }
  for (const input of document.querySelectorAll<HTMLInputElement>('[data-search-input]')) {
    input.addEventListener(
      'focus',
      () => {
        import('./search-assist.ts')
          .then(({ attachSearchAssist }) => {
            attachSearchAssist(input, go)
            // text typed while the module loaded is asked for at once
            if (input.value !== input.defaultValue) input.dispatchEvent(new Event('input'))
          })
          .catch((error: unknown) => console.warn('[search] type-ahead failed to load:', error))
      },
      { once: true },
    )
  }
}
