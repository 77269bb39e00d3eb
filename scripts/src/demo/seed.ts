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

type DemoItem = DemoManifest['items'][number]
type Client = Parameters<Parameters<typeof withTransaction>[1]>[0]

/** Two processes starting on one empty database seed it once: the second waits here, then finds content. */
const DEMO_SEED_LOCK_KEY = 7_301_126_002

/**
 * Inserts one item's rows and copies its media folder, inside the caller's transaction; the folder is pushed to
 * `copied` before the copy, so a failed transaction can remove it. Returns the clip ids and translation count.
 */
async function seedItem(
  ctx: AppContext,
  client: Client,
  dir: string,
  item: DemoItem,
  copied: string[],
): Promise<{ ids: number[]; translations: number }> {
  const contentId = await createContent(client, {
    name: item.name,
    content_category: item.content_category,
    genre: item.genre,
    release_year: item.release_year,
    content_part: item.content_part,
    external_link: item.external_link,
    source_key: `${DEMO_SOURCE_PREFIX}${item.slug}`,
  })
  let translations = 0
  for (const chunk of item.chunks) {
    const { words, translations: rows, ...row } = chunk
    const chunkId = await insertChunk(client, contentId, row, rows)
    await saveChunkWords(client, chunkId, words)
    translations += rows.length
  }
  const mediaDir = path.join(ctx.config.MEDIA_DIR, String(contentId))
  copied.push(mediaDir)
  await cp(path.join(dir, item.slug), mediaDir, { recursive: true })
  return { ids: await completeContent(client, contentId), translations }
}

/** Removes the media folders of a transaction that did not commit. */
async function removeFolders(folders: string[]): Promise<void> {
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
}

/** Seeds every demo item, one transaction each; returns the counts. `onItem` is called after each item. */
export async function seedDemo(
  ctx: AppContext,
  options: { dir?: string; onItem?: (done: number, total: number) => void } = {},
): Promise<{ items: number; clips: number; translations: number }> {
  const dir = options.dir ?? DEMO_CORPUS_DIR
  const manifest = await readDemoManifest(dir)
  const visible: number[] = []
  let translations = 0
  for (const [index, item] of manifest.items.entries()) {
    const copied: string[] = []
    try {
      const seeded = await withTransaction(ctx.db, (client) => seedItem(ctx, client, dir, item, copied))
      visible.push(...seeded.ids)
      translations += seeded.translations
    } catch (error) {
      await removeFolders(copied)
      throw error
    }
    options.onItem?.(index + 1, manifest.items.length)
  }
  await chunksCommitted(ctx, visible)
  return { items: manifest.items.length, clips: visible.length, translations }
}

/**
 * Seeds the demo corpus when the database has no content at all (`pnpm start` on a fresh machine). The check and
 * the whole seed run in one transaction under an advisory lock, so replicas starting together on one empty
 * PostgreSQL seed it once; on PGlite the wire host runs one transaction at a time, which excludes the same way.
 */
export async function seedDemoIfEmpty(ctx: AppContext, options: { dir?: string } = {}): Promise<boolean> {
  const dir = options.dir ?? DEMO_CORPUS_DIR
  const manifest = await readDemoManifest(dir)
  const copied: string[] = []
  let visible: number[] | null
  try {
    visible = await withTransaction(ctx.db, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK_KEY])
      if (!(await hasNoContent(client))) return null
      const ids: number[] = []
      for (const item of manifest.items) ids.push(...(await seedItem(ctx, client, dir, item, copied)).ids)
      return ids
    })
  } catch (error) {
    await removeFolders(copied)
    throw error
  }
  if (!visible) return false
  await chunksCommitted(ctx, visible)
  return true
}
