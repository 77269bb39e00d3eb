/** Attributes/properties `h` sets: strings become attributes, functions on* become listeners. */
type Props = Record<string, string | number | boolean | null | undefined | EventListener>

/** Create an element with attributes, listeners and children: the player's whole "framework". */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue
    if (typeof value === 'function') node.addEventListener(key.slice(2).toLowerCase(), value)
    else if (key === 'className') node.className = String(value)
    else node.setAttribute(key, value === true ? '' : String(value))
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) node.append(child)
  return node
}

/** Show or hide an element without changing its layout rules. */
export function setShown(node: HTMLElement, shown: boolean): void {
  node.hidden = !shown
}
