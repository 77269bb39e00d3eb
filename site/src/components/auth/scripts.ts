/** Loads a third-party script once (bot check, Google and Apple sign-in); resolves when it has run. */
const loaded = new Map<string, Promise<void>>()

export function loadScript(src: string): Promise<void> {
  let promise = loaded.get(src)
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => {
        loaded.delete(src)
        reject(new Error(`Could not load ${src}`))
      }
      document.head.appendChild(script)
    })
    loaded.set(src, promise)
  }
  return promise
}
