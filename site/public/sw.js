/*
 * PhraseReel service worker: makes the site installable and keeps it usable on a flaky connection.
 * - Hashed build assets (/_astro/*) and icons: cache first (they never change under the same name).
 * - Pages: network first, falling back to the last copy seen, then to the cached home page.
 * - Never cached (docs/decisions/075): anything but GET; API, auth, admin and media requests (fresh data,
 *   Range requests, sessions); the per-user pages (/profile, /liked, /saved, /play-history, /my-collections);
 *   and any answer marked `Cache-Control: private` or `no-store` (pages that embed the viewer's session), so a
 *   shared device never keeps one person's pages for the next.
 */
const VERSION = 'v2'
const STATIC_CACHE = `phrasereel-static-${VERSION}`
const PAGE_CACHE = `phrasereel-pages-${VERSION}`
const PRECACHE = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png']
const BYPASS = ['/api/', '/auth/', '/admin-api/', '/admin', '/media/']
const PRIVATE_PAGES = ['/profile', '/liked', '/saved', '/play-history', '/my-collections']

/** Whether `pathname` is one of the requests this worker leaves alone entirely. */
function bypassed(pathname) {
  if (BYPASS.some((prefix) => pathname.startsWith(prefix))) return true
  return PRIVATE_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`))
}

/** Whether a copy of `response` may be kept: a plain OK same-origin answer not marked private or no-store. */
function cacheable(response) {
  if (!response?.ok || response.type !== 'basic') return false
  if (bypassed(new URL(response.url || self.location.href).pathname)) return false
  const cacheControl = (response.headers.get('cache-control') || '').toLowerCase()
  if (/(^|[\s,])(private|no-store)([\s,=]|$)/.test(cacheControl)) return false
  return (response.headers.get('vary') || '').trim() !== '*'
}

/** Keeps a copy of `response` for `request` in `cacheName` when it may be kept. */
function keep(cacheName, request, response) {
  if (!cacheable(response)) return
  const copy = response.clone()
  caches.open(cacheName).then((cache) => cache.put(request, copy))
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) =>
        Promise.all(
          PRECACHE.map((url) =>
            fetch(url, { credentials: 'same-origin' })
              .then((response) => (cacheable(response) ? cache.put(url, response) : undefined))
              .catch(() => undefined),
          ),
        ),
      )
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  // older versions may hold pages cached before these rules: drop every cache but the current ones
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => ![STATIC_CACHE, PAGE_CACHE].includes(key)).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (bypassed(url.pathname)) return
  if (request.headers.has('range')) return

  if (url.pathname.startsWith('/_astro/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            keep(STATIC_CACHE, request, response)
            return response
          }),
      ),
    )
    return
  }

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          keep(PAGE_CACHE, request, response)
          return response
        })
        .catch(() =>
          caches
            .match(request)
            .then((hit) => hit || caches.match('/'))
            .then((hit) => hit || Response.error()),
        ),
    )
  }
})
