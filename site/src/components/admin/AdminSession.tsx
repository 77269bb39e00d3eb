/**
 * The admin session in the browser (spec §2.1, §4): the Logout control every signed-in admin screen carries, and
 * the session check. The server rendered the page from a valid session; the browser checks again when the page
 * comes back (restored from the back/forward cache, or shown after a while in the background) and when the
 * session's expiry time passes, showing 'Checking admin authentication...' meanwhile. A 401 ends the session
 * (admin-api.ts): 'Admin authentication expired', then /admin/login.
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { AdminSessionEnded, adminLogout, adminNotice, fetchAdminMe } from './admin-api.ts'

/** How long the page may stay hidden before coming back checks the session again. */
const RECHECK_AFTER_HIDDEN_MS = 60_000
/** setTimeout's largest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1

async function checkSession(): Promise<void> {
  if (adminNotice.value?.kind === 'alert') return
  adminNotice.value = { text: MESSAGES.checkingAdminAuth, kind: 'status' }
  try {
    await fetchAdminMe()
    adminNotice.value = null
  } catch (error) {
    // a 401 has taken the expiry path; any other failure (offline) leaves the page as it is
    if (!(error instanceof AdminSessionEnded)) {
      console.warn('[admin] session check failed:', error)
      adminNotice.value = null
    }
  }
}

const readNotice = () => adminNotice.value
// the signal calls back at once on subscribe; React only needs the later changes
const subscribeNotice = (onChange: () => void) => adminNotice.subscribe(() => onChange())

export default function AdminSession({ username, expiresAt }: { username: string; expiresAt: string }) {
  const notice = useSyncExternalStore(subscribeNotice, readNotice, () => null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let hiddenAt: number | null = null
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void checkSession()
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hiddenAt = Date.now()
      else if (hiddenAt !== null && Date.now() - hiddenAt >= RECHECK_AFTER_HIDDEN_MS) void checkSession()
    }
    const untilExpiry = Date.parse(expiresAt) - Date.now()
    const timer = Number.isFinite(untilExpiry)
      ? setTimeout(() => void checkSession(), Math.min(Math.max(untilExpiry + 1000, 0), MAX_TIMER_MS))
      : undefined
    window.addEventListener('pageshow', onPageShow)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('pageshow', onPageShow)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [expiresAt])

  return (
    <>
      <div className="admin-session">
        <span className="admin-session__user">{username}</span>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            void adminLogout()
          }}
        >
          {MESSAGES.adminLogout}
        </button>
      </div>
      <div className="admin-notice-host">
        {notice ? (
          <p
            className={`admin-notice admin-notice--${notice.kind}`}
            role={notice.kind === 'alert' ? 'alert' : 'status'}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
    </>
  )
}
