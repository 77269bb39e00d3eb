/**
 * Settings a learner sets once (issue 17): translation language, translation tab, speed, listening mode and the
 * run-through settings (issue 18), kept in this browser
 * (local storage) so they survive Next, Previous, closing and reopening the player and a reload; a host may keep
 * them elsewhere too (the site saves a signed-in learner's in the profile, `onPreferencesChange`). The shape is the
 * profile's `preferences` (api/src/shared/wire.ts), so one validation serves both.
 */
import { PREFERENCE_PLAYBACK_RATES, PREFERENCE_TRANSLATION_TABS } from '@phrasereel/api/shared/limits'
import type { UserPreferences } from '@phrasereel/api/shared/wire'

/** The local storage key of the remembered settings. */
export const REMEMBERED_KEY = 'phrasereel:player-settings'

/** Keeps only known keys with valid values (storage is anyone's to edit). */
export function validPreferences(value: unknown): UserPreferences {
  const out: UserPreferences = {}
  if (!value || typeof value !== 'object') return out
  const raw = value as Record<string, unknown>
  if (typeof raw.translation_language === 'string' && /^[a-z]{2}$/.test(raw.translation_language)) {
    out.translation_language = raw.translation_language
  }
  const tab = raw.translation_tab
  if (typeof tab === 'string' && (PREFERENCE_TRANSLATION_TABS as readonly string[]).includes(tab)) {
    out.translation_tab = tab as NonNullable<UserPreferences['translation_tab']>
  }
  if (typeof raw.playback_rate === 'number' && PREFERENCE_PLAYBACK_RATES.includes(raw.playback_rate)) {
    out.playback_rate = raw.playback_rate
  }
  if (typeof raw.listening_mode === 'boolean') out.listening_mode = raw.listening_mode
  const repeat = raw.repeat_each
  if (repeat === 1 || repeat === 2 || repeat === 3) out.repeat_each = repeat
  if (typeof raw.stop_after_each === 'boolean') out.stop_after_each = raw.stop_after_each
  return out
}

/** The settings remembered in this browser ({} when none, or storage is unavailable). */
export function readRemembered(win: Window): UserPreferences {
  try {
    return validPreferences(JSON.parse(win.localStorage.getItem(REMEMBERED_KEY) ?? 'null'))
  } catch {
    return {}
  }
}

/** Remembers `patch` over what is kept; answers the whole set. */
export function remember(win: Window, patch: UserPreferences): UserPreferences {
  const next = validPreferences({ ...readRemembered(win), ...patch })
  try {
    win.localStorage.setItem(REMEMBERED_KEY, JSON.stringify(next))
  } catch {
    // storage full or refused (private mode): the settings last for this page
  }
  return next
}

/** The browser's languages as two-letter codes, in its order of preference. */
export function browserLanguages(win: Window): string[] {
  const list = win.navigator.languages?.length ? win.navigator.languages : [win.navigator.language]
  return list.map((tag) => (tag ?? '').toLowerCase().split(/[-_]/)[0] ?? '').filter(Boolean)
}

/** How many times each clip plays before a run-through moves on (issue 18). */
export type RepeatEach = 1 | 2 | 3

/** The run-through settings (issue 18): 'Repeat each clip' and 'Stop after each clip'. */
export interface RunThroughSettings {
  repeatEach: RepeatEach
  stopAfterEach: boolean
}

/** The run-through settings when none are remembered: each clip once, then the next one. */
export const DEFAULT_RUN_THROUGH: RunThroughSettings = { repeatEach: 1, stopAfterEach: false }

/** The run-through settings in the remembered set (the defaults for what it does not hold). */
export function runThroughOf(preferences: UserPreferences): RunThroughSettings {
  return {
    repeatEach: preferences.repeat_each ?? DEFAULT_RUN_THROUGH.repeatEach,
    stopAfterEach: preferences.stop_after_each ?? DEFAULT_RUN_THROUGH.stopAfterEach,
  }
}

/** The remembered-set keys of a change of run-through settings. */
export function runThroughPreferences(patch: Partial<RunThroughSettings>): UserPreferences {
  const out: UserPreferences = {}
  if (patch.repeatEach !== undefined) out.repeat_each = patch.repeatEach
  if (patch.stopAfterEach !== undefined) out.stop_after_each = patch.stopAfterEach
  return out
}
