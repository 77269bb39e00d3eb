/**
 * The small toast of spec §2.5/§4/§9: success, error or info, 24 px high, fades in about 150 ms next to its
 * target element, hides after 1.5 s. Framework-free so any island (or plain script) can show one; it is also
 * announced to screen readers through one shared live region.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'

export type ToastKind = 'success' | 'error' | 'info'

const live = new WeakMap<Element, HTMLElement>()

/** The live region of `layer` (the page, or an open modal dialog, which makes everything outside it inert). */
function liveRegion(layer: Element): HTMLElement {
  const found = live.get(layer)
  if (found?.isConnected) return found
  const region = document.createElement('div')
  region.className = 'visually-hidden'
  region.setAttribute('role', 'status')
  region.setAttribute('aria-live', 'polite')
  layer.append(region)
  live.set(layer, region)
  return region
}

/**
 * Shows `message` beside `target` (or at the bottom centre when there is none). A target inside an open modal
 * dialog gets its toast inside the dialog: the dialog sits in the top layer, above anything the page holds.
 */
export function showToast(
  message: string,
  kind: ToastKind = 'success',
  target?: Element | null,
): HTMLElement {
  const toast = document.createElement('div')
  toast.className = `site-toast site-toast--${kind}`
  toast.dataset.toast = kind
  toast.setAttribute('aria-hidden', 'true')
  toast.textContent = message
  const layer = target?.closest('dialog[open]') ?? document.body
  layer.append(toast)
  const rect = target?.getBoundingClientRect()
  const width = toast.offsetWidth
  if (rect) {
    const left = Math.min(Math.max(8, rect.left + rect.width / 2 - width / 2), window.innerWidth - width - 8)
    const above = rect.top - LIMITS.toastHeightPx - 8
    toast.style.left = `${left}px`
    toast.style.top = `${above >= 8 ? above : rect.bottom + 8}px`
  } else {
    toast.style.left = `${Math.max(8, window.innerWidth / 2 - width / 2)}px`
    toast.style.bottom = '24px'
  }
  requestAnimationFrame(() => toast.classList.add('site-toast--visible'))
  const region = liveRegion(layer)
  region.textContent = ''
  region.textContent = message
  window.setTimeout(() => {
    toast.classList.remove('site-toast--visible')
    window.setTimeout(() => toast.remove(), LIMITS.toastFadeMs)
  }, LIMITS.toastHideMs)
  return toast
}
