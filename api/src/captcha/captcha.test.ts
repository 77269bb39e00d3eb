import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSiteverify } from '../../test/auth-support.ts'
import { ApiError } from '../http/errors.ts'
import { MESSAGES } from '../shared/messages.ts'
import { CAPTCHA_ACTIONS } from '../shared/captcha-actions.ts'
import { createCaptchaVerifier } from './captcha.ts'

async function refusal(promise: Promise<void>): Promise<{ status: number; detail: string } | 'passed'> {
  try {
    await promise
    return 'passed'
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, detail: error.detail }
    throw error
  }
}

const FAILED = { status: 400, detail: MESSAGES.captchaFailed }

describe('reCAPTCHA v3 check', () => {
  it('without a secret, lets any non-empty token through and refuses a missing one', async () => {
    const verifier = createCaptchaVerifier({
      RECAPTCHA_SECRET: undefined,
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/never-called',
      RECAPTCHA_MIN_SCORE: 0.5,
    })
    expect(await refusal(verifier.verify('anything', 'login', 'unknown'))).toBe('passed')
    for (const token of [undefined, null, '', '   ']) {
      expect(await refusal(verifier.verify(token, 'login', 'unknown'))).toEqual(FAILED)
    }
  })

  describe('with a secret', () => {
    let siteverify: Awaited<ReturnType<typeof startSiteverify>>
    beforeAll(async () => {
      siteverify = await startSiteverify({
        human: { success: true, action: 'login', score: 0.9 },
        borderline: { success: true, action: 'login', score: 0.5 },
        bot: { success: true, action: 'login', score: 0.3 },
        'other-action': { success: true, action: 'register', score: 0.9 },
        reused: { success: false, 'error-codes': ['timeout-or-duplicate'] },
        broken: 'http-500',
      })
    })
    afterAll(async () => {
      await siteverify?.close()
    })
    const verifier = () =>
      createCaptchaVerifier({
        RECAPTCHA_SECRET: 'test-secret',
        RECAPTCHA_VERIFY_URL: siteverify.url,
        RECAPTCHA_MIN_SCORE: 0.5,
      })

    it('passes a successful token of the right action with a score at or above the threshold', async () => {
      expect(await refusal(verifier().verify('human', CAPTCHA_ACTIONS.login, '203.0.113.9'))).toBe('passed')
      expect(await refusal(verifier().verify('borderline', CAPTCHA_ACTIONS.login, 'unknown'))).toBe('passed')
      const [first, second] = siteverify.requests.slice(-2)
      expect(Object.fromEntries(first!)).toEqual({
        secret: 'test-secret',
        response: 'human',
        remoteip: '203.0.113.9',
      })
      expect(second!.has('remoteip')).toBe(false)
    })

    it('refuses a low score, another action, an unsuccessful token and a missing one', async () => {
      const before = siteverify.requests.length
      expect(await refusal(verifier().verify('bot', 'login', 'unknown'))).toEqual(FAILED)
      expect(await refusal(verifier().verify('other-action', 'login', 'unknown'))).toEqual(FAILED)
      expect(await refusal(verifier().verify('reused', 'login', 'unknown'))).toEqual(FAILED)
      expect(await refusal(verifier().verify('never-issued', 'login', 'unknown'))).toEqual(FAILED)
      expect(await refusal(verifier().verify(undefined, 'login', 'unknown'))).toEqual(FAILED)
      expect(siteverify.requests.length - before).toBe(4) // a missing token is not even sent
    })

    it('fails closed when siteverify errs or cannot be reached', async () => {
      expect(await refusal(verifier().verify('broken', 'login', 'unknown'))).toEqual(FAILED)
      const unreachable = createCaptchaVerifier({
        RECAPTCHA_SECRET: 'test-secret',
        RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
        RECAPTCHA_MIN_SCORE: 0.5,
      })
      expect(await refusal(unreachable.verify('human', 'login', 'unknown'))).toEqual(FAILED)
    })
  })
})
