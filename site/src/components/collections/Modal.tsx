/** A titled modal dialog for the collection screens, on the shared dialog shell (focus kept inside, Esc closes). */
import { type ReactNode, useId } from 'react'
import { DialogShell } from '../common/DialogShell.tsx'

export interface ModalProps {
  open: boolean
  title: string
  onClose(): void
  children: ReactNode
  /** role alertdialog for confirmations. */
  alert?: boolean
}

export function Modal({ open, title, onClose, children, alert = false }: ModalProps) {
  const titleId = useId()
  return (
    <DialogShell open={open} onClose={onClose} labelledBy={titleId} alert={alert}>
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </DialogShell>
  )
}
