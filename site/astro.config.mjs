// @ts-check
import node from '@astrojs/node'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'

// The site is built once and served by server/front.ts: API paths go straight to the API handler, everything
// else to Astro's middleware handler, and static files from dist/client with long-lived caching.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  build: { inlineStylesheets: 'auto' },
  devToolbar: { enabled: false },
  telemetry: false,
})
