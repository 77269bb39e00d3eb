/**
 * The theme, applied before first paint: an inline head script reads the stored choice and sets the `dark`
 * class and the theme-color meta before any CSS or island runs, so a light-theme visitor never sees a dark flash.
 */
import { LIMITS } from '@phrasereel/api/shared/limits'

/** Browser chrome colour per theme (the page background). */
export const THEME_COLORS = { dark: '#0f0f12', light: '#ffffff' } as const

export type Theme = keyof typeof THEME_COLORS

/** Source of the inline boot script (spec §4 Theme: key 'theme', default dark, `dark` class on the root). */
export function themeBootScript(): string {
  const key = JSON.stringify(LIMITS.themeStorageKey)
  const colors = JSON.stringify(THEME_COLORS)
  return `(function(){var t;try{t=localStorage.getItem(${key})}catch(e){}var d=t!=='light',r=document.documentElement,c=${colors};r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light';var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute('content',d?c.dark:c.light)})()`
}
