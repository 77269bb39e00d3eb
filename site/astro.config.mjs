// @ts-check
import { createHash } from 'node:crypto'
import node from '@astrojs/node'
import react from '@astrojs/react'
import { defineConfig } from 'astro/config'
import { themeBootScript } from './src/lib/theme-boot.ts'

/** A CSP hash source of an inline script's text. */
const sha256 = (/** @type {string} */ text) => `sha256-${createHash('sha256').update(text).digest('base64')}`

// The site is built once and served by server/front.ts: API paths go straight to the API handler, everything
// else to Astro's middleware handler, and static files from dist/client with long-lived caching.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  build: { inlineStylesheets: 'auto' },
  // Content-Security-Policy (docs/decisions/080): Astro hashes the inline scripts it emits (island runtime, inlined
  // page scripts) into `script-src`, with the theme script BaseHead inlines; no inline script runs otherwise.
  // Styles may be inline (the global sheet, lazily injected sheets, style attributes). server/security-headers.ts
  // adds the rest of the policy, which depends on the configuration and the path.
  security: {
    csp: {
      scriptDirective: { resources: ["'self'"], hashes: [sha256(themeBootScript())] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  devToolbar: { enabled: false },
  telemetry: false,
})
