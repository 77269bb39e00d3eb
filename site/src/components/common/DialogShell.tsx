/**
 * The shell of the site's modal dialogs (the sign-in dialog, the collection dialogs) on the native `<dialog>`:
 * `showModal()` keeps focus inside and puts the rest of the page out of reach; Esc and the Close button ask
 * `onClose`, and the owner closes it by setting `open` to false. Key presses stay inside the dialog, so a page's
 * own shortcuts (the player's Esc, arrows, Space, F and R under a sign-in dialog opened from it) do not act too.
 */
import type { ReactNode } from 'react'
import { useEffect, useRef } from 'react'
import '../auth/auth-styles.ts'

export interface DialogShellProps {
  open: boolean
  onClose(): void
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string
  /** role alertdialog for confirmations. */
  alert?: boolean
  /** A click on the backdrop (outside the body) closes it too. */
  closeOnBackdrop?: boolean
  children: ReactNode
}

export function DialogShell({
  open,
  onClose,
  labelledBy,
  alert = false,
  closeOnBackdrop = false,
  children,
}: DialogShellProps) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="pr-dialog"
      aria-labelledby={labelledBy}
      role={alert ? 'alertdialog' : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === ref.current) onClose()
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <div className="pr-dialog-body">
        <button type="button" className="pr-icon-btn pr-dialog-close" aria-label="Close" onClick={onClose}>
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
        {children}
      </div>
    </dialog>
  )
}
