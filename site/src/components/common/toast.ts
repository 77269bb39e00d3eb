/**
 * The small toast of spec §2.5/§4/§9: success, error or info, 24 px high, fades in about 150 ms next to its
 * target element, hides after 1.5 s. Framework-free so any island (or plain script) can show one; it is also
 * announced to screen readers through one shared live region.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'

export type ToastKind = 'success' | 'error' | 'info'

let live: HTMLElement | null = null

function liveRegion(): HTMLElement {
  if (live?.isConnected) return live
  live = document.createElement('div')
  live.className = 'visually-hidden'
  live.setAttribute('role', 'status')
  live.setAttribute('aria-live', 'polite')
  document.body.append(live)
  return live
}

/** Shows `message` beside `target` (or at the bottom centre when there is none). */
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
  document.body.append(toast)
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
  const region = liveRegion()
  region.textContent = ''
  region.textContent = message
  window.setTimeout(() => {
    toast.classList.remove('site-toast--visible')
    window.setTimeout(() => toast.remove(), LIMITS.toastFadeMs)
  }, LIMITS.toastHideMs)
  return toast
}
