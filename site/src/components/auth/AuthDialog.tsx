/**
 * The sign-in / sign-up dialog (spec §2.8, §4 Dialog) as a native modal `<dialog>`: focus stays inside, Esc
 * closes it. Opening resets fields, mode (sign in) and step (email); success calls onSuccess and closes it.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useRef } from 'react'
import { closeSignInDialog, dialogRequest } from './auth-dialog.ts'
import { AuthForm } from './AuthForm.tsx'
import './auth.css'

export function AuthDialog() {
  useSignals()
  const request = dialogRequest.value
  const ref = useRef<HTMLDialogElement>(null)

  const open = request.open
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; keyboard users have Esc and the Close button
    <dialog
      ref={ref}
      className="pr-dialog"
      aria-labelledby="auth-dialog-heading"
      onClose={() => closeSignInDialog()}
      onClick={(event) => {
        if (event.target === ref.current) closeSignInDialog()
      }}
    >
      <div className="pr-dialog-body">
        <button
          type="button"
          className="pr-icon-btn pr-dialog-close"
          aria-label="Close"
          onClick={closeSignInDialog}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {request.open && (
          <AuthForm
            key={request.openCount}
            variant="dialog"
            headingId="auth-dialog-heading"
            onSuccess={() => {
              request.onSuccess?.()
              closeSignInDialog()
            }}
          />
        )}
      </div>
    </dialog>
  )
}
