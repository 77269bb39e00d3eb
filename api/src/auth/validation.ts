import { z } from 'zod'
import { ValidationError } from '../http/errors.ts'
import { BadRequestError } from '../http/errors.ts'
import { LIMITS, PREFERENCE_PLAYBACK_RATES, PREFERENCE_TRANSLATION_TABS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'
import type { UserPreferences } from '../shared/wire.ts'

const emailSyntax = z.email()

/** Trimmed, lower-cased email; the spec's messages for a blank or malformed one. */
export function normalizeEmail(value: string | null | undefined): string {
  const email = (value ?? '').trim().toLowerCase()
  if (!email) throw new ValidationError(MESSAGES.emailRequired)
  if (email.length > LIMITS.emailMaxLength || !emailSyntax.safeParse(email).success) {
    throw new ValidationError(MESSAGES.emailInvalid)
  }
  return email
}

/** A trimmed first or last name: required (spec §5), at most 100 characters. */
export function normalizeName(value: string | null | undefined, which: 'first' | 'last'): string {
  const name = (value ?? '').trim()
  if (!name)
    throw new ValidationError(which === 'first' ? MESSAGES.firstNameRequired : MESSAGES.lastNameRequired)
  if (name.length > LIMITS.nameMaxLength) throw new ValidationError(MESSAGES.nameTooLong)
  return name
}

/** A new password: at least 8 characters (spec §5), at most 256 (hashing cost is bounded). */
export function checkNewPassword(value: string | null | undefined): string {
  const password = value ?? ''
  if (password.length < LIMITS.minPasswordLength) throw new ValidationError(MESSAGES.passwordTooShort)
  if (password.length > LIMITS.passwordMaxLength) throw new ValidationError(MESSAGES.passwordTooLong)
  return password
}

/**
 * A `preferences` patch of a profile call (issue 17, docs/decisions/089): an object of known keys, each a valid value
 * or null (remove the key), at most 512 bytes as JSON. Anything else is a 400 naming the problem.
 */
export function parsePreferencesPatch(value: unknown): { set: UserPreferences; remove: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError(MESSAGES.preferencesInvalid)
  }
  if (Buffer.byteLength(JSON.stringify(value)) > LIMITS.preferencesMaxBytes) {
    throw new BadRequestError(MESSAGES.preferencesTooLarge)
  }
  const set: UserPreferences = {}
  const remove: string[] = []
  for (const [key, item] of Object.entries(value)) {
    if (!PREFERENCE_KEYS.has(key)) {
      throw new BadRequestError(MESSAGES.preferencesUnknownKey.replace('{key}', () => key.slice(0, 40)))
    }
    if (item === null) {
      remove.push(key)
      continue
    }
    if (key === 'translation_language') {
      if (typeof item !== 'string' || !/^[a-z]{2}$/.test(item)) {
        throw new BadRequestError(MESSAGES.preferencesBadLanguage)
      }
      set.translation_language = item
    } else if (key === 'translation_tab') {
      const tab = PREFERENCE_TRANSLATION_TABS.find((t) => t === item)
      if (!tab) throw new BadRequestError(MESSAGES.preferencesBadTab)
      set.translation_tab = tab
    } else if (key === 'listening_mode') {
      if (typeof item !== 'boolean') throw new BadRequestError(MESSAGES.preferencesBadListening)
      set.listening_mode = item
    } else if (key === 'repeat_each') {
      if (item !== 1 && item !== 2 && item !== 3) throw new BadRequestError(MESSAGES.preferencesBadRepeat)
      set.repeat_each = item
    } else if (key === 'stop_after_each') {
      if (typeof item !== 'boolean') throw new BadRequestError(MESSAGES.preferencesBadStopAfter)
      set.stop_after_each = item
    } else {
      if (typeof item !== 'number' || !PREFERENCE_PLAYBACK_RATES.includes(item)) {
        throw new BadRequestError(MESSAGES.preferencesBadRate)
      }
      set.playback_rate = item
    }
  }
  return { set, remove }
}

const PREFERENCE_KEYS = new Set([
  'translation_language',
  'translation_tab',
  'playback_rate',
  'listening_mode',
  'repeat_each',
  'stop_after_each',
])

/**
 * Body fields: strings or absent; their rules are checked by the domain so the details are the spec's texts.
 * A string with NUL never gets here: `readJson` refuses it for every body (api/src/http/input.ts).
 */
export const optionalString = z.string().nullish()
