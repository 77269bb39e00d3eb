/**
 * Opens the sign-in dialog from any island (like, save, collection like): one dialog per page, mounted on first
 * use into `document.body`, so no layout has to place it. Its state lives in `stores/auth-dialog.ts`.
 */
import { requestSignInDialog } from '../../stores/auth-dialog.ts'

let mounted = false

/** Shows the sign-in dialog; `onSuccess` runs after a successful sign-in, before it closes. */
export function openSignInDialog(onSuccess?: () => void): void {
  requestSignInDialog(onSuccess)
  if (mounted) return
  mounted = true
  void import('./mount-auth-dialog.tsx').then(({ mountAuthDialog }) => mountAuthDialog())
}
