/**
 * Sign in and sign up (spec §2.8, §4 Dialog): sign in is an email step then a password step ('Go back'); sign up
 * is a first name / last name / email step then a details step (password, confirm; 'Back'). Step moves fade over
 * 250 ms; switching mode clears fields and errors. Used by the dialog and by the /login page.
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/captcha/actions'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { SessionUser } from '../../stores/session.ts'
import { login, register } from './auth-api.ts'
import { getCaptchaToken } from './captcha.ts'
import { ErrorBanner } from './ErrorBanner.tsx'
import { PasswordInput } from './PasswordInput.tsx'
import { SocialButtons } from './SocialButtons.tsx'

export type AuthMode = 'signin' | 'signup'
type Step = 'email' | 'password' | 'details'

export interface AuthFormProps {
  variant: 'dialog' | 'page'
  /** Called after a sign-in (not after a sign-up, which goes on to verification). */
  onSuccess(user: SessionUser): void
  /** Heading id for the dialog's aria-labelledby. */
  headingId?: string
}

/** Where a sign-up continues (spec §4: verification with registered=true). */
export function verificationUrl(email: string): string {
  return `/email-verification?email=${encodeURIComponent(email)}&registered=true`
}

export function AuthForm({ variant, onSuccess, headingId = 'auth-heading' }: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>('signin')
  const [step, setStep] = useState<Step>('email')
  const [transitioning, setTransitioning] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  function clearErrors() {
    setError(null)
    setVerifyEmail(null)
  }

  function moveTo(next: Step) {
    setTransitioning(true)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setStep(next)
      setTransitioning(false)
    }, LIMITS.stepTransitionMs)
  }

  function switchMode(next: AuthMode) {
    setMode(next)
    setStep('email')
    setEmail('')
    setPassword('')
    setConfirm('')
    setFirstName('')
    setLastName('')
    clearErrors()
  }

  function goBackFromPassword() {
    setPassword('')
    clearErrors()
    moveTo('email')
  }

  function backFromDetails() {
    setEmail('')
    setPassword('')
    setConfirm('')
    setFirstName('')
    setLastName('')
    clearErrors()
    moveTo('email')
  }

  function submitEmail(event: FormEvent) {
    event.preventDefault()
    if (!email.trim() || loading || transitioning) return
    clearErrors()
    moveTo('password')
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault()
    if (loading || transitioning) return
    clearErrors()
    setLoading(true)
    try {
      const token = await getCaptchaToken(CAPTCHA_ACTIONS.login)
      if (!token) return setError(MESSAGES.captchaFailed)
      const result = await login(email.trim(), password, token)
      if (result.ok) return onSuccess(result.value)
      setError(result.error)
      if (result.error.includes(MESSAGES.emailNotVerified)) setVerifyEmail(email.trim())
    } finally {
      setLoading(false)
    }
  }

  function submitSignupFirst(event: FormEvent) {
    event.preventDefault()
    if (!email.trim() || !firstName.trim() || !lastName.trim() || loading || transitioning) return
    clearErrors()
    moveTo('details')
  }

  async function submitDetails(event: FormEvent) {
    event.preventDefault()
    if (loading || transitioning) return
    clearErrors()
    if (password !== confirm) return setError(MESSAGES.passwordsDoNotMatch)
    if (password.length < LIMITS.minPasswordLength) return setError(MESSAGES.passwordTooShort)
    setLoading(true)
    try {
      const token = await getCaptchaToken(CAPTCHA_ACTIONS.register)
      if (!token) return setError(MESSAGES.captchaFailed)
      const result = await register({
        email: email.trim(),
        password,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        recaptchaToken: token,
      })
      if (result.ok) {
        window.location.assign(verificationUrl(email.trim()))
        return
      }
      setError(result.error)
    } finally {
      setLoading(false)
    }
  }

  const busy = loading || transitioning
  const Heading = variant === 'page' ? 'h1' : 'h2'
  const heading =
    mode === 'signin'
      ? step === 'password'
        ? 'Enter your password'
        : 'Sign in'
      : step === 'details'
        ? 'Choose a password'
        : 'Create an account'

  return (
    <div className={`pr-auth pr-auth-${variant}`}>
      <Heading id={headingId} className="pr-auth-title">
        {heading}
      </Heading>
      <p className="pr-auth-lead">
        Signed-in users can like and save videos, keep a watch history and build collections.
      </p>
      <ErrorBanner message={error} verifyEmail={verifyEmail} />
      <div className={`pr-step${transitioning ? ' pr-step-leaving' : ''}`} data-step={step} data-mode={mode}>
        {mode === 'signin' && step === 'email' && (
          <>
            <form onSubmit={submitEmail} noValidate={false}>
              <div className="pr-field">
                <label htmlFor="auth-email">Email</label>
                <input
                  id="auth-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={!email || busy}>
                Continue
              </button>
            </form>
            <div className="pr-divider">
              <span>or</span>
            </div>
            <SocialButtons onError={setError} onSuccess={onSuccess} disabled={busy} />
          </>
        )}
        {mode === 'signin' && step === 'password' && (
          <form onSubmit={submitPassword}>
            <p className="pr-auth-email">{email}</p>
            <PasswordInput
              id="auth-password"
              label="Password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              autoFocus
            />
            <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={!password || busy}>
              {loading ? 'Signing in...' : 'Sign In'}
            </button>
            <div className="pr-row-between">
              <button type="button" className="pr-link-btn" onClick={goBackFromPassword} disabled={busy}>
                {MESSAGES.goBack}
              </button>
              <button type="button" className="pr-link-btn">
                {MESSAGES.forgotPassword}
              </button>
            </div>
          </form>
        )}
        {mode === 'signup' && step === 'email' && (
          <>
            <form onSubmit={submitSignupFirst}>
              <div className="pr-field-row">
                <div className="pr-field">
                  <label htmlFor="auth-first-name">First name</label>
                  <input
                    id="auth-first-name"
                    name="first_name"
                    autoComplete="given-name"
                    required
                    maxLength={LIMITS.nameMaxLength}
                    value={firstName}
                    onChange={(event) => setFirstName(event.target.value)}
                  />
                </div>
                <div className="pr-field">
                  <label htmlFor="auth-last-name">Last name</label>
                  <input
                    id="auth-last-name"
                    name="last_name"
                    autoComplete="family-name"
                    required
                    maxLength={LIMITS.nameMaxLength}
                    value={lastName}
                    onChange={(event) => setLastName(event.target.value)}
                  />
                </div>
              </div>
              <div className="pr-field">
                <label htmlFor="auth-signup-email">Email</label>
                <input
                  id="auth-signup-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <button
                type="submit"
                className="pr-btn pr-btn-primary pr-btn-block"
                disabled={!email.trim() || !firstName.trim() || !lastName.trim() || busy}
              >
                Continue
              </button>
            </form>
            <div className="pr-divider">
              <span>or</span>
            </div>
            <SocialButtons onError={setError} onSuccess={onSuccess} disabled={busy} />
          </>
        )}
        {mode === 'signup' && step === 'details' && (
          <form onSubmit={submitDetails}>
            <p className="pr-auth-email">{email}</p>
            <PasswordInput
              id="auth-new-password"
              label="Password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
              autoFocus
            />
            <PasswordInput
              id="auth-confirm-password"
              label="Confirm password"
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
            />
            <button
              type="submit"
              className="pr-btn pr-btn-primary pr-btn-block"
              disabled={!password || !confirm || busy}
            >
              {loading ? 'Creating account...' : 'Create Account'}
            </button>
            <button type="button" className="pr-link-btn" onClick={backFromDetails} disabled={busy}>
              {MESSAGES.back}
            </button>
          </form>
        )}
      </div>
      <p className="pr-auth-switch">
        {mode === 'signin' ? (
          <>
            Don't have an account?{' '}
            <button type="button" className="pr-link-btn" onClick={() => switchMode('signup')}>
              Sign up
            </button>
          </>
        ) : (
          <>
            Already have an account?{' '}
            <button type="button" className="pr-link-btn" onClick={() => switchMode('signin')}>
              Sign in
            </button>
          </>
        )}
      </p>
      <p className="pr-auth-legal">
        By continuing you agree to our{' '}
        <button type="button" className="pr-link-btn pr-legal-link">
          Terms of Service
        </button>{' '}
        and{' '}
        <button type="button" className="pr-link-btn pr-legal-link">
          Privacy Policy
        </button>
        .
      </p>
    </div>
  )
}
