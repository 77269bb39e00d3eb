/** The red error banner of spec §2.8/§8, with the optional 'Verify now' link for unverified accounts. */
import { MESSAGES } from '@phrasereel/api/shared/messages'

export function ErrorBanner({
  message,
  verifyEmail,
}: {
  message: string | null
  verifyEmail?: string | null
}) {
  if (!message) return null
  return (
    <div className="pr-error" role="alert">
      <span>{message}</span>
      {verifyEmail ? (
        <>
          {' '}
          <a href={`/email-verification?email=${encodeURIComponent(verifyEmail)}`}>{MESSAGES.verifyNow}</a>
        </>
      ) : null}
    </div>
  )
}

/** A success banner (verification, profile). */
export function SuccessBanner({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div className="pr-success" role="status">
      {message}
    </div>
  )
}
