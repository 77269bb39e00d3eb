/**
 * The sign-up pieces shared by the dialog's sign-up steps (AuthForm) and the single /register form (RegisterForm),
 * spec §2.8 and §5: the first name / last name / email fields, the password and confirmation fields, their
 * checks ('Passwords do not match', 'Password must be at least 8 characters long') and the registration call
 * (bot check 'register', then verification with registered=true).
 */
import { CAPTCHA_ACTIONS } from '@phrasereel/api/shared/captcha-actions'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { formError, register } from './auth-api.ts'
import { getCaptchaToken } from './captcha.ts'
import { PasswordInput } from './PasswordInput.tsx'

/** What sign-up asks for. */
export interface SignUpValues {
  firstName: string
  lastName: string
  email: string
  password: string
  confirm: string
}

export const EMPTY_SIGN_UP: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirm: '',
}

/** Where a sign-up continues (spec §4: verification with registered=true). */
export function verificationUrl(email: string): string {
  return `/email-verification?email=${encodeURIComponent(email)}&registered=true`
}

/** Spec §5: email, first name and last name are non-empty after trimming. */
export function namesComplete(values: SignUpValues): boolean {
  return Boolean(values.email.trim() && values.firstName.trim() && values.lastName.trim())
}

/** Spec §5: the password matches its confirmation and is long enough; the message to show, or null. */
export function passwordProblem(values: SignUpValues): string | null {
  if (values.password !== values.confirm) return MESSAGES.passwordsDoNotMatch
  if (values.password.length < LIMITS.minPasswordLength) return MESSAGES.passwordTooShort
  return null
}

/**
 * Registers with a 'register' bot-check token and goes on to verification; returns the message to show when
 * that fails (registration does not sign in, spec §4).
 */
export async function registerAndVerify(values: SignUpValues): Promise<string | null> {
  const token = await getCaptchaToken(CAPTCHA_ACTIONS.register)
  if (!token) return MESSAGES.captchaFailed
  const email = values.email.trim()
  try {
    await register({
      email,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      recaptchaToken: token,
    })
  } catch (error) {
    return formError(error, MESSAGES.genericError)
  }
  window.location.assign(verificationUrl(email))
  return null
}

type Change = (patch: Partial<SignUpValues>) => void

/** First name and last name side by side, then the email (ids `{idPrefix}-first-name`, `-last-name`, `emailId`). */
export function NameEmailFields({
  idPrefix,
  emailId,
  values,
  onChange,
}: {
  idPrefix: string
  emailId: string
  values: SignUpValues
  onChange: Change
}) {
  return (
    <>
      <div className="pr-field-row">
        <TextField
          id={`${idPrefix}-first-name`}
          name="first_name"
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          onChange={(firstName) => onChange({ firstName })}
        />
        <TextField
          id={`${idPrefix}-last-name`}
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(lastName) => onChange({ lastName })}
        />
      </div>
      <div className="pr-field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(event) => onChange({ email: event.target.value })}
        />
      </div>
    </>
  )
}

function TextField(props: {
  id: string
  name: string
  label: string
  autoComplete: string
  value: string
  onChange(value: string): void
}) {
  return (
    <div className="pr-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        autoComplete={props.autoComplete}
        required
        maxLength={LIMITS.nameMaxLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  )
}

/** The new password and its confirmation, each with its own show/hide toggle. */
export function NewPasswordFields({
  passwordId,
  confirmId,
  values,
  onChange,
  autoFocus = false,
}: {
  passwordId: string
  confirmId: string
  values: SignUpValues
  onChange: Change
  autoFocus?: boolean
}) {
  return (
    <>
      <PasswordInput
        id={passwordId}
        label="Password"
        value={values.password}
        onChange={(password) => onChange({ password })}
        autoComplete="new-password"
        {...(autoFocus ? { autoFocus } : {})}
      />
      <PasswordInput
        id={confirmId}
        label="Confirm password"
        value={values.confirm}
        onChange={(confirm) => onChange({ confirm })}
        autoComplete="new-password"
      />
    </>
  )
}
