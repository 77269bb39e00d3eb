/**
 * The live example of /developers/embed (issue 16): loads `/embed/api.js` as any host page would, puts a JS API
 * player for a search into the page, drives it with the page's buttons (play, pause, previous, next, speed) and
 * writes every event it sends into the event log. It uses only the public API, so it is an example to copy too.
 */
import { EMBED_EVENTS } from '../../lib/embed-docs.ts'

/** The part of `PhraseReel.Player` the example uses (widget/src/embed-api/loader.ts is the whole of it). */
interface EmbedPlayer {
  play(): void
  pause(): void
  next(): void
  previous(): void
  setSpeed(rate: number): void
  on(name: string, fn: (payload: unknown) => void): unknown
}

interface PhraseReelGlobal {
  PhraseReel?: { Player: new (target: HTMLElement | string, options: Record<string, unknown>) => EmbedPlayer }
  onPhraseReelReady?: () => void
}

/** Entries the log keeps (wordchange sends several a second). */
const LOG_MAX = 200

/** Starts the example under `root` (the docs article, which carries the example's query in `data-example-query`). */
export function startEmbedExample(root: HTMLElement): void {
  const target = root.querySelector<HTMLElement>('[data-example-player]')
  const log = root.querySelector<HTMLOListElement>('[data-event-log]')
  const status = root.querySelector<HTMLElement>('[data-example-status]')
  const query = root.dataset.exampleQuery ?? ''
  if (!target || !log || !status) return
  const controls = [...root.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('[data-action]')]

  const write = (name: string, payload: unknown) => {
    const item = document.createElement('li')
    item.dataset.event = name
    item.textContent = `${name} ${JSON.stringify(payload)}`
    log.append(item)
    while (log.childElementCount > LOG_MAX) log.firstElementChild?.remove()
    const box = log.parentElement
    if (box) box.scrollTop = box.scrollHeight
  }

  const global = window as unknown as PhraseReelGlobal
  const start = () => {
    const PhraseReel = global.PhraseReel
    if (!PhraseReel) return
    const player = new PhraseReel.Player(target, { query, height: 480 })
    for (const { name } of EMBED_EVENTS) player.on(name, (payload) => write(name, payload))
    player.on('ready', () => {
      status.textContent = 'The player is ready.'
      for (const control of controls) control.disabled = false
    })
    player.on('error', (payload) => {
      status.textContent = `The player reported an error: ${(payload as { message?: string }).message ?? ''}`
    })
    for (const control of controls) {
      const action = control.dataset.action
      if (action === 'speed') control.addEventListener('change', () => player.setSpeed(Number(control.value)))
      else if (action === 'play') control.addEventListener('click', () => player.play())
      else if (action === 'pause') control.addEventListener('click', () => player.pause())
      else if (action === 'next') control.addEventListener('click', () => player.next())
      else if (action === 'previous') control.addEventListener('click', () => player.previous())
    }
  }
  // the clear button works before the player is ready too
  root.querySelector('[data-action="clear"]')?.addEventListener('click', () => log.replaceChildren())

  if (global.PhraseReel) {
    start()
    return
  }
  const previous = global.onPhraseReelReady
  global.onPhraseReelReady = () => {
    previous?.()
    start()
  }
  const script = document.createElement('script')
  script.src = '/embed/api.js'
  script.async = true
  script.addEventListener('error', () => {
    status.textContent = 'The player could not load.'
  })
  document.head.append(script)
}
