/** Mounts the one sign-in dialog of the page (see auth-dialog.ts). */
import { createRoot } from 'react-dom/client'
import { AuthDialog } from './AuthDialog.tsx'

export function mountAuthDialog(): void {
  const host = document.createElement('div')
  host.id = 'pr-auth-dialog-host'
  document.body.appendChild(host)
  createRoot(host).render(<AuthDialog />)
}
