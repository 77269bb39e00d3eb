/**
 * The sign-in / sign-up dialog (spec §2.8, §4 Dialog) on the shared dialog shell: focus stays inside, Esc, the
 * Close button and a click on the backdrop close it. Opening resets fields, mode (sign in) and step (email);
 * success calls onSuccess and closes it.
 */
import { useSignals } from '@preact/signals-react/runtime'
import { DialogShell } from '../common/DialogShell.tsx'
import { closeSignInDialog, dialogRequest } from '../../stores/auth-dialog.ts'
import { AuthForm } from './AuthForm.tsx'
import './auth-styles.ts'

export function AuthDialog() {
  useSignals()
  const request = dialogRequest.value
  return (
    <DialogShell
      open={request.open}
      onClose={closeSignInDialog}
      labelledBy="auth-dialog-heading"
      closeOnBackdrop
    >
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
    </DialogShell>
  )
}
