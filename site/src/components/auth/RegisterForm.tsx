/**
 * /register: one form with first name, last name, email, password and confirmation, Google and Apple, and a
 * link to /login (spec §2.8). Success goes to verification with registered=true (spec §4).
 */
import { type FormEvent, useState } from 'react'
import { ErrorBanner } from './ErrorBanner.tsx'
import { LegalNote } from './LegalNote.tsx'
import {
  ALL_SIGN_UP_FIELDS,
  EMPTY_SIGN_UP,
  type FieldProblems,
  NameEmailFields,
  NewPasswordFields,
  problemsText,
  registerAndVerify,
  type SignUpValues,
  signUpProblems,
} from './SignUpFields.tsx'
import { OrSocialButtons } from './SocialButtons.tsx'
import './auth-styles.ts'

export default function RegisterForm() {
  const [values, setValues] = useState<SignUpValues>(EMPTY_SIGN_UP)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [problems, setProblems] = useState<FieldProblems>({})
  const change = (patch: Partial<SignUpValues>) => setValues((v) => ({ ...v, ...patch }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (loading) return
    // every problem at once: each field flagged, all texts in the banner (issue 17)
    const found = signUpProblems(values, ALL_SIGN_UP_FIELDS)
    setProblems(found)
    setError(problemsText(found))
    if (problemsText(found)) return
    setLoading(true)
    try {
      setError(await registerAndVerify(values))
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
      <form onSubmit={submit} noValidate>
        <NameEmailFields
          idPrefix="register"
          emailId="register-email"
          values={values}
          onChange={change}
          problems={problems}
        />
        <NewPasswordFields
          passwordId="register-password"
          confirmId="register-confirm-password"
          values={values}
          onChange={change}
          problems={problems}
        />
        <button type="submit" className="pr-btn pr-btn-primary pr-btn-block" disabled={loading}>
          {loading ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
      <OrSocialButtons
        onError={setError}
        onSuccess={() => window.location.assign('/')}
        disabled={loading}
        wording="register"
      />
      <p className="pr-auth-switch">
        Already have an account? <a href="/login">Sign in</a>
      </p>
      <LegalNote />
    </div>
  )
}
