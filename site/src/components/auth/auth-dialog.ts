/**
 * Opens the sign-in dialog from any island (like, save, collection like): one dialog per page, mounted on first
 * use into `document.body`, so no layout has to place it.
 */
import { signal } from '@preact/signals-core'

export interface DialogRequest {
  /** Increments on every open: the dialog remounts its form, which resets fields, mode and step (spec §4). */
  openCount: number
  open: boolean
  onSuccess?: () => void
}

export const dialogRequest = signal<DialogRequest>({ openCount: 0, open: false })

let mounted = false

/** Shows the sign-in dialog; `onSuccess` runs after a successful sign-in, before it closes. */
export function openSignInDialog(onSuccess?: () => void): void {
  dialogRequest.value = {
    openCount: dialogRequest.value.openCount + 1,
    open: true,
    ...(onSuccess ? { onSuccess } : {}),
  }
  if (mounted) return
  mounted = true
  void import('./mount-auth-dialog.tsx').then(({ mountAuthDialog }) => mountAuthDialog())
}

/** Closes it. */
export function closeSignInDialog(): void {
  dialogRequest.value = { ...dialogRequest.value, open: false }
}
