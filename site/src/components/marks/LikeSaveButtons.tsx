/**
 * Like and save buttons for cards and the player (spec §4 Like/save, §6): signed-out clicks open the sign-in
 * dialog (tooltips 'Sign in to like this video' / 'Sign in to save this video') and the status is refetched
 * after sign-in; signed in, POST when off and DELETE when on, flipping only on an OK answer; each button rests
 * 300 ms after a click. Framework-free pages (/play) use `mark-buttons.ts`, which renders the same buttons.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'
import { useSignals } from '@preact/signals-react/runtime'
import { useEffect, useState } from 'react'
import { sessionEpoch } from '../../stores/session.ts'
import { openSignInDialog } from '../auth/auth-dialog.ts'
import { contentStatus, loadContentStatus, toggleMark } from './content-status.ts'
import { MARK_KINDS, MARKS, type MarkKind, markLabel } from './mark-look.ts'
import { useSession } from '../auth/use-session.ts'
import '../auth/auth-styles.ts'

export interface LikeSaveButtonsProps {
  /** `chunk.content_metadata.id`, sent as the spec's `content_metadata_id` (spec §7.2). */
  contentMetadataId: number
  /** The clip shown: likes and saves are per clip (docs/decisions/088). */
  chunkId: number
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
  const status = contentStatus({ contentMetadataId, chunkId }).value
  const epoch = sessionEpoch.value

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sign-in (epoch) refetches the status
  useEffect(() => {
    if (auth === 'authenticated') void loadContentStatus({ contentMetadataId, chunkId })
  }, [auth, contentMetadataId, chunkId, epoch])

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

function MarkButton(props: {
  kind: MarkKind
  signedIn: boolean
  on: boolean
  contentMetadataId: number
  chunkId: number
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
      openSignInDialog(() => void loadContentStatus({ contentMetadataId, chunkId }))
      return
    }
    setBusy(true)
    try {
      await toggleMark(kind, { contentMetadataId, chunkId })
    } finally {
      setBusy(false)
    }
  }

  const mark = MARKS[kind]
  const label = markLabel(kind, signedIn, on)
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
        data-filled={String(on)}
      >
        <path d={mark.icon} />
      </svg>
    </button>
  )
}

export default LikeSaveButtons
