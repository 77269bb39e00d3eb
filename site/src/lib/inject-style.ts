/**
 * Adds a stylesheet that arrived as text (a `?inline` import) to the page once, under `id`. Lazily loaded chunks
 * use it so their CSS never becomes a render-blocking stylesheet of every page that could reach them.
 */
export function injectStyle(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return
  const style = document.createElement('style')
  style.id = id
  style.textContent = css
  document.head.append(style)
}
