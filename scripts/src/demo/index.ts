/** The demo corpus: seeding (what `pnpm start` and `pnpm content demo` use) and the committed files' location. */
export { DEMO_CORPUS_DIR, DEMO_SOURCE_PREFIX } from './corpus.ts'
export { readDemoManifest, removeDemo, seedDemo, seedDemoIfEmpty } from './seed.ts'
