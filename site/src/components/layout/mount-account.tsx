/**
 * Mounts the accounts helper's menu into the top bar's account corner. Loaded only once a session exists (see
 * layout-client.ts), so signed-out pages carry no React for the corner: they show the server's 'Sign In' link.
 */
import { createRoot } from 'react-dom/client'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import AccountSlot from './AccountSlot.tsx'

/** Replaces the corner's server-rendered placeholder with the live account menu. */
export function mountAccount(slot: HTMLElement, user: PublicUser): void {
  slot.replaceChildren()
  createRoot(slot).render(<AccountSlot initialUser={user} />)
}
