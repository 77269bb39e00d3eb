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

/** A field of the sign-up forms that can be wrong. */
export type SignUpField = 'firstName' | 'lastName' | 'email' | 'password' | 'confirm'

/** What is wrong with each field, by field; empty when nothing is. */
export type FieldProblems = Partial<Record<SignUpField, string>>

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Every problem of the given fields at once (issue 17), with the texts of spec §5 and the server's: names and email
 * non-empty after trimming and the email well formed; the password at least 8 characters and equal to its
 * confirmation.
 */
export function signUpProblems(values: SignUpValues, fields: readonly SignUpField[]): FieldProblems {
  const problems: FieldProblems = {}
  const email = values.email.trim()
  if (fields.includes('firstName') && !values.firstName.trim())
    problems.firstName = MESSAGES.firstNameRequired
  if (fields.includes('lastName') && !values.lastName.trim()) problems.lastName = MESSAGES.lastNameRequired
  if (fields.includes('email')) {
    if (!email) problems.email = MESSAGES.emailRequired
    else if (!EMAIL_SHAPE.test(email)) problems.email = MESSAGES.emailInvalid
  }
  if (fields.includes('password') && values.password.length < LIMITS.minPasswordLength) {
    problems.password = MESSAGES.passwordTooShort
  }
  if (fields.includes('confirm') && values.password !== values.confirm) {
    problems.confirm = MESSAGES.passwordsDoNotMatch
  }
  return problems
}

export const NAME_EMAIL_FIELDS: readonly SignUpField[] = ['firstName', 'lastName', 'email']
export const PASSWORD_FIELDS: readonly SignUpField[] = ['password', 'confirm']
export const ALL_SIGN_UP_FIELDS: readonly SignUpField[] = [...NAME_EMAIL_FIELDS, ...PASSWORD_FIELDS]

/** The problems as one banner text: each on its own line, in the order of the form. */
export function problemsText(problems: FieldProblems): string | null {
  const texts = ALL_SIGN_UP_FIELDS.map((field) => problems[field]).filter(Boolean)
  return texts.length > 0 ? texts.join('\n') : null
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

/** The text under a field that is wrong (the field names it in `aria-describedby`). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="pr-field-error">
      {message}
    </p>
  )
}

/** First name and last name side by side, then the email (ids `{idPrefix}-first-name`, `-last-name`, `emailId`). */
export function NameEmailFields({
  idPrefix,
  emailId,
  values,
  onChange,
  problems = {},
}: {
  idPrefix: string
  emailId: string
  values: SignUpValues
  onChange: Change
  problems?: FieldProblems
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
          error={problems.firstName}
        />
        <TextField
          id={`${idPrefix}-last-name`}
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          onChange={(lastName) => onChange({ lastName })}
          error={problems.lastName}
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
          aria-invalid={problems.email ? true : undefined}
          aria-describedby={problems.email ? `${emailId}-error` : undefined}
        />
        <FieldError id={`${emailId}-error`} message={problems.email} />
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
  error: string | undefined
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
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      <FieldError id={`${props.id}-error`} message={props.error} />
    </div>
  )
}

/**
 * The new password and its confirmation, each with its own show/hide toggle; the rule (at least 8 characters) is
 * stated under the password before anything fails (issue 17).
 */
export function NewPasswordFields({
  passwordId,
  confirmId,
  values,
  onChange,
  autoFocus = false,
  problems = {},
  passwordLabel = 'Password',
}: {
  passwordId: string
  confirmId: string
  values: Pick<SignUpValues, 'password' | 'confirm'>
  onChange(patch: Partial<Pick<SignUpValues, 'password' | 'confirm'>>): void
  autoFocus?: boolean
  problems?: FieldProblems
  passwordLabel?: string
}) {
  return (
    <>
      <PasswordInput
        id={passwordId}
        label={passwordLabel}
        value={values.password}
        onChange={(password) => onChange({ password })}
        autoComplete="new-password"
        hint={MESSAGES.passwordRule}
        error={problems.password}
        {...(autoFocus ? { autoFocus } : {})}
      />
      <PasswordInput
        id={confirmId}
        label="Confirm password"
        value={values.confirm}
        onChange={(confirm) => onChange({ confirm })}
        autoComplete="new-password"
        error={problems.confirm}
      />
    </>
  )
}
