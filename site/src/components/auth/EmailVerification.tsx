/**
 * /email-verification (spec §2.8, §4, §5): an 8-digit code (non-digits stripped as typed); success stores the
 * session, shows 'Email verified successfully! Redirecting...' and goes to / after 1.5 s. Resend waits 180 s,
 * counting down 'Resend available in {n} seconds', and a resend restarts the wait.
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/shared/captcha-actions'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, useEffect, useState } from 'react'
import { formError, resendVerification, verifyEmail } from './auth-api.ts'
import { getCaptchaToken } from './captcha.ts'
import { CodeInput } from './CodeInput.tsx'
import { ErrorBanner, SuccessBanner } from './ErrorBanner.tsx'
import './auth-styles.ts'

export interface EmailVerificationProps {
  email: string
  registered: boolean
}

export default function EmailVerification({ email, registered }: EmailVerificationProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [resending, setResending] = useState(false)
  const [cooldown, setCooldown] = useState<number>(LIMITS.resendCooldownSeconds)

  useEffect(() => {
    if (cooldown <= 0) return
    const timer = setTimeout(() => setCooldown((n) => n - 1), 1000)
    return () => clearTimeout(timer)
  }, [cooldown])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (loading || success) return
    setError(null)
    setNotice(null)
    const pattern = new RegExp(`^\\d{${LIMITS.verificationCodeDigits}}$`)
    if (!pattern.test(code)) return setError(MESSAGES.verificationCodeInvalid)
    setLoading(true)
    try {
      try {
        await verifyEmail(email, code)
      } catch (error) {
        return setError(formError(error, MESSAGES.verificationFailed))
      }
      setSuccess(MESSAGES.emailVerifiedRedirecting)
      setTimeout(() => window.location.assign('/'), LIMITS.redirectAfterVerificationMs)
    } finally {
      setLoading(false)
    }
  }

  async function resend() {
    if (cooldown > 0 || resending) return
    setError(null)
    setNotice(null)
    setResending(true)
    try {
      const token = await getCaptchaToken(CAPTCHA_ACTIONS.resendVerification)
      if (!token) return setError(MESSAGES.captchaFailed)
      let answer: { message?: unknown } | null
      try {
        answer = await resendVerification(email, token)
      } catch (error) {
        return setError(formError(error, MESSAGES.resendFailed))
      }
      const message = answer?.message
      setNotice(typeof message === 'string' ? message : MESSAGES.verificationCodeSent)
      setCooldown(LIMITS.resendCooldownSeconds)
    } finally {
      setResending(false)
    }
  }

  return (
    <div className="pr-auth pr-auth-page">
      <h1 className="pr-auth-title">Verify your email</h1>
      <p className="pr-auth-lead">
        {registered ? 'Your account was created. ' : ''}We sent an {LIMITS.verificationCodeDigits}-digit code
        to <strong>{email}</strong>.
      </p>
      <ErrorBanner message={error} />
      <SuccessBanner message={success ?? notice} />
      <form onSubmit={submit}>
        <CodeInput id="verification-code" label="Verification code" value={code} onChange={setCode} />
        <button
          type="submit"
          className="pr-btn pr-btn-primary pr-btn-block"
          disabled={loading || Boolean(success)}
        >
          {loading ? 'Verifying...' : 'Verify Email'}
        </button>
      </form>
      <div className="pr-row-between">
        <button type="button" className="pr-link-btn" onClick={resend} disabled={cooldown > 0 || resending}>
          Resend code
        </button>
        {cooldown > 0 ? (
          <span className="pr-muted">{MESSAGES.resendAvailableIn.replace('{n}', String(cooldown))}</span>
        ) : null}
      </div>
      <p className="pr-auth-switch">
        <a href="/login">Back to sign in</a>
      </p>
    </div>
  )
}
