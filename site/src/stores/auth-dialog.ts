/**
 * Whether the page's one sign-in dialog is open, and what runs after a sign-in from it. Islands open it through
 * `components/auth/auth-dialog.ts` (which also mounts it); the dialog reads and closes it here, so neither
 * imports the other.
 */
import { signal } from '@preact/signals-core'

export interface DialogRequest {
  /** Increments on every open: the dialog remounts its form, which resets fields, mode and step (spec §4). */
  openCount: number
  open: boolean
  onSuccess?: () => void
}

export const dialogRequest = signal<DialogRequest>({ openCount: 0, open: false })

/** Marks the dialog open (a fresh form); `onSuccess` runs after a successful sign-in, before it closes. */
export function requestSignInDialog(onSuccess?: () => void): void {
  dialogRequest.value = {
    openCount: dialogRequest.value.openCount + 1,
    open: true,
    ...(onSuccess ? { onSuccess } : {}),
  }
}

/** Closes it. */
export function closeSignInDialog(): void {
  dialogRequest.value = { ...dialogRequest.value, open: false }
}
