/**
 * The search page's video modal (issues 17, 18): it plays the results in order through the pages (run-through.ts),
 * shows where the clip stands among all results ('n / N'), gives 'Copy link' the clip's /play link with the
 * phrase, and warms up the next and previous results' media so the switch shows no blank frame. 'Repeat each
 * clip' and 'Stop after each clip' are the player's own settings. React and the player load with this module, when
 * a result is first opened (or the pointer first moves over the results).
 */
import { useEffect, useMemo, useReducer, useState } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import type { PlayerOptions } from '@phrasereel/widget'
import { ErrorBoundary } from '../common/ErrorBoundary.tsx'
import { VideoModal } from '../player/VideoModal.tsx'
import type { RunThroughList } from './run-through.ts'

let root: Root | null = null

/** The clip's shared link: /play starts it at the phrase and names it (issue 17). */
export function playLink(origin: string, chunkId: number, query: string): string {
  return `${origin}/play/${chunkId}?q=${encodeURIComponent(query)}`
}

function RunThroughModal({ list, query }: { list: RunThroughList; query: string }) {
  const [, changed] = useReducer((n: number) => n + 1, 0)
  const [open, setOpen] = useState(true)
  // a move renders at once, effects included, so the next clip is on stage within the same task as the clip's end
  // (moves come from the media's `ended`, the player's buttons and page answers, never from a React lifecycle)
  useEffect(() => list.subscribe(() => flushSync(changed)), [list])
  const chunk = list.current()
  const chunks = useMemo(() => (chunk ? [chunk] : []), [chunk])
  if (!chunk) return null
  const position = list.position()
  const preloadUrls = [list.neighbour('next'), list.neighbour('previous')]
    .map((neighbour) => neighbour?.play_s3_url)
    .filter((url): url is string => !!url && url !== chunk.play_s3_url)
  const playerOptions: Partial<PlayerOptions> = {
    position,
    shareUrl: playLink(window.location.origin, chunk.id, query),
  }
  // one result: the modal's own one-clip behaviour (previous/next chunk by chunk through the server, spec §4)
  if (position.total !== 1) {
    Object.assign(playerOptions, {
      onNext: () => void list.step('next', true),
      onPrevious: () => void list.step('previous', true),
      // the run stops after the last result
      onVideoEnd: () => void list.step('next', false),
      preloadUrls,
    } satisfies Partial<PlayerOptions>)
  }
  return (
    <ErrorBoundary>
      <VideoModal
        chunks={chunks}
        index={open ? 0 : null}
        query={query}
        onIndexChange={() => undefined}
        onClose={() => setOpen(false)}
        playerOptions={playerOptions}
      />
    </ErrorBoundary>
  )
}

/** Opens the modal on the run's current result. */
export function openRunThrough(list: RunThroughList, query: string): void {
  if (!root) {
    const host = document.createElement('div')
    host.dataset.videoModal = ''
    document.body.append(host)
    root = createRoot(host)
  }
  // a fresh key per opening so the modal starts from the clicked result
  root.render(<RunThroughModal key={`${Date.now()}`} list={list} query={query} />)
}
