/**
 * Bot-check tokens for login, register and resend (spec §5; actions login, register, submit). With a site key
 * the reCAPTCHA v3 script is loaded and asked; without one (the embedded default, whose server accepts any
 * non-empty token) a fixed placeholder token is sent.
 */
import type { CaptchaAction } from '@phrasereel/api/shared/captcha-actions'
import { publicAuthConfig } from './auth-config.ts'
import { loadScript } from './scripts.ts'

interface Grecaptcha {
  ready(callback: () => void): void
  execute(siteKey: string, options: { action: string }): Promise<string>
}

/** Placeholder token for servers without a bot check. */
export const NO_CAPTCHA_TOKEN = 'no-captcha-configured'

/** A token for `action`, or null when none could be obtained (show 'reCAPTCHA verification failed…'). */
export async function getCaptchaToken(action: CaptchaAction): Promise<string | null> {
  const siteKey = publicAuthConfig().recaptchaSiteKey
  if (!siteKey) return NO_CAPTCHA_TOKEN
  try {
    await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`)
    const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha
    if (!grecaptcha) return null
    await new Promise<void>((resolve) => grecaptcha.ready(resolve))
    const token = await grecaptcha.execute(siteKey, { action })
    return token || null
  } catch (error) {
    console.warn('[captcha] no token:', error)
    return null
  }
}
