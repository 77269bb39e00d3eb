/**
 * The top bar's account corner (spec §2.2): 'Sign In' (to /login) when signed out; when signed in the picture
 * and first name (or 'Account') opening a menu with Profile and Sign Out (logs out, then goes to /).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { useEffect, useRef, useState } from 'react'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { logout } from './auth-api.ts'
import { Avatar } from './Avatar.tsx'
import { useSession } from './use-session.ts'
import './auth-styles.ts'

export function AccountMenu({ initialUser }: { initialUser?: PublicUser | null }) {
  const { user, status } = useSession(initialUser === undefined ? undefined : { user: initialUser })
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  if (status === 'loading') return <span className="pr-skeleton-pill" aria-hidden="true" />
  if (!user) {
    return (
      <a className="button button--primary sign-in-link" href="/login">
        {MESSAGES.signIn}
      </a>
    )
  }

  async function signOut() {
    setOpen(false)
    await logout()
    window.location.assign('/')
  }

  const label = user.first_name || MESSAGES.account
  return (
    <div className="pr-account" ref={root}>
      <button
        type="button"
        className="pr-account-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="pr-account-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar user={user} />
        <span className="pr-account-name">{label}</span>
      </button>
      {open && (
        <div className="pr-account-menu" id="pr-account-menu" role="menu">
          <a role="menuitem" href="/profile">
            {MESSAGES.profile}
          </a>
          <button role="menuitem" type="button" onClick={signOut}>
            {MESSAGES.signOut}
          </button>
        </div>
      )}
    </div>
  )
}

export default AccountMenu
