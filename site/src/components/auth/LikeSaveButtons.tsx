/**
 * Like and save buttons for cards and the player (spec §4 Like/save, §6): signed-out clicks open the sign-in
 * dialog (tooltips 'Sign in to like this video' / 'Sign in to save this video') and the status is refetched
 * after sign-in; signed in, POST when off and DELETE when on, flipping only on an OK answer; each button rests
 * 300 ms after a click.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { sessionEpoch } from '../../stores/session.ts'
import { openSignInDialog } from './auth-dialog.ts'
import { contentStatus, loadContentStatus, toggleMark } from './content-status.ts'
import { useSession } from './use-session.ts'
import './auth-styles.ts'

export interface LikeSaveButtonsProps {
  /** `chunk.content_metadata.id`: likes and saves are per content item (spec §7.2). */
  contentMetadataId: number
  /** The clip shown, recorded with the like/save so the lists can show it. */
  chunkId?: number
  /** Which buttons to show (both by default). */
  show?: 'both' | 'like' | 'save'
  className?: string
}

export function LikeSaveButtons({
  contentMetadataId,
  chunkId,
  show = 'both',
  className,
}: LikeSaveButtonsProps) {
  useSignals()
  const { status: auth } = useSession()
  const status = contentStatus(contentMetadataId).value
  const epoch = sessionEpoch.value

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sign-in (epoch) refetches the status
  useEffect(() => {
    if (auth === 'authenticated') void loadContentStatus(contentMetadataId)
  }, [auth, contentMetadataId, epoch])

  const signedIn = auth === 'authenticated'
  const kinds = MARK_KINDS.filter((kind) => show === 'both' || show === kind)
  return (
    <div className={`pr-marks${className ? ` ${className}` : ''}`}>
      {kinds.map((kind) => (
        <MarkButton
          key={kind}
          kind={kind}
          signedIn={signedIn}
          on={Boolean(kind === 'like' ? status?.is_liked : status?.is_saved)}
          contentMetadataId={contentMetadataId}
          chunkId={chunkId}
        />
      ))}
    </div>
  )
}

type MarkKind = 'like' | 'save'

const MARK_KINDS: readonly MarkKind[] = ['like', 'save']

/** What differs between the two buttons: the labels (signed in, on and off; signed out) and the icon. */
const MARKS: Record<MarkKind, { on: string; off: string; signedOut: string; icon: string }> = {
  like: {
    on: 'Unlike this video',
    off: 'Like this video',
    signedOut: MESSAGES.signInToLike,
    icon: 'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.7 1.2 5.4 3.2 1.7-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z',
  },
  save: {
    on: 'Remove from saved videos',
    off: 'Save this video',
    signedOut: MESSAGES.signInToSave,
    icon: 'M6 3h12v18l-6-4.5L6 21z',
  },
}

function MarkButton(props: {
  kind: MarkKind
  signedIn: boolean
  on: boolean
  contentMetadataId: number
  chunkId: number | undefined
}) {
  const { kind, signedIn, on, contentMetadataId, chunkId } = props
  const [resting, setResting] = useState(false)
  const [busy, setBusy] = useState(false)

  async function click(event: React.MouseEvent) {
    event.stopPropagation()
    event.preventDefault()
    if (resting || busy) return
    setResting(true)
    setTimeout(() => setResting(false), LIMITS.buttonDebounceMs)
    if (!signedIn) {
      openSignInDialog(() => void loadContentStatus(contentMetadataId))
      return
    }
    setBusy(true)
    try {
      await toggleMark(kind, contentMetadataId, chunkId)
    } finally {
      setBusy(false)
    }
  }

  const mark = MARKS[kind]
  const label = signedIn ? (on ? mark.on : mark.off) : mark.signedOut
  return (
    <button
      type="button"
      className={`pr-mark-btn pr-mark-${kind}`}
      aria-label={label}
      title={label}
      aria-pressed={signedIn ? on : undefined}
      disabled={resting || busy}
      onClick={click}
      data-mark={kind}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d={mark.icon} />
      </svg>
    </button>
  )
}

export default LikeSaveButtons
