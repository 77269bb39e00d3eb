/**
 * The player's run-through parts (issues 17, 18): the position counter ('3 / 30'), 'Copy link', and the settings
 * 'Repeat each clip' (1x, 2x, 3x) and 'Stop after each clip'. The settings work for any host that advances at a
 * clip's end (`onVideoEnd`): the clip plays N times from just before its phrase, then the player calls
 * `onVideoEnd`, or, with 'Stop after each clip', pauses at the end instead. Without `onVideoEnd` the clip loops
 * (spec §4) and the settings are not shown. They are remembered with the player's other settings (remembered.ts): in this browser,
 * and in a signed-in learner's profile through the host's `onPreferencesChange`.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { h, setShown } from '../dom.ts'
import { copyText, showToast } from '../toast.ts'
import type { UserPreferences } from '@phrasereel/api/shared/wire'
import {
  type RepeatEach,
  type RunThroughSettings,
  runThroughOf,
  runThroughPreferences,
} from './remembered.ts'
import type { PlayerContext } from './state.ts'

/** What the run-through asks of the rest of the player. */
export interface RunThroughActions {
  /** Play the clip again from just before its phrase (from the start when it has none). */
  replay(): void
  /** The learner's remembered settings ({} when the host asks not to remember). */
  remembered(): UserPreferences
  /** Remember a changed setting (this browser, and the host's `onPreferencesChange`). */
  remember(patch: UserPreferences): void
}

/** The run-through parts of the control row and the end-of-clip rule. */
export interface RunThrough {
  /** The elements to put in the control row, in order. */
  readonly items: HTMLElement[]
  /** The settings panel: a full-width line at the end of the control row, shown by the settings button. */
  readonly panel: HTMLElement
  /** Bring the counter, the link button and the settings up to date with the options. */
  render(): void
  /** Another clip is on stage: its plays are counted from zero. */
  clipChanged(): void
  /** The clip ended: true when the run-through handled it (played it again, or stopped there). */
  ended(): boolean
  /** The settings in effect. */
  settings(): RunThroughSettings
}

const REPEATS: readonly RepeatEach[] = [1, 2, 3]

/** Create the run-through parts; `actions.replay` plays the clip again. */
export function createRunThrough(ctx: PlayerContext, actions: RunThroughActions): RunThrough {
  const { idPrefix } = ctx
  const stored = runThroughOf(actions.remembered())
  let settings: RunThroughSettings = {
    repeatEach: ctx.options().repeatEach ?? stored.repeatEach,
    stopAfterEach: ctx.options().stopAfterEach ?? stored.stopAfterEach,
  }
  // the host's values last seen: a new one from the host wins over the learner's earlier choice
  let hostRepeat = ctx.options().repeatEach
  let hostStop = ctx.options().stopAfterEach
  let plays = 0

  const positionText = h('span', { 'data-testid': 'pr-position', 'aria-hidden': 'true' })
  const positionLabel = h('span', { className: 'pr-visually-hidden' })
  const position = h('span', { className: 'pr-position' }, positionLabel, positionText)

  const copyButton = h('button', { type: 'button', className: 'pr-text-button' }, MESSAGES.copyLink)
  const share = h('span', { className: 'pr-share' }, copyButton)
  copyButton.addEventListener('click', async () => {
    const url = ctx.options().shareUrl
    if (!url) return
    const ok = await copyText(url)
    showToast(copyButton, ok ? MESSAGES.linkCopied : MESSAGES.linkCopyFailed, ok ? 'success' : 'error')
  })

  const panelId = `${idPrefix}-run-through`
  const settingsButton = h(
    'button',
    {
      type: 'button',
      className: 'pr-text-button pr-run-through-toggle',
      'aria-expanded': 'false',
      'aria-controls': panelId,
    },
    MESSAGES.runThroughSettings,
  )
  const repeatSelect = h('select', { className: 'pr-speed', id: `${panelId}-repeat` })
  for (const n of REPEATS) repeatSelect.append(h('option', { value: String(n) }, `${n}x`))
  const stopBox = h('input', { type: 'checkbox', id: `${panelId}-stop` })
  const panel = h(
    'div',
    { className: 'pr-run-through', id: panelId, role: 'group', 'aria-label': MESSAGES.runThroughSettings },
    h('label', { className: 'pr-run-through-field', for: `${panelId}-repeat` }, MESSAGES.repeatEachClip),
    repeatSelect,
    h(
      'label',
      { className: 'pr-run-through-field pr-run-through-check', for: `${panelId}-stop` },
      stopBox,
      MESSAGES.stopAfterEachClip,
    ),
  )
  panel.hidden = true

  function choose(patch: Partial<RunThroughSettings>): void {
    settings = { ...settings, ...patch }
    actions.remember(runThroughPreferences(patch))
    render()
  }

  settingsButton.addEventListener('click', () => {
    panel.hidden = !panel.hidden
    settingsButton.setAttribute('aria-expanded', String(!panel.hidden))
  })
  repeatSelect.addEventListener('change', () => {
    const n = Number(repeatSelect.value)
    if (n === 1 || n === 2 || n === 3) choose({ repeatEach: n })
  })
  stopBox.addEventListener('change', () => choose({ stopAfterEach: stopBox.checked }))

  function render(): void {
    const opts = ctx.options()
    if (opts.repeatEach !== hostRepeat) {
      hostRepeat = opts.repeatEach
      if (hostRepeat !== null) settings = { ...settings, repeatEach: hostRepeat }
    }
    if (opts.stopAfterEach !== hostStop) {
      hostStop = opts.stopAfterEach
      if (hostStop !== null) settings = { ...settings, stopAfterEach: hostStop }
    }
    const at = opts.position
    setShown(position, at !== null)
    if (at) {
      const text = at.total === null ? String(at.index) : `${at.index} / ${at.total}`
      if (positionText.textContent !== text) positionText.textContent = text
      positionLabel.textContent =
        at.total === null
          ? MESSAGES.clipPositionOpen.replace('{index}', String(at.index))
          : MESSAGES.clipPosition.replace('{index}', String(at.index)).replace('{total}', String(at.total))
    }
    setShown(share, !!opts.shareUrl)
    // a host that sets both settings itself owns them (the embed page has its own `repeat`)
    const runs = !!opts.onVideoEnd && (opts.repeatEach === null || opts.stopAfterEach === null)
    setShown(settingsButton, runs)
    if (!runs) {
      panel.hidden = true
      settingsButton.setAttribute('aria-expanded', 'false')
    }
    repeatSelect.value = String(settings.repeatEach)
    stopBox.checked = settings.stopAfterEach
  }

  return {
    items: [position, share, settingsButton],
    panel,
    render,
    clipChanged() {
      plays = 0
    },
    ended() {
      // without an end handler the clip loops (spec §4): the run-through has nothing to do
      if (!ctx.options().onVideoEnd) return false
      plays++
      if (plays < settings.repeatEach) {
        actions.replay()
        return true
      }
      plays = 0
      // 'Stop after each clip': stay at the end; Play replays it, Next goes on
      return settings.stopAfterEach
    },
    settings: () => ({ ...settings }),
  }
}
