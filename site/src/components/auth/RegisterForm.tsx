/**
 * /register: one form with first name, last name, email, password and confirmation, Google and Apple, and a
 * link to /login (spec §2.8). Success goes to verification with registered=true (spec §4).
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/captcha/actions'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, useState } from 'react'
import { register } from './auth-api.ts'
import { verificationUrl } from './AuthForm.tsx'
import { getCaptchaToken } from './captcha.ts'
import { ErrorBanner } from './ErrorBanner.tsx'
import { PasswordInput } from './PasswordInput.tsx'
import { SocialButtons } from './SocialButtons.tsx'
import './auth.css'

export default function RegisterForm() {
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (loading) return
    setError(null)
    if (!email.trim() || !firstName.trim() || !lastName.trim()) return
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
      if (result.ok) return window.location.assign(verificationUrl(email.trim()))
      setError(result.error)
    } finally {
      setLoading(false)
    }
  }

  return (
    <div className="pr-auth pr-auth-page">
      <h1 className="pr-auth-title">Create an account</h1>
      <p className="pr-auth-lead">
        Signed-in users can like and save videos, keep a watch history and build collections.
      </p>
      <ErrorBanner message={error} />
      <form onSubmit={submit}>
        <div className="pr-field-row">
          <div className="pr-field">
            <label htmlFor="register-first-name">First name</label>
            <input
              id="register-first-name"
              autoComplete="given-name"
              required
              maxLength={LIMITS.nameMaxLength}
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
            />
          </div>
          <div className="pr-field">
            <label htmlFor="register-last-name">Last name</label>
            <input
              id="register-last-name"
              autoComplete="family-name"
              required
              maxLength={LIMITS.nameMaxLength}
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
            />
          </div>
        </div>
        <div className="pr-field">
          <label htmlFor="register-email">Email</label>
          <input
            id="register-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <PasswordInput
          id="register-password"
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordInput
          id="register-confirm-password"
          label="Confirm password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
        />
        <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={loading}>
          {loading ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
      <div className="pr-divider">
        <span>or</span>
      </div>
      <SocialButtons
        onError={setError}
        onSuccess={() => window.location.assign('/')}
        disabled={loading}
        wording="register"
      />
      <p className="pr-auth-switch">
        Already have an account? <a href="/login">Sign in</a>
      </p>
    </div>
  )
}
