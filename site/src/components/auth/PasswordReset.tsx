/**
 * 'Forgot your password?' (issue 17, docs/decisions/089) as two steps of the sign-in form, in the dialog and on
 * /login: the email (a code is mailed if the address has an account; the answer is the same if not), then the
 * 8-digit code with a new password and its confirmation (the rules of sign-up). Success signs in.
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/shared/captcha-actions'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { type FormEvent, useState } from 'react'
import { confirmPasswordReset, formError, requestPasswordReset } from './auth-api.ts'
import { getCaptchaToken } from './captcha.ts'
import { CodeInput } from './CodeInput.tsx'
import { ErrorBanner, SuccessBanner } from './ErrorBanner.tsx'
import {
  FieldError,
  type FieldProblems,
  NewPasswordFields,
  PASSWORD_FIELDS,
  problemsText,
  signUpProblems,
} from './SignUpFields.tsx'

export type ResetStep = 'email' | 'code'

export interface PasswordResetProps {
  /** The address typed on the sign-in step, to start from. */
  initialEmail: string
  step: ResetStep
  onStep(step: ResetStep): void
  /** Back to sign-in. */
  onCancel(): void
  onSuccess(user: PublicUser): void
  busy: boolean
}

export function PasswordReset({ initialEmail, step, onStep, onCancel, onSuccess, busy }: PasswordResetProps) {
  const [email, setEmail] = useState(initialEmail)
  const [code, setCode] = useState('')
  const [passwords, setPasswords] = useState({ password: '', confirm: '' })
  const [problems, setProblems] = useState<FieldProblems & { code?: string }>({})
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const disabled = busy || loading

  async function sendCode(event?: FormEvent) {
    event?.preventDefault()
    if (disabled) return
    setError(null)
    setNotice(null)
    const found = signUpProblems({ email, firstName: '', lastName: '', password: '', confirm: '' }, ['email'])
    setProblems(found)
    if (found.email) return setError(found.email)
    setLoading(true)
    try {
      const token = await getCaptchaToken(CAPTCHA_ACTIONS.passwordReset)
      if (!token) return setError(MESSAGES.captchaFailed)
      let answer: { message?: unknown }
      try {
        answer = await requestPasswordReset(email.trim(), token)
      } catch (caught) {
        return setError(formError(caught, MESSAGES.genericError))
      }
      setNotice(typeof answer?.message === 'string' ? answer.message : MESSAGES.passwordResetSent)
      onStep('code')
    } finally {
      setLoading(false)
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    if (disabled) return
    setError(null)
    const found: FieldProblems & { code?: string } = signUpProblems(
      { email, firstName: '', lastName: '', ...passwords },
      PASSWORD_FIELDS,
    )
    if (code.length !== LIMITS.verificationCodeDigits) found.code = MESSAGES.passwordResetCodeInvalid
    setProblems(found)
    const text = [found.code, problemsText(found)].filter(Boolean).join('\n')
    if (text) return setError(text)
    setLoading(true)
    try {
      let user: PublicUser
      try {
        user = await confirmPasswordReset(email.trim(), code, passwords.password)
      } catch (caught) {
        return setError(formError(caught, MESSAGES.genericError))
      }
      setNotice(MESSAGES.passwordResetDone)
      onSuccess(user)
    } finally {
      setLoading(false)
    }
  }

  if (step === 'email') {
    return (
      <>
        <ErrorBanner message={error} />
        <form onSubmit={sendCode} noValidate>
          <p className="pr-auth-note">
            Enter your email and we will send you an 8-digit code to reset your password.
          </p>
          <div className="pr-field">
            <label htmlFor="reset-email">Email</label>
            <input
              id="reset-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={problems.email ? true : undefined}
              aria-describedby={problems.email ? 'reset-email-error' : undefined}
            />
            <FieldError id="reset-email-error" message={problems.email} />
          </div>
          <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={disabled}>
            {loading ? 'Sending...' : 'Send code'}
          </button>
          <button type="button" className="pr-link-btn" onClick={onCancel} disabled={disabled}>
            Back to sign in
          </button>
        </form>
      </>
    )
  }
  return (
    <>
      <ErrorBanner message={error} />
      <SuccessBanner message={notice} />
      <form onSubmit={confirm} noValidate>
        <p className="pr-auth-email">{email.trim()}</p>
        <CodeInput
          id="reset-code"
          label="Reset code"
          value={code}
          onChange={setCode}
          autoFocus
          error={problems.code}
        />
        <NewPasswordFields
          passwordId="reset-new-password"
          confirmId="reset-confirm-password"
          passwordLabel="New password"
          values={passwords}
          onChange={(patch) => setPasswords((v) => ({ ...v, ...patch }))}
          problems={problems}
        />
        <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={disabled}>
          {loading ? 'Saving...' : 'Set new password'}
        </button>
        <div className="pr-row-between">
          <button type="button" className="pr-link-btn" onClick={() => sendCode()} disabled={disabled}>
            Send a new code
          </button>
          <button type="button" className="pr-link-btn" onClick={onCancel} disabled={disabled}>
            Back to sign in
          </button>
        </div>
      </form>
    </>
  )
}
