/**
 * Per-user pages stay out of shared caches (docs/decisions/075). Every page rendered for a request that carries
 * the session cookie embeds that visitor's session (SessionScript.astro), so unless the page already said
 * `private` or `no-store`, its answer gets `Cache-Control: private, no-store`: no proxy, CDN or the service worker
 * (public/sw.js) keeps one person's page for the next. The admin cookie counts the same (decision 085). Pages
 * for anonymous visitors keep their own headers.
 *
 * The session itself is looked up here, before anything renders (docs/decisions/076): a lookup that throws (the
 * database is down) then reaches Astro's error view ('Unexpected Application Error!', 500) instead of failing inside
 * the layout after the answer has started streaming, which left the visitor with an empty response.
 */
import { ADMIN_SESSION_COOKIE, hasCookie, USER_SESSION_COOKIE } from '@phrasereel/api/server'
import { defineMiddleware } from 'astro:middleware'
import { getSessionUser } from './components/auth/session.server.ts'

const PRIVATE = /(^|[\s,])(private|no-store)([\s,=]|$)/i

/** Whether the request carries the session cookie (valid or not: either way the page was rendered for it). */
function hasSessionCookie(request: Request): boolean {
  return hasCookie(request.headers.get('cookie'), USER_SESSION_COOKIE)
}

/** Whether it carries the admin session cookie: admin pages are rendered for it the same way (decision 085). */
function hasAdminCookie(request: Request): boolean {
  return hasCookie(request.headers.get('cookie'), ADMIN_SESSION_COOKIE)
}

export const onRequest = defineMiddleware(async (context, next) => {
  const signedIn = hasSessionCookie(context.request)
  // the layout, the session script and the pages reuse this answer (one lookup per request)
  if (signedIn && 'ctx' in (context.locals as object)) await getSessionUser(context.request, context.locals)
  const response = await next()
  if (!signedIn && !hasAdminCookie(context.request)) return response
  if (PRIVATE.test(response.headers.get('cache-control') ?? '')) return response
  try {
    response.headers.set('cache-control', 'private, no-store')
    return response
  } catch {
    // immutable headers (a fetched answer): answer a copy instead
    const headers = new Headers(response.headers)
    headers.set('cache-control', 'private, no-store')
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
})
