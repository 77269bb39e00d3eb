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
  // several problems at once (a form's checks) come one to a line
  const lines = message.split('\n')
  return (
    <div className="pr-error" role="alert">
      {lines.length > 1 ? (
        <ul className="pr-error-list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <span>{message}</span>
      )}
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
