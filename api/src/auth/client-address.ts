import type { Config } from '../config.ts'

/** Header the node:http front sets from the socket's remote address (it overwrites any value a client sent). */
export const CLIENT_ADDRESS_HEADER = 'x-phrasereel-client-ip'

/**
 * The caller's network address, for rate limits. It comes from the front's `x-phrasereel-client-ip` header;
 * `X-Forwarded-For` is believed only when `TRUST_PROXY` says how many proxies in front of the app add to it
 * (the entry that many places from the right is the one the outermost trusted proxy saw). 'unknown' otherwise.
 */
export function clientAddress(request: Request, ctx?: { config: Pick<Config, 'TRUST_PROXY'> }): string {
  const hops = ctx?.config.TRUST_PROXY ?? 0
  if (hops > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const entry = forwarded[forwarded.length - hops]
    if (entry) return entry.slice(0, 64)
  }
  return request.headers.get(CLIENT_ADDRESS_HEADER)?.trim().slice(0, 64) || 'unknown'
}

/**
 * Whether the browser reached the site over https, which decides the cookies' `Secure` flag: `PUBLIC_SITE_URL`'s
 * scheme when it is set (the public origin is what the browser sees), else the request's own scheme, where
 * `X-Forwarded-Proto` counts only when `TRUST_PROXY` says proxies set it (the entry the outermost trusted proxy
 * wrote, as for `X-Forwarded-For`). So plain http from a LAN address gets cookies the browser keeps.
 */
export function isHttpsRequest(
  request: Request,
  config: Pick<Config, 'PUBLIC_SITE_URL' | 'TRUST_PROXY'>,
): boolean {
  if (config.PUBLIC_SITE_URL) return new URL(config.PUBLIC_SITE_URL).protocol === 'https:'
  if (config.TRUST_PROXY > 0) {
    const forwarded = (request.headers.get('x-forwarded-proto') ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean)
    const entry = forwarded[forwarded.length - config.TRUST_PROXY]
    if (entry) return entry === 'https'
  }
  return new URL(request.url).protocol === 'https:'
}

/**
 * The site's public origin, as the browser sees it: `PUBLIC_SITE_URL`'s origin when set, else the request's host
 * with the scheme {@link isHttpsRequest} decides (so a proxy's `X-Forwarded-Proto` counts only under `TRUST_PROXY`).
 * Links the site hands out for use elsewhere (oEmbed, embed snippets) are built on it.
 */
export function publicOrigin(
  request: Request,
  config: Pick<Config, 'PUBLIC_SITE_URL' | 'TRUST_PROXY'>,
): string {
  if (config.PUBLIC_SITE_URL) return new URL(config.PUBLIC_SITE_URL).origin
  const { host } = new URL(request.url)
  return `${isHttpsRequest(request, config) ? 'https' : 'http'}://${host}`
}
