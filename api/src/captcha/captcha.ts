import type { Config } from '../config.ts'
import { BadRequestError } from '../http/errors.ts'
import { log } from '../log.ts'
import { MESSAGES } from '../shared/messages.ts'
import type { CaptchaAction } from '../shared/captcha-actions.ts'

/** Checks a bot-check token; resolves when it passes, throws the spec's captcha message otherwise. */
export interface CaptchaVerifier {
  verify(token: string | null | undefined, action: CaptchaAction, remoteAddress: string): Promise<void>
}

const VERIFY_TIMEOUT_MS = 5000

/**
 * With `RECAPTCHA_SECRET`, tokens go to Google's siteverify (`RECAPTCHA_VERIFY_URL`) and must come back with
 * success, the expected action and a score of at least `RECAPTCHA_MIN_SCORE`. Without it, any non-empty token
 * passes (the embedded default has no bot check). A missing token fails either way.
 */
export function createCaptchaVerifier(
  config: Pick<Config, 'RECAPTCHA_SECRET' | 'RECAPTCHA_VERIFY_URL' | 'RECAPTCHA_MIN_SCORE'>,
): CaptchaVerifier {
  const secret = config.RECAPTCHA_SECRET
  return {
    async verify(token, action, remoteAddress) {
      if (typeof token !== 'string' || token.trim() === '' || token.length > 4096) throw captchaFailed()
      if (!secret) return
      const body = new URLSearchParams({ secret, response: token })
      if (remoteAddress !== 'unknown') body.set('remoteip', remoteAddress)
      let answer: { success?: unknown; action?: unknown; score?: unknown; 'error-codes'?: unknown }
      try {
        const response = await fetch(config.RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        })
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`)
        answer = (await response.json()) as typeof answer
      } catch (error) {
        // fail closed: a bot check that cannot be asked does not let anyone through
        log.warn('reCAPTCHA siteverify unreachable', { error })
        throw captchaFailed()
      }
      const score = typeof answer.score === 'number' ? answer.score : -1
      if (answer.success !== true || answer.action !== action || score < config.RECAPTCHA_MIN_SCORE) {
        log.info('reCAPTCHA refused', {
          action,
          gotAction: typeof answer.action === 'string' ? answer.action : null,
          score,
          errors: answer['error-codes'] ?? null,
        })
        throw captchaFailed()
      }
    },
  }
}

function captchaFailed(): BadRequestError {
  return new BadRequestError(MESSAGES.captchaFailed)
}
