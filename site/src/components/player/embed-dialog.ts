/**
 * The Embed dialog of /play (issue 16; docs/decisions/087): the iframe snippet and the JS API snippet of the clip
 * shown, each with a Copy button. A native modal `<dialog>`: the page behind is out of reach, Tab and Shift+Tab
 * wrap inside it, Esc and the Close button close it and focus goes back to the button that opened it. Key presses
 * stay inside, so the player's own keys (Space, arrows, F, R, and Esc, which leaves /play) do not act under it.
 * Loaded on the first click of the Embed button (play-page.ts), off the page's first paint.
 */
import { iframeSnippet, scriptSnippet } from '@phrasereel/api/shared/embed-snippets'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { MESSAGES } from '@phrasereel/api/shared/messages'
import { copyToClipboard } from '../../lib/clipboard.ts'
import { injectStyle } from '../../lib/inject-style.ts'
import { showToast } from '../common/toast.ts'

const CSS = `
.embed-dialog {
  border: 1px solid var(--border);
  border-radius: var(--radius);
  padding: 0;
  width: min(560px, calc(100vw - 24px));
  max-height: calc(100dvh - 24px);
  background: var(--bg);
  color: var(--text);
  box-shadow: var(--shadow);
}
.embed-dialog::backdrop { background: rgb(0 0 0 / 0.6); }
.embed-dialog__body { position: relative; padding: 20px; }
.embed-dialog h2 { margin: 0 48px 4px 0; font-size: 1.25rem; }
.embed-dialog__intro { margin: 0 0 12px; color: var(--muted); font-size: 0.9rem; }
.embed-dialog__intro a { color: var(--accent); }
.embed-dialog__close { position: absolute; top: 10px; right: 10px; }
.embed-dialog__snippet { margin-top: 14px; }
.embed-dialog__head { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 6px; }
.embed-dialog__head label { font-weight: 600; }
.embed-dialog textarea {
  display: block;
  box-sizing: border-box;
  width: 100%;
  resize: vertical;
  padding: 8px 10px;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--surface);
  color: var(--text);
  font: 0.8rem/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
}
`

/** What the dialog needs from the page: the public origin and the clip shown when it opens. */
export interface EmbedDialogSource {
  origin: string
  chunkId(): number
}

let opener: HTMLElement | null = null

const text = (tag: string, className: string, content: string): HTMLElement => {
  const el = document.createElement(tag)
  if (className) el.className = className
  el.textContent = content
  return el
}

/** One snippet: its label, the read-only text and a Copy button whose name says which snippet it copies. */
function snippetBlock(id: string, label: string): { block: HTMLElement; area: HTMLTextAreaElement } {
  const block = text('div', 'embed-dialog__snippet', '')
  const head = text('div', 'embed-dialog__head', '')
  const labelEl = document.createElement('label')
  labelEl.textContent = label
  labelEl.htmlFor = id
  const copy = document.createElement('button')
  copy.type = 'button'
  copy.className = 'button button--small'
  copy.dataset.copySnippet = id
  const idle = () =>
    copy.replaceChildren(MESSAGES.copySnippet, text('span', 'visually-hidden', ` ${label} snippet`))
  idle()
  let timer: number | undefined
  head.append(labelEl, copy)
  const area = document.createElement('textarea')
  area.id = id
  area.readOnly = true
  area.spellcheck = false
  area.rows = id === 'embed-snippet-iframe' ? 4 : 8
  area.addEventListener('focus', () => area.select())
  copy.addEventListener('click', async () => {
    const ok = await copyToClipboard(area.value)
    // like the search results' Copy text: the button says 'Copied!' for a moment; the toast announces it too
    window.clearTimeout(timer)
    if (ok) {
      copy.textContent = MESSAGES.copied
      timer = window.setTimeout(idle, LIMITS.cardCopyFlagMs)
    }
    showToast(ok ? MESSAGES.copied : MESSAGES.copyFailed, ok ? 'success' : 'error', copy)
  })
  block.append(head, area)
  return { block, area }
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, a[href], textarea, input, select')].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.offsetParent !== null,
  )
}

function build(): { dialog: HTMLDialogElement; iframe: HTMLTextAreaElement; script: HTMLTextAreaElement } {
  injectStyle('embed-dialog-styles', CSS)
  const el = document.createElement('dialog')
  el.className = 'embed-dialog'
  el.setAttribute('aria-labelledby', 'embed-dialog-title')
  el.setAttribute('aria-describedby', 'embed-dialog-intro')
  el.dataset.embedDialog = ''
  const body = text('div', 'embed-dialog__body', '')
  const title = text('h2', '', MESSAGES.embedDialogTitle)
  title.id = 'embed-dialog-title'
  const intro = text(
    'p',
    'embed-dialog__intro',
    'Paste one of these into your page. The JavaScript API can also play a search, repeat clips and report each word: ',
  )
  intro.id = 'embed-dialog-intro'
  const docs = document.createElement('a')
  docs.href = '/developers/embed'
  docs.textContent = 'embedding guide'
  intro.append(docs, '.')
  const close = document.createElement('button')
  close.type = 'button'
  close.className = 'icon-button embed-dialog__close'
  close.setAttribute('aria-label', 'Close')
  close.innerHTML =
    '<svg class="icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path d="M6 6l12 12M18 6L6 18"/></svg>'
  close.addEventListener('click', () => el.close())
  const iframe = snippetBlock('embed-snippet-iframe', MESSAGES.embedIframeLabel)
  const script = snippetBlock('embed-snippet-script', MESSAGES.embedScriptLabel)
  body.append(close, title, intro, iframe.block, script.block)
  el.append(body)
  el.addEventListener('keydown', (event) => {
    event.stopPropagation()
    if (event.key !== 'Tab') return
    const items = focusables(el)
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      last.focus()
      event.preventDefault()
    } else if (!event.shiftKey && document.activeElement === last) {
      first.focus()
      event.preventDefault()
    }
  })
  // a click on the backdrop (the dialog element itself, outside its body) closes it
  el.addEventListener('click', (event) => {
    if (event.target === el) el.close()
  })
  el.addEventListener('close', () => {
    const back = opener
    opener = null
    if (back?.isConnected) back.focus()
  })
  document.body.append(el)
  return { dialog: el, iframe: iframe.area, script: script.area }
}

let parts: ReturnType<typeof build> | null = null

/** Opens the dialog with the snippets of the clip shown now; focus returns to `from` when it closes. */
export function openEmbedDialog(source: EmbedDialogSource, from: HTMLElement): void {
  parts ??= build()
  const { dialog } = parts
  const id = source.chunkId()
  parts.iframe.value = iframeSnippet(source.origin, id)
  parts.script.value = scriptSnippet(source.origin, id)
  opener = from
  if (!dialog.open) dialog.showModal()
  // the first snippet's Copy button: the likeliest next step
  dialog.querySelector<HTMLElement>('[data-copy-snippet]')?.focus()
}
