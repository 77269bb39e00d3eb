import { LIMITS } from '@phrasereel/api/shared/limits'
import { h } from './dom.ts'

/** Kinds of toast (spec §2.5: success, error or info). */
export type ToastKind = 'success' | 'error' | 'info'

const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>[]>()

/**
 * Show a small toast next to `anchor` (spec §2.5, §4, §9: 24 px high, fades in about 150 ms, hides after
 * 1.5 s). The toast lives in the anchor's parent, which the stylesheet positions; one toast per parent.
 */
export function showToast(anchor: HTMLElement, message: string, kind: ToastKind = 'success'): HTMLElement {
  const host = anchor.parentElement ?? anchor
  let toast = host.querySelector<HTMLElement>(':scope > .pr-toast')
  if (!toast) {
    toast = h('div', {
      className: 'pr-toast',
      role: 'status',
      'aria-live': 'polite',
      'data-testid': 'pr-toast',
    })
    host.append(toast)
  }
  for (const t of timers.get(toast) ?? []) clearTimeout(t)
  toast.textContent = message
  toast.dataset.kind = kind
  toast.style.setProperty('--pr-toast-fade', `${LIMITS.toastFadeMs}ms`)
  toast.style.height = `${LIMITS.toastHeightPx}px`
  toast.hidden = false
  // next frame: let the hidden->shown change land before the opacity transition starts
  const el = toast
  requestAnimationFrame(() => el.classList.add('pr-toast-visible'))
  const hide = setTimeout(() => el.classList.remove('pr-toast-visible'), LIMITS.toastHideMs)
  const remove = setTimeout(() => {
    el.hidden = true
  }, LIMITS.toastHideMs + LIMITS.toastFadeMs)
  timers.set(toast, [hide, remove])
  return toast
}

/** Copy text with the async clipboard API, falling back to a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // fall through to the legacy route (insecure origins, denied permission)
  }
  try {
    const area = h('textarea', { readonly: true, 'aria-hidden': 'true', style: 'position:fixed;opacity:0' })
    area.value = text
    document.body.append(area)
    area.select()
    const ok = document.execCommand?.('copy') ?? false
    area.remove()
    return ok
  } catch {
    return false
  }
}
