/**
 * /profile (spec §2.8, §4 Profile): avatar or icon, name, email, 'Verified' badge, member-since date; edit of
 * first and last name (Save shows 'Profile updated successfully!' for 3 s; Cancel restores); back to home;
 * sign out, and sign out everywhere (every session of the account, on every device: docs/decisions/080).
 */
import { ApiError } from '@phrasereel/api/shared/http-client'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { authFetch } from '../../lib/auth-client.ts'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { replaceUser } from '../../stores/session.ts'
import { formError, logout, logoutEverywhere } from './auth-api.ts'
import { Avatar } from './Avatar.tsx'
import { ErrorBanner, SuccessBanner } from './ErrorBanner.tsx'
import { useSession } from './use-session.ts'
import './auth-styles.ts'

/** 'March 4, 2026' in English, the way the member-since line shows it. */
export function formatMemberSince(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

export default function ProfileView({ initialUser }: { initialUser: PublicUser }) {
  const session = useSession({ user: initialUser })
  const user = session.user ?? initialUser
  const [editing, setEditing] = useState(false)
  const [firstName, setFirstName] = useState(user.first_name)
  const [lastName, setLastName] = useState(user.last_name)
  const [saving, setSaving] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const successTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      if (successTimer.current) clearTimeout(successTimer.current)
    },
    [],
  )

  function startEdit() {
    setFirstName(user.first_name)
    setLastName(user.last_name)
    setError(null)
    setEditing(true)
  }

  function cancel() {
    setFirstName(user.first_name)
    setLastName(user.last_name)
    setError(null)
    setEditing(false)
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    if (saving) return
    setError(null)
    setSaving(true)
    try {
      const updated = await authFetch<PublicUser>('/api/auth/profile', {
        method: 'PUT',
        json: { first_name: firstName.trim(), last_name: lastName.trim() },
      })
      replaceUser(updated)
      setEditing(false)
      setSuccess(MESSAGES.profileUpdated)
      if (successTimer.current) clearTimeout(successTimer.current)
      successTimer.current = setTimeout(() => setSuccess(null), LIMITS.profileSuccessMessageMs)
    } catch (caught) {
      const failure = caught instanceof ApiError ? (caught.detail ?? caught.message) : MESSAGES.networkError
      if (caught instanceof ApiError && caught.status === 401) return window.location.assign('/login')
      setError(failure)
    } finally {
      setSaving(false)
    }
  }

  async function signOut() {
    await logout()
    window.location.assign('/')
  }

  async function signOutEverywhere() {
    if (signingOut) return
    setError(null)
    setSigningOut(true)
    try {
      await logoutEverywhere()
    } catch (error) {
      setError(formError(error, MESSAGES.genericError))
      setSigningOut(false)
      return
    }
    window.location.assign('/')
  }

  const fullName = `${user.first_name} ${user.last_name}`.trim() || MESSAGES.account
  return (
    <div className="pr-profile">
      <h1 className="pr-auth-title">{MESSAGES.profile}</h1>
      <SuccessBanner message={success} />
      <ErrorBanner message={error} />
      <div className="pr-profile-head">
        <Avatar user={user} large />
        <div>
          <p className="pr-profile-name">{fullName}</p>
          <p className="pr-profile-email">{user.email}</p>
          {user.is_verified ? (
            <span className="pr-badge pr-badge-success">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="14"
                height="14"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
              >
                <path d="M5 12l5 5 9-10" />
              </svg>
              {MESSAGES.verified}
            </span>
          ) : null}
        </div>
      </div>
      <p className="pr-profile-meta">Member since {formatMemberSince(user.created_at)}</p>
      {editing ? (
        <form onSubmit={save}>
          <div className="pr-field-row">
            <div className="pr-field">
              <label htmlFor="profile-first-name">First name</label>
              <input
                id="profile-first-name"
                autoComplete="given-name"
                maxLength={LIMITS.nameMaxLength}
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
                required
              />
            </div>
            <div className="pr-field">
              <label htmlFor="profile-last-name">Last name</label>
              <input
                id="profile-last-name"
                autoComplete="family-name"
                maxLength={LIMITS.nameMaxLength}
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
                required
              />
            </div>
          </div>
          <div className="pr-actions">
            <button type="submit" className="pr-btn pr-btn-primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="pr-btn pr-btn-outline" onClick={cancel} disabled={saving}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="pr-actions">
          <button type="button" className="pr-btn pr-btn-primary" onClick={startEdit}>
            Edit Profile
          </button>
        </div>
      )}
      <div className="pr-actions">
        <a className="pr-btn pr-btn-outline" href="/">
          Back to Home
        </a>
        <button type="button" className="pr-btn pr-btn-outline" onClick={signOut}>
          {MESSAGES.signOut}
        </button>
        <button
          type="button"
          className="pr-btn pr-btn-outline"
          onClick={signOutEverywhere}
          disabled={signingOut}
        >
          {MESSAGES.signOutEverywhere}
        </button>
      </div>
    </div>
  )
}
