/** Step a list position by one with wrap-around (spec §4: previous/next within a list wraps). */
export function stepIndex(index: number, length: number, direction: 'previous' | 'next'): number {
  if (length <= 0) return -1
  const step = direction === 'next' ? 1 : -1
  return (((index + step) % length) + length) % length
}

/** A lock that admits one navigation per `ms` (spec §4/§9: about 500 ms with a loading overlay). */
export interface NavigationLock {
  /** True and locks when free; false while a previous navigation still holds the lock. */
  tryAcquire(): boolean
  isLocked(): boolean
  /** Free it early (e.g. when the player is destroyed). */
  release(): void
}

/** Create a navigation lock; `onChange` hears when it locks and unlocks (drives the overlay). */
export function createNavigationLock(ms: number, onChange?: (locked: boolean) => void): NavigationLock {
  let timer: ReturnType<typeof setTimeout> | null = null
  const release = (): void => {
    if (timer === null) return
    clearTimeout(timer)
    timer = null
    onChange?.(false)
  }
  return {
    tryAcquire() {
      if (timer !== null) return false
      timer = setTimeout(release, ms)
      onChange?.(true)
      return true
    },
    isLocked: () => timer !== null,
    release,
  }
}

/**
 * Resolve true when `media` can play within `timeoutMs`, false on error or timeout (spec §4: chunk-level
 * navigation swaps the video only if the new file loads within 3 s).
 */
export function waitForMedia(media: HTMLMediaElement, timeoutMs: number): Promise<boolean> {
  // HAVE_CURRENT_DATA: the first frame is there already (a preloaded clip)
  if (media.readyState >= 2) return Promise.resolve(true)
  return new Promise((resolve) => {
    const finish = (ok: boolean): void => {
      clearTimeout(timer)
      media.removeEventListener('loadeddata', onReady)
      media.removeEventListener('canplay', onReady)
      media.removeEventListener('error', onError)
      resolve(ok)
    }
    const onReady = (): void => finish(true)
    const onError = (): void => finish(false)
    const timer = setTimeout(() => finish(false), timeoutMs)
    media.addEventListener('loadeddata', onReady)
    media.addEventListener('canplay', onReady)
    media.addEventListener('error', onError)
  })
}
