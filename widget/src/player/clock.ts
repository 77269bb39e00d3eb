import type { PlayerContext } from './state.ts'

/** The time-driven loop: one tick per animation frame while the media plays. */
export interface Clock {
  /** Tick on the next frames until playback stops (no-op when already running). */
  start(): void
  stop(): void
}

/**
 * Create the loop. `timeupdate` alone fires about four times a second, too slowly for word highlighting, so
 * while playing `tick` also runs once per animation frame.
 */
export function createClock(ctx: PlayerContext, tick: () => void): Clock {
  const { win } = ctx
  let frame = 0
  function start(): void {
    if (frame || ctx.isDestroyed()) return
    const raf = win.requestAnimationFrame?.bind(win)
    if (!raf) return
    frame = raf(() => {
      frame = 0
      tick()
      if (ctx.store.get().playing && !ctx.isDestroyed()) start()
    })
  }
  return {
    start,
    stop() {
      if (frame) win.cancelAnimationFrame?.(frame)
      frame = 0
    },
  }
}
