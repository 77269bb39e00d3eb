/**
 * Like and save in the player (spec §2.5, §2.6, §4 Like/save): the buttons sit in the player's control row, after
 * its spacer and before the translations and fullscreen buttons, inside the player's frame (so the modal's focus
 * trap and dialog semantics include them). The player core renders its own DOM and knows nothing of sessions; the
 * host adds this slot once the player is mounted. See docs/decisions/074.
 */

import { watchPlays } from './play-log.ts'

/** Class of the slot element this module adds to the player's control row. */
export const PLAYER_MARKS_CLASS = 'pr-player-marks'

/** The slot for the like/save buttons in the player under `container`, created on first call; null before the player is there. */
export function playerMarksSlot(container: ParentNode): HTMLElement | null {
  const existing = container.querySelector<HTMLElement>(`.${PLAYER_MARKS_CLASS}`)
  if (existing) return existing
  const row = container.querySelector<HTMLElement>('.pr-buttons')
  if (!row) return null
  const slot = row.ownerDocument.createElement('span')
  slot.className = PLAYER_MARKS_CLASS
  const spacer = row.querySelector('.pr-spacer')
  if (spacer) spacer.after(slot)
  else row.append(slot)
  return slot
}

export interface PlayerMarksTarget {
  contentMetadataId: number
  chunkId: number
}

export interface PlayerMarks {
  /** Shows the buttons for another clip (previous/next). */
  update(target: PlayerMarksTarget): void
  unmount(): void
}

/** Like/save and the play log of a framework-free player page, for the clip it shows. */
export interface PlayerAccount {
  /** The player now shows another clip (previous/next). */
  show(target: PlayerMarksTarget): void
  dispose(): void
}

/**
 * Adds like/save and the play log to the player under `container` (/play, which loads this module after its
 * first paint). `media()` is the player's current media element: a clip already playing when this arrives is
 * logged at once. The caller passes the clip shown by then with `show()` once this resolves.
 */
export async function attachPlayerAccount(
  container: ParentNode & EventTarget,
  target: PlayerMarksTarget,
  media: () => HTMLMediaElement | null,
): Promise<PlayerAccount> {
  const plays = watchPlays(container)
  plays.show(target)
  const current = media()
  if (current && !current.paused && current.readyState >= 3) plays.playing()
  let marks: PlayerMarks | null = null
  try {
    marks = await mountPlayerMarks(container, target)
  } catch (error) {
    console.warn('[player] like/save failed to load:', error)
  }
  return {
    show(next) {
      plays.show(next)
      marks?.update(next)
    },
    dispose() {
      plays.dispose()
      marks?.unmount()
      marks = null
    },
  }
}

/**
 * Mounts the like/save buttons into the player under `container` for framework-free pages (/play): they load
 * here, after the player is up, so they never delay its first paint; no React (docs/decisions/079).
 */
export async function mountPlayerMarks(
  container: ParentNode,
  target: PlayerMarksTarget,
): Promise<PlayerMarks | null> {
  const slot = playerMarksSlot(container)
  if (!slot) return null
  const { mountMarkButtons } = await import('./mark-buttons.ts')
  const buttons = mountMarkButtons(slot, target, 'pr-marks--player')
  return {
    update: (next) => buttons.update(next),
    unmount() {
      buttons.dispose()
      slot.remove()
    },
  }
}
