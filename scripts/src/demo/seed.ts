/**
 * Seeding the demo corpus: copies the committed clip files into `$DATA_DIR/media/{id}/` and inserts the rows.
 * Needs neither espeak-ng nor ffmpeg. Each item goes in inside one transaction, its files copied before commit.
 */
import { cp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { AppContext } from '@phrasereel/api'
import {
  chunksCommitted,
  completeContent,
  contentIdsBySourcePrefix,
  createContent,
  deleteContent,
  hasNoContent,
  insertChunk,
  saveChunkWords,
  withTransaction,
} from '@phrasereel/api/scripts'
import { DEMO_CORPUS_DIR, DEMO_SOURCE_PREFIX, type DemoManifest } from './corpus.ts'

/** The committed manifest. */
export async function readDemoManifest(dir = DEMO_CORPUS_DIR): Promise<DemoManifest> {
  return JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as DemoManifest
}

/** Removes demo items (rows and media folders); returns how many there were. */
export async function removeDemo(ctx: AppContext): Promise<number> {
  const ids = await contentIdsBySourcePrefix(ctx.db, DEMO_SOURCE_PREFIX)
  await deleteContent(ctx.db, ids)
  for (const id of ids)
    await rm(path.join(ctx.config.MEDIA_DIR, String(id)), { recursive: true, force: true })
  return ids.length
}

/** Seeds every demo item; returns the counts. `onItem` is called after each item (for a progress bar). */
export async function seedDemo(
  ctx: AppContext,
  options: { dir?: string; onItem?: (done: number, total: number) => void } = {},
): Promise<{ items: number; clips: number; translations: number }> {
  const dir = options.dir ?? DEMO_CORPUS_DIR
  const manifest = await readDemoManifest(dir)
  const visible: number[] = []
  let translations = 0
  for (const [index, item] of manifest.items.entries()) {
    let mediaDir: string | null = null
    try {
      const ids = await withTransaction(ctx.db, async (client) => {
        const contentId = await createContent(client, {
          name: item.name,
          content_category: item.content_category,
          genre: item.genre,
          release_year: item.release_year,
          content_part: item.content_part,
          external_link: item.external_link,
          source_key: `${DEMO_SOURCE_PREFIX}${item.slug}`,
        })
        for (const chunk of item.chunks) {
          const { words, translations: rows, ...row } = chunk
          const chunkId = await insertChunk(client, contentId, row, rows)
          await saveChunkWords(client, chunkId, words)
          translations += rows.length
        }
        mediaDir = path.join(ctx.config.MEDIA_DIR, String(contentId))
        await cp(path.join(dir, item.slug), mediaDir, { recursive: true })
        return completeContent(client, contentId)
      })
      visible.push(...ids)
    } catch (error) {
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true })
      throw error
    }
    options.onItem?.(index + 1, manifest.items.length)
  }
  await chunksCommitted(ctx, visible)
  return { items: manifest.items.length, clips: visible.length, translations }
}

/** Seeds the demo corpus when the database has no content at all (`pnpm start` on a fresh machine). */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  if (!(await hasNoContent(ctx.db))) return false
  await seedDemo(ctx)
  return true
}
