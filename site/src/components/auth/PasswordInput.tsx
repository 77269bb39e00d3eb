/** A password field with its own show/hide toggle (spec §2.8: password and confirm toggle separately). */
import { useEffect, useRef, useState } from 'react'

export interface PasswordInputProps {
  id: string
  label: string
  value: string
  onChange(value: string): void
  autoComplete: 'current-password' | 'new-password'
  autoFocus?: boolean
  /** A rule shown under the field from the start (e.g. 'At least 8 characters.'). */
  hint?: string
  /** What is wrong with the value; flags the field. */
  error?: string | undefined
}

export function PasswordInput({
  id,
  label,
  value,
  onChange,
  autoComplete,
  autoFocus,
  hint,
  error,
}: PasswordInputProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  const [visible, setVisible] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (autoFocus) input.current?.focus()
  }, [autoFocus])
  return (
    <div className="pr-field">
      <label htmlFor={id}>{label}</label>
      <div className="pr-password">
        <input
          ref={input}
          id={id}
          name={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button
          type="button"
          className="pr-icon-btn"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? (
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.1A10 10 0 0 1 12 5c6 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s4 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
            </svg>
          ) : (
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
          )}
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="pr-field-note">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="pr-field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
