/**
 * A signed-in learner's player settings follow them across devices (issue 17): the profile's `preferences`
 * become this browser's remembered settings when a player opens, and a change made in the player is saved with the
 * profile call (`PUT /api/auth/profile`, decision 089). Signed out, the browser alone remembers them (the widget).
 */
import type { UserPreferences } from '@phrasereel/api/shared/wire'
import { remember as rememberPlayerSettings } from '@phrasereel/widget/remembered'
import { authFetch } from '../../lib/auth-client.ts'
import { sessionUser } from '../../stores/session.ts'

// one save for a burst of changes (a language, then its tab)
const SAVE_DELAY_MS = 400
let timer: ReturnType<typeof setTimeout> | undefined
let pending: UserPreferences = {}

let following = false

/** From now on, the signed-in learner's saved settings (at sign-in, and as they change) become this browser's. */
export function followProfilePreferences(): void {
  // islands are rendered on the server too: there is no browser storage to fill there
  if (following || typeof window === 'undefined') return
  following = true
  sessionUser.subscribe((user) => {
    const saved = user?.preferences
    if (saved && Object.keys(saved).length > 0) rememberPlayerSettings(window, saved)
  })
}

/** The player's `onPreferencesChange`: saves the settings in the signed-in learner's profile. */
export function savePlayerPreferences(preferences: UserPreferences): void {
  if (!sessionUser.value) return
  pending = { ...pending, ...preferences }
  clearTimeout(timer)
  timer = setTimeout(() => {
    const body = pending
    pending = {}
    authFetch('/api/auth/profile', { method: 'PUT', json: { preferences: body } })
      .then(() => {
        const user = sessionUser.value
        // the session's copy follows, so the next player opened on this page starts from it
        if (user) sessionUser.value = { ...user, preferences: { ...user.preferences, ...body } }
      })
      .catch((error: unknown) => console.warn('[player] saving the settings failed:', error))
  }, SAVE_DELAY_MS)
}
