import { defineConfig, type Options } from 'tsup'

// @phrasereel/api is a workspace dependency; only its pure shared modules are imported, and they are bundled
const base: Options = {
  // tests build into their own directory so they never race `pnpm build` or each other over dist/
  outDir: process.env.WIDGET_OUT_DIR || 'dist',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  noExternal: [/^@phrasereel\/api/],
  dts: false,
  clean: false,
}

/**
 * Builds: the ESM core (+ its CSS), the IIFE embed with the CSS inlined, the JS API loader, and the thin React
 * adapter.
 */
export default defineConfig([
  {
    ...base,
    entry: { player: 'src/index.ts', 'player-styles': 'src/styles.css' },
    format: ['esm'],
    clean: true,
  },
  {
    ...base,
    entry: { 'player.embed': 'src/embed.ts' },
    format: ['iife'],
    globalName: 'PhraseReel',
    loader: { '.css': 'text' },
  },
  // the JS API loader (/embed/api.js): its own small bundle, no player code (budget 5 KB gzip)
  { ...base, entry: { api: 'src/embed-api/loader.ts' }, format: ['iife'] },
  { ...base, entry: { react: 'src/react.tsx' }, format: ['esm'], external: ['react', 'react/jsx-runtime'] },
])
