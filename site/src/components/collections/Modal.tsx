/** A modal dialog on the native `<dialog>` element (focus kept inside, Esc closes). */
import { type ReactNode, useEffect, useId, useRef } from 'react'
import '../auth/auth.css'

export interface ModalProps {
  open: boolean
  title: string
  onClose(): void
  children: ReactNode
  /** role alertdialog for confirmations. */
  alert?: boolean
}

export function Modal({ open, title, onClose, children, alert }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
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
      aria-labelledby={titleId}
      role={alert ? 'alertdialog' : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
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
        <h2 id={titleId}>{title}</h2>
        {open ? children : null}
      </div>
    </dialog>
  )
}
