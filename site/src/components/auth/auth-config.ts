/**
 * The public sign-in configuration the server renders into the page alongside the session (bot-check site key,
 * Google and Apple client ids; none is a secret). Empty values mean "not configured".
 */
import { embeddedConfig } from '../../stores/session.ts'

export interface PublicAuthConfig {
  recaptchaSiteKey: string | null
  googleClientId: string | null
  appleClientId: string | null
}

/** The configuration embedded by `SessionScript.astro` (or fetched with the session); all-null without one. */
export function publicAuthConfig(): PublicAuthConfig {
  const empty: PublicAuthConfig = { recaptchaSiteKey: null, googleClientId: null, appleClientId: null }
  return { ...empty, ...(embeddedConfig() as Partial<PublicAuthConfig> | undefined) }
}
