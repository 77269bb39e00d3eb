/**
 * The 8-digit code field of email verification and password reset (spec §5: non-digits are stripped as typed).
 * It has no `maxlength`: a pasted '1234 5678' or '1234-5678' would be cut to 8 characters before the space or
 * dash is stripped, losing a digit (issue 17). The digits are kept and cut to 8 instead.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { FieldError } from './SignUpFields.tsx'

/** The digits of `text`, at most the code's length. */
export function codeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, LIMITS.verificationCodeDigits)
}

export function CodeInput({
  id,
  label,
  value,
  onChange,
  autoFocus = false,
  error,
}: {
  id: string
  label: string
  value: string
  onChange(code: string): void
  autoFocus?: boolean
  /** What is wrong with the code; flags the field. */
  error?: string | undefined
}) {
  return (
    <div className="pr-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        className="pr-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        // biome-ignore lint/a11y/noAutofocus: the code is what this step asks for
        autoFocus={autoFocus}
        value={value}
        onChange={(event) => onChange(codeDigits(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
