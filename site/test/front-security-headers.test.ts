/**
 * Security headers through the real front (OWASP ASVS 14.4, docs/decisions/080), for every kind of answer: pages,
 * the 404 and 500 pages, redirects, API answers and errors, media, static files, the embed script, HEAD and 304.
 * Plus the session cookie's `Secure` flag on plain http from a LAN address.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectConsoleError } from '../../api/test/console-errors.ts'
import { createAccount } from './e2e/account-fixtures.ts'
import { startTestSite, type TestSite } from './e2e/harness.ts'

interface Reply {
  status: number
  statusMessage: string
  headers: http.IncomingHttpHeaders
  body: string
}

/** A raw HTTP request (path sent as is), with the reason phrase the server wrote. */
function request(
  site: TestSite,
  pathAsIs: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  const { port } = new URL(site.url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathAsIs, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/).filter(Boolean)
    if (name) map.set(name, values)
  }
  return map
}

/** What every answer of the front carries, whatever it is. */
function expectCommonHeaders(
  label: string,
  reply: Reply,
  options: { https?: boolean; embed?: boolean } = {},
) {
  const { headers } = reply
  expect({ label, value: headers['x-content-type-options'] }).toEqual({ label, value: 'nosniff' })
  expect({ label, value: headers['referrer-policy'] }).toEqual({
    label,
    value: 'strict-origin-when-cross-origin',
  })
  expect({ label, value: headers['permissions-policy'] }).toEqual({
    label,
    value: expect.stringMatching(/(^|, )camera=\(\).*microphone=\(\)/),
  })
  expect({ label, value: headers['permissions-policy'] }).toEqual({
    label,
    value: expect.stringContaining('geolocation=()'),
  })
  expect({ label, value: headers['cross-origin-opener-policy'] }).toEqual({
    label,
    value: expect.stringMatching(/^same-origin/),
  })
  expect({ label, value: headers['strict-transport-security'] }).toEqual({
    label,
    value: options.https ? 'max-age=31536000; includeSubDomains' : undefined,
  })
  expect({ label, value: headers['x-frame-options'] }).toEqual({
    label,
    value: options.embed ? undefined : 'SAMEORIGIN',
  })
  // no server name or version anywhere
  expect({ label, server: headers.server, poweredBy: headers['x-powered-by'] }).toEqual({
    label,
    server: undefined,
    poweredBy: undefined,
  })
  const { 'content-security-policy': _policy, ...others } = headers
  expect({ label, leak: /astro|node\.?js|express|undici/i.test(JSON.stringify(others)) }).toEqual({
    label,
    leak: false,
  })
}

/** An HTML page's Content-Type and policy: strict scripts, no plugins, no foreign base, framing as the path says. */
function expectPagePolicy(label: string, reply: Reply, options: { frameable?: boolean } = {}) {
  expect({ label, type: reply.headers['content-type'] }).toEqual({ label, type: 'text/html; charset=utf-8' })
  const policy = directives(reply.headers['content-security-policy'] as string | undefined)
  const scripts = policy.get('script-src') ?? []
  expect({ label, self: scripts.includes("'self'") }).toEqual({ label, self: true })
  expect({ label, hashes: scripts.some((source) => source.startsWith("'sha256-")) }).toEqual({
    label,
    hashes: true,
  })
  expect({ label, unsafe: scripts.filter((source) => /unsafe|\*|^https?:$|^data:/.test(source)) }).toEqual({
    label,
    unsafe: [],
  })
  expect({ label, object: policy.get('object-src'), base: policy.get('base-uri') }).toEqual({
    label,
    object: ["'none'"],
    base: ["'self'"],
  })
  expect({ label, default: policy.get('default-src') }).toEqual({ label, default: ["'self'"] })
  expect({ label, frameAncestors: policy.get('frame-ancestors') }).toEqual({
    label,
    frameAncestors: options.frameable ? ['*'] : ["'self'"],
  })
  return policy
}

describe('security headers on every answer (embedded default)', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite()
  }, 600_000)
  afterAll(() => site?.close())

  it('pages: a policy that lets only the site’s own and hashed scripts run, charset=utf-8, the common headers', async () => {
    const chunkId = site.content[0]!.chunkIds[0]!
    for (const path of [
      '/',
      '/search?q=how',
      `/play/${chunkId}`,
      '/login',
      '/register',
      '/sponsors',
      '/copyright-owners',
      '/collections',
      '/liked',
    ]) {
      const reply = await request(site, path, { headers: { 'accept-encoding': 'gzip, br' } })
      expect({ path, status: reply.status, statusMessage: reply.statusMessage }).toEqual({
        path,
        status: 200,
        statusMessage: 'OK',
      })
      expectCommonHeaders(path, reply)
      const policy = expectPagePolicy(path, reply)
      // no third party is configured: no third-party origin in the policy
      expect({
        path,
        foreign: /google|gstatic|apple/.test(reply.headers['content-security-policy'] as string),
      }).toEqual({
        path,
        foreign: false,
      })
      expect(policy.get('form-action')).toEqual(["'self'"])
    }
  })

  it("the 404 page: status text 'Not Found', HTML with charset and the same policy (GET and HEAD)", async () => {
    for (const method of ['GET', 'HEAD']) {
      for (const path of ['/no-such-page', '/play/', '/_astro/missing.js']) {
        const reply = await request(site, path, { method })
        const label = `${method} ${path}`
        expect({ label, status: reply.status, statusMessage: reply.statusMessage }).toEqual({
          label,
          status: 404,
          statusMessage: 'Not Found',
        })
        expectCommonHeaders(label, reply)
        expectPagePolicy(label, reply)
      }
    }
  })

  it("the 500 page: status text 'Internal Server Error', the same headers and policy", async () => {
    const account = await createAccount(site)
    // Astro logs the failed page on the server: expected here
    expectConsoleError('relation "sessions" does not exist')
    await site.ctx.db.query('alter table sessions rename to sessions_offline')
    try {
      const reply = await request(site, '/sponsors', { headers: { cookie: `auth_token=${account.token}` } })
      expect({ status: reply.status, statusMessage: reply.statusMessage }).toEqual({
        status: 500,
        statusMessage: 'Internal Server Error',
      })
      expect(reply.body).toContain('Unexpected Application Error!')
      expectCommonHeaders('500 page', reply)
      expectPagePolicy('500 page', reply)
    } finally {
      await site.ctx.db.query('alter table sessions_offline rename to sessions')
    }
  })

  it('API answers, API errors, redirects, media, static files, the embed script and 304s carry the common headers', async () => {
    const { contentId } = site.content[0]!
    const cases: [string, string, Record<string, string>?, string?][] = [
      ['api 200', '/api/content/chunks/count'],
      ['api 400', '/api/content/chunk/not-a-number'],
      ['api 401', '/api/auth/me'],
      ['api 404', '/api/no-such-route'],
      ['api 405', '/api/auth/logout-all'],
      ['api 415', '/api/auth/login', { 'content-type': 'text/plain' }, 'POST'],
      ['media 200', `/media/${contentId}/1.mp4`],
      ['media 206', `/media/${contentId}/1.mp4`, { range: 'bytes=0-9' }],
      ['media 404', `/media/${contentId}/../../etc/passwd`],
      ['static', '/favicon.svg'],
      ['static manifest', '/manifest.webmanifest'],
      ['service worker', '/sw.js'],
      ['redirect', '/profile'],
    ]
    for (const [label, path, headers, method] of cases) {
      const reply = await request(site, path, {
        headers,
        method,
        ...(method === 'POST' ? { body: 'x' } : {}),
      })
      expect({ label, status: reply.status }).not.toEqual({ label, status: 0 })
      expectCommonHeaders(label, reply)
      // only pages get a policy; JSON, media and files are never rendered as a document of the site
      if (!String(reply.headers['content-type'] ?? '').startsWith('text/html')) {
        expect({ label, csp: reply.headers['content-security-policy'] }).toEqual({ label, csp: undefined })
      }
    }
    const icon = await request(site, '/favicon.svg')
    const notModified = await request(site, '/favicon.svg', {
      headers: { 'if-none-match': String(icon.headers.etag) },
    })
    expect(notModified.status).toBe(304)
    expectCommonHeaders('static 304', notModified)
    const embed = await request(site, '/embed/player.js')
    expect(embed.status).toBe(200)
    expectCommonHeaders('embed script', embed, { embed: true })
  })

  it('embed routes may be framed by any site; other pages, even reached through /embed/.., may not', async () => {
    const chunkId = site.content[0]!.chunkIds[0]!
    // the embed pages (decision 086): by clip, by query (the exact path /embed), and an unknown clip's answer
    for (const [path, status] of [
      [`/embed/${chunkId}`, 200],
      [`/embed/${chunkId}?theme=light&autoplay=1`, 200],
      ['/embed?q=how%20are%20you', 200],
      ['/embed/?q=how', 200],
      ['/embed/some-clip', 404],
    ] as const) {
      const embedPage = await request(site, path)
      expect({ path, status: embedPage.status }).toEqual({ path, status })
      expectCommonHeaders(path, embedPage, { embed: true })
      expectPagePolicy(path, embedPage, { frameable: true })
    }
    // the loader and the player scripts: no framing header (not pages), cached briefly with an ETag
    for (const path of ['/embed/api.js', '/embed/player.js']) {
      const script = await request(site, path)
      expect({ path, status: script.status }).toEqual({ path, status: 200 })
      expectCommonHeaders(path, script, { embed: true })
      expect(script.headers['cache-control']).toBe('public, max-age=300, must-revalidate')
      expect(script.headers.etag).toMatch(/^"/)
      expect(script.headers['access-control-allow-origin']).toBe('*')
    }
    // paths that only look like the embed page keep the restriction
    for (const path of ['/embedded', '/embed-x', '/embedx/1']) {
      const reply = await request(site, path)
      expectCommonHeaders(path, reply)
      expectPagePolicy(path, reply)
    }
    for (const path of ['/embed/../login', '/embed/%2e%2e/login', '/embed/..%2flogin']) {
      const reply = await request(site, path)
      expectCommonHeaders(path, reply)
      expectPagePolicy(path, reply)
    }
  })

  it('a session cookie over plain http from a LAN address is not Secure (the browser would drop it)', async () => {
    const account = await createAccount(site)
    const login = await request(site, '/api/auth/login', {
      method: 'POST',
      headers: { host: '192.168.1.20:4321', 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, recaptcha_token: 't' }),
    })
    expect(login.status).toBe(200)
    const cookie = String(login.headers['set-cookie'])
    expect(cookie).toMatch(/^auth_token=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/)
    expectCommonHeaders('sign-in', login)
  })
})

describe('security headers when served over https with the third parties configured', () => {
  let site: TestSite
  beforeAll(async () => {
    site = await startTestSite({
      seed: false,
      env: {
        PUBLIC_SITE_URL: 'https://phrasereel.example',
        // the site key is what makes pages load the bot check (without RECAPTCHA_SECRET the test's tokens pass)
        PUBLIC_RECAPTCHA_SITE_KEY: 'site-key',
        GOOGLE_CLIENT_ID: 'google-client.apps.googleusercontent.com',
        APPLE_CLIENT_ID: 'example.phrasereel.web',
        MEDIA_BASE_URL: 'https://cdn.phrasereel.example/media',
      },
    })
  }, 600_000)
  afterAll(() => site?.close())

  it('sends Strict-Transport-Security on every answer, and the configured origins in the policy', async () => {
    for (const path of [
      '/',
      '/no-such-page',
      '/api/content/chunks/count',
      '/favicon.svg',
      '/embed/player.js',
    ]) {
      const reply = await request(site, path)
      expectCommonHeaders(path, reply, { https: true, embed: path.startsWith('/embed/') })
      // Google's and Apple's sign-in popups must reach back to the page that opened them
      expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    }
    const policy = expectPagePolicy('home', await request(site, '/'))
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining([
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
        'https://accounts.google.com/gsi/client',
        'https://appleid.cdn-apple.com/appleauth/static/jsapi/',
      ]),
    )
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining([
        'https://www.google.com/recaptcha/',
        'https://accounts.google.com/gsi/',
        'https://appleid.apple.com',
      ]),
    )
    expect(policy.get('style-src')).toEqual(expect.arrayContaining(['https://accounts.google.com/gsi/style']))
    for (const directive of ['media-src', 'img-src', 'connect-src']) {
      expect({ directive, sources: policy.get(directive) }).toEqual({
        directive,
        sources: expect.arrayContaining(['https://cdn.phrasereel.example']),
      })
    }
  })

  it('marks the session cookie Secure behind the https proxy, though the proxy speaks plain http to the app', async () => {
    const account = await createAccount(site)
    const login = await request(site, '/api/auth/login', {
      method: 'POST',
      headers: {
        host: '10.0.0.5:4321',
        'content-type': 'application/json',
        origin: 'https://phrasereel.example',
      },
      body: JSON.stringify({ email: account.email, password: account.password, recaptcha_token: 't' }),
    })
    expect(login.status).toBe(200)
    expect(String(login.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/)
  })
})
