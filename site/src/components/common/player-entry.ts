/**
 * The player and its styles as one lazily loaded chunk: pages pay for it only when a clip is opened. The CSS comes
 * in as text and is added to the page when this chunk first runs, so it never becomes a render-blocking stylesheet
 * of the list pages (an imported stylesheet would be linked in every page's head).
 */
import playerCss from '@phrasereel/widget/styles.css?inline'

const STYLE_ID = 'phrasereel-player-styles'
if (typeof document !== 'undefined' && !document.getElementById(STYLE_ID)) {
  const style = document.createElement('style')
  style.id = STYLE_ID
  style.textContent = playerCss
  document.head.append(style)
}

export { Player, PlayerModal } from '@phrasereel/widget/react'
