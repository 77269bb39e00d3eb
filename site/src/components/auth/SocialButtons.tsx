/**
 * 'Continue with Google' and 'Continue with Apple' (spec §2.8). Without a configured client id a click shows the
 * spec's 'not available' message; with one, Google's one-tap prompt or Apple's popup supplies an ID token that
 * the server verifies. A popup the user closes is silent (spec §8).
 */
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { useState } from 'react'
import type { PublicUser } from '@phrasereel/api/shared/wire'
import { formError, signInWithProvider } from './auth-api.ts'
import { ApiError } from '@phrasereel/api/shared/http-client'
import { publicAuthConfig } from './auth-config.ts'
import { loadScript } from './scripts.ts'

interface GoogleId {
  initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void }): void
  prompt(
    listener?: (notification: { isNotDisplayed?: () => boolean; isSkippedMoment?: () => boolean }) => void,
  ): void
}
interface AppleId {
  auth: {
    init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void
    signIn(): Promise<{ authorization?: { id_token?: string } }>
  }
}

export interface SocialButtonsProps {
  onError(message: string): void
  onSuccess(user: PublicUser): void
  disabled?: boolean
  /** /register says 'registration failed' instead of 'sign in failed' (spec §8). */
  wording?: 'signin' | 'register'
}

/** The 'or' divider, then the Google and Apple buttons: what follows the email forms (dialog, /login, /register). */
export function OrSocialButtons(props: SocialButtonsProps) {
  return (
    <>
      <div className="pr-divider">
        <span>or</span>
      </div>
      <SocialButtons {...props} />
    </>
  )
}

/** What a refused provider sign-in shows: the network text when no answer came, else the provider's failure. */
function providerError(error: unknown, fallback: string, wording: 'signin' | 'register'): string {
  if (error instanceof ApiError && error.status === 0) return MESSAGES.networkError
  return failed(formError(error, fallback), wording)
}

function failed(text: string, wording: 'signin' | 'register'): string {
  return wording === 'register' ? text.replace('sign in failed', 'registration failed') : text
}

export function SocialButtons({ onError, onSuccess, disabled, wording = 'signin' }: SocialButtonsProps) {
  const [busy, setBusy] = useState(false)

  async function google() {
    const clientId = publicAuthConfig().googleClientId
    if (!clientId) return onError(MESSAGES.googleUnavailable)
    setBusy(true)
    try {
      await loadScript('https://accounts.google.com/gsi/client')
      const id = (window as unknown as { google?: { accounts?: { id?: GoogleId } } }).google?.accounts?.id
      if (!id) return onError(MESSAGES.googleUnavailable)
      const credential = await new Promise<string | null>((resolve) => {
        id.initialize({ client_id: clientId, callback: (answer) => resolve(answer.credential ?? null) })
        id.prompt((notification) => {
          if (notification.isNotDisplayed?.() || notification.isSkippedMoment?.()) resolve(null)
        })
      })
      if (!credential) return
      let user: Awaited<ReturnType<typeof signInWithProvider>>
      try {
        user = await signInWithProvider('google', credential)
      } catch (error) {
        return onError(providerError(error, MESSAGES.googleFailedRetry, wording))
      }
      onSuccess(user)
    } catch {
      onError(failed(MESSAGES.googleFailedRetry, wording))
    } finally {
      setBusy(false)
    }
  }

  async function apple() {
    const clientId = publicAuthConfig().appleClientId
    if (!clientId) return onError(MESSAGES.appleUnavailable)
    setBusy(true)
    try {
      await loadScript('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js')
      const apple = (window as unknown as { AppleID?: AppleId }).AppleID
      if (!apple) return onError(MESSAGES.appleUnavailable)
      apple.auth.init({ clientId, scope: 'name email', redirectURI: window.location.origin, usePopup: true })
      const answer = await apple.auth.signIn()
      const idToken = answer.authorization?.id_token
      if (!idToken) return onError(failed(MESSAGES.appleFailed, wording))
      let user: Awaited<ReturnType<typeof signInWithProvider>>
      try {
        user = await signInWithProvider('apple', idToken)
      } catch (error) {
        return onError(providerError(error, MESSAGES.appleFailedRetry, wording))
      }
      onSuccess(user)
    } catch (error) {
      const code = (error as { error?: string } | null)?.error
      if (code === 'popup_closed_by_user' || code === 'user_cancelled_authorize') return
      onError(failed(MESSAGES.appleFailedRetry, wording))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="pr-social">
      <button type="button" className="pr-btn pr-btn-outline" onClick={google} disabled={disabled || busy}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            fill="#4285F4"
            d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {MESSAGES.continueWithGoogle}
      </button>
      <button type="button" className="pr-btn pr-btn-outline" onClick={apple} disabled={disabled || busy}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            fill="currentColor"
            d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9a5 5 0 0 0-4.2 2.6c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.1-4.2zM13.9 5a4.4 4.4 0 0 0 1-3.2 4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1 3.1c1.1 0 2.2-.6 2.9-1.4z"
          />
        </svg>
        {MESSAGES.continueWithApple}
      </button>
    </div>
  )
}
