import type { UserPreferences } from '@phrasereel/api/shared/wire'
import { h } from '../dom.ts'
import type { PlayerContext } from './state.ts'

/**
 * Listening mode (issue 18): the line is hidden (blurred) until the learner reveals it, and a video clip plays
 * without its picture (the audio card stands in, same stage size). A player setting, remembered like the speed.
 */
export interface ListeningMode {
  /** The control bar's toggle. */
  readonly button: HTMLButtonElement
  /** Turn listening mode on or off, and remember it. */
  toggle(): void
  /** Bring the toggle and the player's class up to date with the store. */
  render(): void
}

/** What listening mode asks of the rest of the player. */
export interface ListeningHooks {
  /** Remember a setting (local storage, and the host's `onPreferencesChange`). */
  remember(patch: UserPreferences): void
}

/** Create the listening mode toggle for the player under `root` (the subtitle bar has the reveal button). */
export function createListeningMode(
  ctx: PlayerContext,
  root: HTMLElement,
  hooks: ListeningHooks,
): ListeningMode {
  const { store } = ctx
  const button = h(
    'button',
    {
      type: 'button',
      className: 'pr-text-button pr-listening-toggle',
      'aria-label': 'Listening mode (L)',
      'aria-pressed': 'false',
    },
    'Listening',
  )

  function toggle(): void {
    const listening = !store.get().listening
    store.set({ listening })
    hooks.remember({ listening_mode: listening })
  }

  button.addEventListener('click', toggle)

  return {
    button,
    toggle,
    render() {
      const { listening } = store.get()
      root.classList.toggle('pr-listening', listening)
      button.setAttribute('aria-pressed', String(listening))
    },
  }
}
