/*
 * PhraseReel service worker: makes the site installable and keeps it usable on a flaky connection.
 * - Hashed build assets (/_astro/*) and icons: cache first (they never change under the same name).
 * - Pages: network first, falling back to the last copy seen, then to the cached home page.
 * - API, auth, admin and media requests are never cached here (fresh data, Range requests, sessions).
 */
const VERSION = 'v1'
const STATIC_CACHE = `phrasereel-static-${VERSION}`
const PAGE_CACHE = `phrasereel-pages-${VERSION}`
const PRECACHE = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png']
const BYPASS = ['/api/', '/auth/', '/admin-api/', '/admin', '/media/']

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
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
  if (BYPASS.some((prefix) => url.pathname.startsWith(prefix))) return
  if (request.headers.has('range')) return

  if (url.pathname.startsWith('/_astro/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone()
              caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy))
            }
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
          if (response.ok) {
            const copy = response.clone()
            caches.open(PAGE_CACHE).then((cache) => cache.put(request, copy))
          }
          return response
        })
        .catch(() => caches.match(request).then((hit) => hit || caches.match('/'))),
    )
  }
})
