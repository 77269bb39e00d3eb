/** The profile picture, or a person icon. */
import type { PublicUser } from '@phrasereel/api/shared/wire'

export function Avatar({ user, large }: { user: PublicUser | null; large?: boolean }) {
  const size = large ? 88 : 32
  const className = `pr-avatar${large ? ' pr-avatar-lg' : ''}`
  if (user?.profile_picture_url) {
    return (
      <img
        className={className}
        src={user.profile_picture_url}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
      />
    )
  }
  return (
    <span className={className} aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width={size * 0.6}
        height={size * 0.6}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
      </svg>
    </span>
  )
}
