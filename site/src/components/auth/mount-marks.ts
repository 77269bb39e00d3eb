/**
 * Like/save buttons for server-rendered (non-React) cards and players: put
 * `<div data-marks data-content-id="{content_metadata.id}" data-chunk-id="{chunk.id}"></div>` where the buttons
 * go and call `mountMarks()` (again after adding cards; mounted placeholders are skipped). React and the
 * buttons load on first use, so pages without placeholders pay nothing.
 */
const MOUNTED = 'marksMounted'

/** Mounts `LikeSaveButtons` into every unmounted `[data-marks]` placeholder under `root`. */
export async function mountMarks(root: ParentNode = document): Promise<void> {
  const placeholders = [...root.querySelectorAll<HTMLElement>('[data-marks]')].filter(
    (el) => !el.dataset[MOUNTED],
  )
  if (placeholders.length === 0) return
  for (const el of placeholders) el.dataset[MOUNTED] = 'true'
  const [{ createElement }, { createRoot }, { LikeSaveButtons }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('./LikeSaveButtons.tsx'),
  ])
  for (const el of placeholders) {
    const contentMetadataId = Number(el.dataset.contentId)
    if (!Number.isInteger(contentMetadataId) || contentMetadataId <= 0) continue
    const chunkId = Number(el.dataset.chunkId)
    createRoot(el).render(
      createElement(LikeSaveButtons, {
        contentMetadataId,
        ...(Number.isInteger(chunkId) && chunkId > 0 ? { chunkId } : {}),
      }),
    )
  }
}
