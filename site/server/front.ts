/**
 * The node:http front: API paths go straight to the framework-free API handler (no Astro in the way), built
 * client files are served from memory, and everything else goes to Astro's middleware handler with the API
 * context on `locals`, so server-rendered pages read the database through the same domain functions.
 */
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { API_PREFIXES, type ApiHandler, type AppContext } from '@phrasereel/api'
import { NodeLazyRequest, toWebRequest, writeAnswer, writeWebResponse } from './node-bridge.ts'
import { compressResponse } from './compress.ts'
import { createSecurityHeaders } from './security-headers.ts'
import { StaticFiles } from './static-files.ts'

export const SITE_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')
/** Where `pnpm build` puts the player bundles (widget/tsup.config.ts). */
export const WIDGET_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../widget/dist')

/**
 * The embeddable player (widget/README.md, "Third-party embeds"): a stable URL that third-party pages put in a
 * `<script>` tag, so the file is not content-hashed. Caches keep it five minutes, then revalidate with its ETag
 * (a 304 costs a few hundred bytes), so a deploy reaches every embed within minutes. Its source map sits beside
 * it under the name the bundle's `sourceMappingURL` gives.
 */
export const EMBED_PATH = '/embed/player.js'
const EMBED_FILE = 'player.embed.global.js'
/** The JS API loader (issue 16, decision 086): a stable URL too, cached the same way as the player. */
export const EMBED_API_PATH = '/embed/api.js'
const EMBED_API_FILE = 'api.global.js'
const EMBED_CACHE = 'public, max-age=300, must-revalidate'
const EMBED_HEADERS = {
  // any site may embed the player, including ones that isolate themselves (COEP) or load it with `crossorigin`
  'cross-origin-resource-policy': 'cross-origin',
  'access-control-allow-origin': '*',
}

type AstroHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next?: (error?: unknown) => void,
  locals?: object,
) => Promise<void>

/** What Astro pages find on `Astro.locals`. */
export interface SiteLocals {
  ctx: AppContext
}

export interface Front {
  server: http.Server
  url: string
  /**
   * Stops gracefully: no new connections, idle keep-alive ones closed at once, requests in flight finished (their
   * connections closed after the answer) for up to `graceMs`, then whatever is left is cut. Resolves once every
   * connection is gone; calling it again returns the same promise.
   */
  close(options?: { graceMs?: number }): Promise<void>
}

/** How long `Front.close` lets requests in flight finish before it cuts their connections. */
export const SHUTDOWN_GRACE_MS = 10_000

/** Starts the front on `host:port` (port 0 picks a free one). */
export async function startFront(options: {
  api: ApiHandler
  ctx: AppContext
  host: string
  port: number
  distDir?: string
  widgetDir?: string
}): Promise<Front> {
  const distDir = options.distDir ?? SITE_DIST
  const staticFiles = await StaticFiles.load(path.join(distDir, 'client'))
  const widgetDir = options.widgetDir ?? WIDGET_DIST
  const embed = { cacheControl: EMBED_CACHE, headers: EMBED_HEADERS }
  for (const [urlPath, file] of [
    [EMBED_PATH, EMBED_FILE],
    [EMBED_API_PATH, EMBED_API_FILE],
  ] as const) {
    if (await staticFiles.addFile(urlPath, path.join(widgetDir, file), embed)) {
      await staticFiles.addFile(`/embed/${file}.map`, path.join(widgetDir, `${file}.map`), embed)
    } else {
      console.warn(
        `[front] ${path.join(widgetDir, file)} is missing (pnpm build makes it): ${urlPath} answers 404`,
      )
    }
  }
  const entry = (await import(pathToFileURL(path.join(distDir, 'server', 'entry.mjs')).href)) as {
    handler: AstroHandler
  }
  const locals: SiteLocals = { ctx: options.ctx }
  const security = createSecurityHeaders(options.ctx)
  let origin = ''

  const server = http.createServer(async (req, res) => {
    try {
      const url = req.url ?? '/'
      const queryAt = url.indexOf('?')
      const pathname = queryAt === -1 ? url : url.slice(0, queryAt)
      security.apply(res, pathname) // every answer: API, media, static files, pages and errors (decision 080)
      if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
        const { dispatch } = options.api
        if (dispatch) await writeAnswer(await dispatch(new NodeLazyRequest(req, origin)), req, res)
        else await writeWebResponse(await options.api(toWebRequest(req, origin)), res)
        return
      }
      if (staticFiles.serve(req, res, pathname)) return
      security.finishPageHead(res, pathname)
      compressResponse(req, res)
      await entry.handler(req, res, undefined, locals)
    } catch (error) {
      console.error('[front] request failed:', error)
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ detail: 'Internal server error' }))
      } else {
        res.destroy()
      }
    }
  })
  server.keepAliveTimeout = 65_000
  // Answers still being made, so a graceful close can end their connections after them (see `close` below).
  const inFlight = new Set<http.ServerResponse>()
  let closing = false
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res)
    if (closing) res.setHeader('connection', 'close')
    res.once('close', () => {
      inFlight.delete(res)
      // a connection whose answer went out with its headers before the close began is idle now
      if (closing) setImmediate(() => server.closeIdleConnections())
    })
  })
  let closed: Promise<void> | undefined
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address() as { port: number }
  const displayHost = options.host.includes(':') ? `[${options.host}]` : options.host
  origin = `http://${displayHost}:${address.port}`
  return {
    server,
    url: origin,
    close: ({ graceMs = SHUTDOWN_GRACE_MS } = {}) => {
      closed ??= new Promise<void>((resolve) => {
        closing = true
        for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close')
        const force = setTimeout(() => server.closeAllConnections(), graceMs)
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      })
      return closed
    },
  }
}
