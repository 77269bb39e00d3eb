/**
 * The light/dark theme (spec §4): kept under 'theme' in local storage, default dark, the `dark` class on the
 * root element and the theme-color meta follow it. The head boot script applies the stored value before paint;
 * this store takes over from there for the toggle and for islands that read it.
 */
import { signal } from '@preact/signals-core'
import { LIMITS } from '@phrasereel/api/shared/limits'
import { THEME_COLORS, type Theme } from '../lib/theme-boot.ts'

export type { Theme }

function currentTheme(): Theme {
  if (typeof document === 'undefined') return 'dark'
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

/** The active theme. */
export const theme = signal<Theme>(currentTheme())

/** Applies a theme to the page and remembers it. */
export function setTheme(next: Theme): void {
  theme.value = next
  if (typeof document === 'undefined') return
  const root = document.documentElement
  root.classList.toggle('dark', next === 'dark')
  root.style.colorScheme = next
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[next])
  try {
    localStorage.setItem(LIMITS.themeStorageKey, next)
  } catch {
    // storage may be unavailable (private mode, blocked); the theme still applies for this page
  }
}

/** Switches between dark and light. */
export function toggleTheme(): Theme {
  const next: Theme = theme.value === 'dark' ? 'light' : 'dark'
  setTheme(next)
  return next
}
