import { h, setShown } from '../dom.ts'
import type { PlayerContext } from './state.ts'

/** The 'Add to collection' button of the control row (issue 18): shown only when the host gives the option. */
export interface CollectionButton {
  readonly element: HTMLButtonElement
  /** Show or hide it as `onAddToCollection` says. */
  render(): void
}

/**
 * Create the button; a click hands the clip shown (after chunk-level moves too) to the host's
 * `onAddToCollection`, which owns sessions and collections: the player knows neither.
 */
export function createCollectionButton(ctx: PlayerContext): CollectionButton {
  const element = h(
    'button',
    { type: 'button', className: 'pr-text-button pr-add-to-collection', 'aria-label': 'Add to collection' },
    h('span', { 'aria-hidden': 'true' }, '+ '),
    'Collection',
  )
  element.addEventListener('click', () => {
    const { onAddToCollection, chunkId } = ctx.options()
    if (onAddToCollection && chunkId != null) onAddToCollection(chunkId)
  })
  return {
    element,
    render() {
      const { onAddToCollection, chunkId } = ctx.options()
      setShown(element, !!onAddToCollection && chunkId != null)
    },
  }
}
