/** React access to the session store for islands (signals read through @preact/signals-react). */
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { type AuthStatus, authStatus, sessionUser } from '../../stores/session.ts'

/**
 * The session as an island sees it. `initial` is what the server rendered with (pass it from the page when the
 * page knows the session): the first render uses it on the server and in the browser alike, so hydration matches.
 * Without `initial`, the first render says 'loading' everywhere and the real state follows on mount.
 */
export function useSession(initial?: { user: PublicUser | null }): {
  user: PublicUser | null
  status: AuthStatus
} {
  useSignals()
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const user = sessionUser.value
  const status = authStatus.value
  if (!mounted) {
    if (initial) return { user: initial.user, status: initial.user ? 'authenticated' : 'unauthenticated' }
    return { user: null, status: 'loading' }
  }
  return { user, status }
}
