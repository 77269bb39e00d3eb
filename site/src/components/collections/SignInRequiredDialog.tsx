/** The 'Sign in Required' prompt for liking a collection when signed out (spec §2.10, §6). */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { openSignInDialog } from '../auth/auth-dialog.ts'
import { Modal } from './Modal.tsx'

export function SignInRequiredDialog({
  open,
  onClose,
  onSignedIn,
  text = 'Sign in to like collections and keep the ones you enjoy.',
}: {
  open: boolean
  onClose(): void
  onSignedIn?: () => void
  /** What the prompt says (liking a collection by default; adding a clip to one, issue 18). */
  text?: string
}) {
  return (
    <Modal open={open} title={MESSAGES.signInRequired} onClose={onClose} alert>
      <p>{text}</p>
      <div className="pr-dialog-actions">
        <button type="button" className="pr-btn pr-btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="pr-btn pr-btn-primary"
          onClick={() => {
            onClose()
            openSignInDialog(onSignedIn)
          }}
        >
          {MESSAGES.signIn}
        </button>
      </div>
    </Modal>
  )
}
