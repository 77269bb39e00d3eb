/**
 * Sign in and sign up (spec §2.8, §4 Dialog): sign in is an email step then a password step ('Go back'); sign up
 * is a first name / last name / email step then a details step (password, confirm; 'Back'). Step moves fade over
 * 250 ms; switching mode clears fields and errors. Used by the dialog and by the /login page.
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/shared/captcha-actions'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { formError, login } from './auth-api.ts'
import { getCaptchaToken } from './captcha.ts'
import { ErrorBanner } from './ErrorBanner.tsx'
import { LegalNote } from './LegalNote.tsx'
import { PasswordInput } from './PasswordInput.tsx'
import { PasswordReset, type ResetStep } from './PasswordReset.tsx'
import {
  EMPTY_SIGN_UP,
  type FieldProblems,
  NAME_EMAIL_FIELDS,
  NameEmailFields,
  NewPasswordFields,
  PASSWORD_FIELDS,
  problemsText,
  registerAndVerify,
  type SignUpValues,
  signUpProblems,
} from './SignUpFields.tsx'
import { OrSocialButtons, type SocialButtonsProps } from './SocialButtons.tsx'

export type AuthMode = 'signin' | 'signup' | 'reset'
type Step = 'email' | 'password' | 'details'

export interface AuthFormProps {
  variant: 'dialog' | 'page'
  /** Called after a sign-in (not after a sign-up, which goes on to verification). */
  onSuccess(user: PublicUser): void
  /** Heading id for the dialog's aria-labelledby. */
  headingId?: string
}

export function AuthForm({ variant, onSuccess, headingId = 'auth-heading' }: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>('signin')
  const [step, setStep] = useState<Step>('email')
  const [transitioning, setTransitioning] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)
  const [problems, setProblems] = useState<FieldProblems>({})
  const [resetStep, setResetStep] = useState<ResetStep>('email')
  // sign in uses email and password of these too
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP)
  const { email, password } = values
  const change = (patch: Partial<SignUpValues>) => setValues((v) => ({ ...v, ...patch }))
  const setEmail = (value: string) => change({ email: value })
  const setPassword = (value: string) => change({ password: value })
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
    setProblems({})
  }

  /** Shows every problem at once: each field flagged, all texts in the banner (issue 17); true if any. */
  function showProblems(found: FieldProblems): boolean {
    setProblems(found)
    const text = problemsText(found)
    setError(text)
    return text !== null
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
    setValues(EMPTY_SIGN_UP)
    clearErrors()
  }

  function startReset() {
    setPassword('')
    clearErrors()
    setTransitioning(true)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setMode('reset')
      setResetStep('email')
      setTransitioning(false)
    }, LIMITS.stepTransitionMs)
  }

  function moveResetTo(next: ResetStep) {
    setTransitioning(true)
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      setResetStep(next)
      setTransitioning(false)
    }, LIMITS.stepTransitionMs)
  }

  function goBackFromPassword() {
    setPassword('')
    clearErrors()
    moveTo('email')
  }

  function backFromDetails() {
    setValues(EMPTY_SIGN_UP)
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
      let user: Awaited<ReturnType<typeof login>>
      try {
        user = await login(email.trim(), password, token)
      } catch (error) {
        const text = formError(error, MESSAGES.genericError)
        setError(text)
        if (text.includes(MESSAGES.emailNotVerified)) setVerifyEmail(email.trim())
        return
      }
      return onSuccess(user)
    } finally {
      setLoading(false)
    }
  }

  function submitSignupFirst(event: FormEvent) {
    event.preventDefault()
    if (loading || transitioning) return
    clearErrors()
    if (showProblems(signUpProblems(values, NAME_EMAIL_FIELDS))) return
    moveTo('details')
  }

  async function submitDetails(event: FormEvent) {
    event.preventDefault()
    if (loading || transitioning) return
    clearErrors()
    if (showProblems(signUpProblems(values, PASSWORD_FIELDS))) return
    setLoading(true)
    try {
      setError(await registerAndVerify(values))
    } finally {
      setLoading(false)
    }
  }

  const busy = loading || transitioning
  const social = { onError: setError, onSuccess, disabled: busy }
  const Heading = variant === 'page' ? 'h1' : 'h2'
  const heading =
    mode === 'reset'
      ? MESSAGES.resetPasswordTitle
      : mode === 'signin'
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
      <div
        className={`pr-step${transitioning ? ' pr-step-leaving' : ''}`}
        data-step={mode === 'reset' ? resetStep : step}
        data-mode={mode}
      >
        {mode === 'reset' && (
          <PasswordReset
            initialEmail={email.trim()}
            step={resetStep}
            onStep={moveResetTo}
            onCancel={() => switchMode('signin')}
            onSuccess={onSuccess}
            busy={transitioning}
          />
        )}
        {mode === 'signin' && step === 'email' && (
          <EmailStep onSubmit={submitEmail} canContinue={Boolean(email) && !busy} social={social}>
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
          </EmailStep>
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
              <button type="button" className="pr-link-btn" onClick={startReset} disabled={busy}>
                {MESSAGES.forgotPassword}
              </button>
            </div>
          </form>
        )}
        {mode === 'signup' && step === 'email' && (
          <EmailStep onSubmit={submitSignupFirst} canContinue={!busy} social={social} ownChecks>
            <NameEmailFields
              idPrefix="auth"
              emailId="auth-signup-email"
              values={values}
              onChange={change}
              problems={problems}
            />
          </EmailStep>
        )}
        {mode === 'signup' && step === 'details' && (
          <form onSubmit={submitDetails} noValidate>
            <p className="pr-auth-email">{email}</p>
            <NewPasswordFields
              passwordId="auth-new-password"
              confirmId="auth-confirm-password"
              values={values}
              onChange={change}
              autoFocus
              problems={problems}
            />
            <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={busy}>
              {loading ? 'Creating account...' : 'Create Account'}
            </button>
            <button type="button" className="pr-link-btn" onClick={backFromDetails} disabled={busy}>
              {MESSAGES.back}
            </button>
          </form>
        )}
      </div>
      <p className="pr-auth-switch">
        {mode !== 'signup' ? (
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
      <LegalNote />
    </div>
  )
}

/** The first step of either mode: its fields and 'Continue', then 'or' and the Google and Apple buttons. */
function EmailStep({
  onSubmit,
  canContinue,
  social,
  children,
  ownChecks = false,
}: {
  onSubmit(event: FormEvent): void
  canContinue: boolean
  social: SocialButtonsProps
  children: ReactNode
  /** The form checks its fields itself and shows every problem at once (no browser bubbles one at a time). */
  ownChecks?: boolean
}) {
  return (
    <>
      <form onSubmit={onSubmit} noValidate={ownChecks}>
        {children}
        <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={!canContinue}>
          Continue
        </button>
      </form>
      <OrSocialButtons {...social} />
    </>
  )
}
