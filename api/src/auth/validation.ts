import { z } from 'zod'
import { ValidationError } from '../http/errors.ts'
import { LIMITS } from '../shared/limits.ts'
import { MESSAGES } from '../shared/messages.ts'

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
 * Body fields: strings or absent; their rules are checked by the domain so the details are the spec's texts.
 * A string with NUL never gets here: `readJson` refuses it for every body (api/src/http/input.ts).
 */
export const optionalString = z.string().nullish()
