/**
 * The admin sign-in form (spec §2.12, §5, §8): username, password with show/hide, the bot check (reCAPTCHA v3
 * with a site key), 'Access Admin Panel' ('Authenticating...' and disabled while busy), the security notice and
 * the way back to the main site. Errors: the server's detail or 'Login failed'; 'Network error'; a 429 shows the
 * rate limit's detail.
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/shared/captcha-actions'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, useState } from 'react'
import { getCaptchaToken } from '../auth/captcha.ts'
import { PasswordInput } from '../auth/PasswordInput.tsx'
import { ADMIN_HOME_PATH, adminLogin, adminLoginError } from './admin-api.ts'

export default function AdminLogin({ expired }: { expired: boolean }) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(expired ? MESSAGES.adminAuthExpired : null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    if (!username.trim() || !password) {
      setError(MESSAGES.adminCredentialsRequired)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const token = await getCaptchaToken(CAPTCHA_ACTIONS.adminLogin)
      if (!token) {
        setError(MESSAGES.captchaFailed)
        setBusy(false)
        return
      }
      await adminLogin({ username: username.trim(), password, recaptchaToken: token })
      window.location.assign(ADMIN_HOME_PATH)
    } catch (caught) {
      setError(adminLoginError(caught))
      setBusy(false)
    }
  }

  return (
    <form className="admin-login" onSubmit={submit} noValidate aria-busy={busy}>
      <h1 className="pr-auth-title">Admin sign in</h1>
      <p className="pr-auth-lead">Sign in with your administrator account.</p>
      {error ? (
        <div className="pr-error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="pr-field">
        <label htmlFor="admin-username">Username</label>
        <input
          id="admin-username"
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
        />
      </div>
      <PasswordInput
        id="admin-password"
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={busy}>
        {busy ? MESSAGES.authenticating : MESSAGES.accessAdminPanel}
      </button>
      <p className="admin-security-notice">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
        </svg>
        <span>{MESSAGES.adminSecurityNotice}</span>
      </p>
      <p className="admin-back-link">
        <a href="/">← {MESSAGES.backToMainSite}</a>
      </p>
    </form>
  )
}
