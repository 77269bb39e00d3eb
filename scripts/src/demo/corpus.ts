/** Where the committed demo corpus lives and the shape of its manifest. */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { NewChunk, NewTranslation } from '@phrasereel/api/scripts'

/** `scripts/demo-corpus/`: one folder of clip files per item, and `manifest.json`. */
export const DEMO_CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../demo-corpus')

/** Source keys of demo items start with this, so `pnpm content demo` can find and replace them. */
export const DEMO_SOURCE_PREFIX = 'demo:'

export interface DemoManifestChunk extends NewChunk {
  /** Word timings in the clip (seconds), as in its segment JSON: the true times of the synthesised words. */
  words: { word: string; start: number; end: number }[]
  translations: NewTranslation[]
}

export interface DemoManifestItem {
  slug: string
  name: string
  content_category: string
  genre: string
  release_year: number
  content_part: string | null
  external_link: string | null
  chunks: DemoManifestChunk[]
}

export interface DemoManifest {
  generated_with: { espeak: string; ffmpeg: string }
  languages: string[]
  items: DemoManifestItem[]
}
