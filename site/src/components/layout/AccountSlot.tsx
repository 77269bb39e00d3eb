/**
 * The top bar's account corner (spec §2.2): the accounts island's `AccountMenu` (Sign In link when signed out,
 * the menu when signed in), with the server's view of the session so the first paint is already right. A
 * failure inside it falls back to the plain 'Sign In' link rather than breaking the top bar.
 */
import { AccountMenu } from '../auth/AccountMenu.tsx'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { ErrorBoundary } from '../common/ErrorBoundary.tsx'

/** Sign In link or the account menu. */
export default function AccountSlot({ initialUser }: { initialUser?: PublicUser | null }) {
  return (
    <ErrorBoundary
      fallback={
        <a className="button button--primary sign-in-link" href="/login">
          Sign In
        </a>
      }
    >
      <AccountMenu initialUser={initialUser} />
    </ErrorBoundary>
  )
}
