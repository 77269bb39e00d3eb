/**
 * The player and its styles as one lazily loaded chunk: pages pay for it only when a clip is opened. The CSS comes
 * in as text and is added to the page when this chunk first runs, so it never becomes a render-blocking stylesheet
 * of the list pages (an imported stylesheet would be linked in every page's head).
 */
import playerCss from '@phrasereel/widget/styles.css?inline'
import { injectStyle } from '../../lib/inject-style.ts'

injectStyle('phrasereel-player-styles', playerCss)

export { Player, PlayerModal } from '@phrasereel/widget/react'
