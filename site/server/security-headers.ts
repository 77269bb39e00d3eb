/**
 * The headers every answer of the front carries (OWASP ASVS 14.4, docs/decisions/080), and the finishing touches of
 * an HTML page's head: the Content-Security-Policy completed, `charset=utf-8`, the standard reason phrase.
 *
 * Astro owns `script-src` and `style-src` of a page's policy (astro.config.mjs `security.csp`: the hashes of the
 * inline scripts it emits, and of the theme script); this module adds the directives that depend on the
 * configuration (media on another origin, the bot check and Google/Apple sign-in only when configured) and on the
 * path (`frame-ancestors`, not on the embed routes).
 */
import { type OutgoingHttpHeaders, STATUS_CODES, type ServerResponse } from 'node:http'
import type { AppContext } from '@phrasereel/api'

/**
 * Paths that other sites may put in a frame (the embeddable player: `/embed/{chunkId}`, `/embed?q=`, its scripts):
 * no `X-Frame-Options`, and pages get `frame-ancestors *` (decision 086).
 */
export const EMBED_PREFIX = '/embed/'
/** The embed page by query (`/embed?q=…`): the exact path, framable like everything under EMBED_PREFIX. */
export const EMBED_PAGE = '/embed'

/**
 * Whether the raw request path is an embed route. Only a plain path counts: one with dot segments, escapes or
 * backslashes could resolve to another page, which must not lose its framing restriction that way.
 */
export function isEmbedPath(pathname: string): boolean {
  return (
    (pathname === EMBED_PAGE || pathname.startsWith(EMBED_PREFIX)) &&
    !/(^|\/)\.{1,2}(\/|$)|%|\\/.test(pathname)
  )
}

type Sources = Record<string, string[]>

/** The origins each optional third party needs, by directive (only sent when it is configured). */
const THIRD_PARTIES = {
  // reCAPTCHA v3: api.js loads its code from gstatic and runs in an invisible frame
  recaptcha: {
    'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  // Google Identity Services: the client script, its button and One Tap frames, their stylesheet and FedCM calls
  google: {
    'script-src': ['https://accounts.google.com/gsi/client'],
    'style-src': ['https://accounts.google.com/gsi/style'],
    'frame-src': ['https://accounts.google.com/gsi/'],
    'connect-src': ['https://accounts.google.com/gsi/'],
  },
  // Sign in with Apple JS (popup mode)
  apple: {
    'script-src': ['https://appleid.cdn-apple.com/appleauth/static/jsapi/'],
    'frame-src': ['https://appleid.apple.com'],
    'connect-src': ['https://appleid.apple.com'],
  },
} as const satisfies Record<string, Sources>

/** Browser features no page of the site uses (fullscreen stays allowed: the player has a fullscreen mode). */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ')

export interface SecurityHeaders {
  /** Sets the headers every answer carries: API answers, media, static files, pages and errors alike. */
  apply(res: ServerResponse, pathname: string): void
  /**
   * Finishes the head of whatever Astro answers on `res`: on HTML, the full Content-Security-Policy and
   * `charset=utf-8`; on every answer, the standard reason phrase of its status (Astro sends '404 OK' otherwise).
   * Call before anything else wraps `res.writeHead`.
   */
  finishPageHead(res: ServerResponse, pathname: string): void
}

/** The security headers for an app configured as `ctx` says. */
export function createSecurityHeaders(ctx: Pick<AppContext, 'config' | 'mediaBase'>): SecurityHeaders {
  const { config } = ctx
  const https = config.PUBLIC_SITE_URL ? new URL(config.PUBLIC_SITE_URL).protocol === 'https:' : false
  const popups = Boolean(config.GOOGLE_CLIENT_ID || config.APPLE_CLIENT_ID)
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // Google's and Apple's sign-in popups answer their opener; 'same-origin' would cut them off
    'cross-origin-opener-policy': popups ? 'same-origin-allow-popups' : 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
  const pagePolicy = pageDirectives(ctx)

  return {
    apply(res, pathname) {
      for (const [name, value] of Object.entries(common)) res.setHeader(name, value)
      if (!isEmbedPath(pathname)) res.setHeader('x-frame-options', 'SAMEORIGIN')
    },

    finishPageHead(res, pathname) {
      const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse
      const embed = isEmbedPath(pathname)
      res.writeHead = function finishedWriteHead(
        this: ServerResponse,
        status: number,
        messageOrHeaders?: string | OutgoingHttpHeaders | (string | string[])[],
        maybeHeaders?: OutgoingHttpHeaders | (string | string[])[],
      ): ServerResponse {
        const headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders
        if (Array.isArray(headers)) {
          const flat = (headers as (string | string[])[]).flat()
          for (let i = 0; i + 1 < flat.length; i += 2) this.appendHeader(flat[i]!, flat[i + 1]!)
        } else if (headers) {
          for (const [name, value] of Object.entries(headers))
            if (value !== undefined) this.setHeader(name, value)
        }
        this.statusMessage = STATUS_CODES[status] ?? this.statusMessage
        const type = String(this.getHeader('content-type') ?? '')
        if (/^text\/html\b/i.test(type)) {
          if (!/charset=/i.test(type)) this.setHeader('content-type', `${type}; charset=utf-8`)
          const astro = this.getHeader('content-security-policy')
          this.setHeader(
            'content-security-policy',
            completePolicy(typeof astro === 'string' ? astro : '', pagePolicy, embed ? ['*'] : ["'self'"]),
          )
        }
        return writeHead(status)
      } as ServerResponse['writeHead']
    },
  }
}

/** The directives a page's policy adds to Astro's, for this configuration. */
function pageDirectives(ctx: Pick<AppContext, 'config' | 'mediaBase'>): Sources {
  const { config } = ctx
  // media (clips, thumbnails, subtitle JSON) on a CDN or bucket: its origin too
  const media = mediaOrigin(ctx.mediaBase)
  const sources: Sources = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // profile pictures come from Google (any https host); flags may come from a CDN (spec §7.1)
    'img-src': ["'self'", 'data:', 'https:', ...media],
    'media-src': ["'self'", ...media],
    'connect-src': ["'self'", ...media],
    'font-src': ["'self'"],
    'frame-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  }
  const configured: Sources[] = []
  if (config.PUBLIC_RECAPTCHA_SITE_KEY) configured.push(THIRD_PARTIES.recaptcha)
  if (config.GOOGLE_CLIENT_ID) configured.push(THIRD_PARTIES.google)
  if (config.APPLE_CLIENT_ID) configured.push(THIRD_PARTIES.apple)
  for (const party of configured) {
    for (const [directive, origins] of Object.entries(party)) sources[directive]!.push(...origins)
  }
  return sources
}

/** The CSP source of media served from another origin (`MEDIA_BASE_URL`), or none for the app's own `/media`. */
function mediaOrigin(mediaBase: string): string[] {
  if (/^https?:\/\//i.test(mediaBase)) return [new URL(mediaBase).origin]
  // protocol-relative: a host source without a scheme matches the page's own scheme
  if (mediaBase.startsWith('//')) return [new URL(mediaBase, 'http://front.invalid').host]
  return []
}

/**
 * Astro's policy (its `script-src` and `style-src`, with the hashes) completed with `additions`, and
 * `frame-ancestors` (`'self'`, or `*` on the embed pages any site may frame). Without Astro's policy the page
 * still gets `script-src 'self'`: inline scripts then do not run, which is the safe way to fail.
 */
export function completePolicy(
  astroPolicy: string,
  additions: Sources,
  frameAncestors: readonly string[],
): string {
  const directives = new Map<string, string[]>()
  const add = (name: string, values: readonly string[]) => {
    const list = directives.get(name) ?? []
    for (const value of values) if (!list.includes(value)) list.push(value)
    directives.set(name, list)
  }
  for (const [name, values] of Object.entries(additions)) add(name, values)
  for (const part of astroPolicy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/).filter(Boolean)
    if (name) add(name.toLowerCase(), values)
  }
  directives.set('frame-ancestors', [...frameAncestors])
  return [...directives].map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}
