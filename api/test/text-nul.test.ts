/**
 * PostgreSQL text cannot hold NUL (U+0000): every text parameter carrying one, in a query string or anywhere in a
 * JSON body, is a 400 `{detail}` naming the parameter, never a 500 from the database (issue 13, part 3). The
 * check lives in one place per kind of input (the router for query strings, `readJson` for bodies), so these
 * cases stand for every route.
 */
import { beforeAll, expect, it } from 'vitest'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, createAdmin, createUser, send } from './user-content-support.ts'

const NUL_DETAIL = (name: string) => `${name} must not contain NUL characters`
// sign-in calls are rate limited per address: each gets its own
let addressSerial = 0
const freshAddress = () => `198.51.100.${++addressSerial}`

describeEachDatabase('NUL in text parameters', (app) => {
  let ada: Caller
  let admin: Caller
  let collectionId = 0
  const call = (path: string, init: RequestInit = {}) =>
    app().fetchJson<{ detail?: string } & Record<string, unknown>>(path, init)
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-phrasereel-client-ip': freshAddress(), ...headers },
      body,
    })

  beforeAll(async () => {
    await seedContent(app().db, [
      {
        name: 'The Long Road',
        category: 'movie',
        genre: 'Drama',
        chunks: [{ text: 'Take the long road home.' }, { text: 'Over the hills.' }],
      },
    ])
    ada = await createUser(app().db, { first: 'Ada', last: 'Lovelace' })
    admin = await createAdmin(app().db)
    const made = await call('/api/collections', send('POST', ada, { name: 'Phrases' }))
    expect(made.status).toBe(201)
    collectionId = made.body.id as number
  })

  it('refuses NUL in search q, genre and category with a 400 naming the parameter', async () => {
    // the filters work when clean
    const clean = await call('/api/search?q=the&genre=Drama&category=movie')
    expect(clean.status).toBe(200)
    expect(Array.isArray(clean.body)).toBe(true)
    for (const [query, name] of [
      ['q=the&genre=%00', 'genre'],
      ['q=the&category=%00', 'category'],
      ['q=the&genre=Dra%00ma&category=movie', 'genre'],
      ['q=the%00', 'q'],
      ['q=%00', 'q'],
      ['q=the&year_from=2000%00', 'year_from'],
      ['q=the&%00=x', 'Query parameter names'],
    ] as const) {
      const answer = await call(`/api/search?${query}`)
      expect({ query, status: answer.status, body: answer.body }).toEqual({
        query,
        status: 400,
        body: { detail: NUL_DETAIL(name) },
      })
    }
    expect(await call('/api/search/suggest?q=th%00')).toMatchObject({
      status: 400,
      body: { detail: NUL_DETAIL('q') },
    })
  })

  it('refuses NUL in the query parameters of other routes too', async () => {
    for (const [path, init, name] of [
      ['/api/collections/public?limit=%00', {}, 'limit'],
      ['/api/user-content/liked-chunks?offset=0%00', send('GET', ada), 'offset'],
      ['/api/user-content/like?content_metadata_id=%00', send('DELETE', ada), 'content_metadata_id'],
      ['/admin-api/content-metadata?limit=1%00', send('GET', admin), 'limit'],
    ] as const) {
      const answer = await call(path, init)
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 400,
        body: { detail: NUL_DETAIL(name) },
      })
    }
  })

  it('refuses NUL anywhere in a JSON body, naming the field, and stores nothing', async () => {
    const cases: [string, string, RequestInit, string][] = [
      ['collection name', '/api/collections', send('POST', ada, { name: 'a\u0000b' }), 'name'],
      [
        'collection description',
        `/api/collections/${collectionId}`,
        send('PUT', ada, { description: '\u0000' }),
        'description',
      ],
      [
        'collection tag',
        '/api/collections',
        send('POST', ada, { name: 'ok', tags: ['x', 'y\u0000'] }),
        'tags.1',
      ],
      [
        'collection member (wrapped)',
        `/api/collections/${collectionId}/members`,
        send('POST', ada, { members: { '1': 'hello', '2': 'wor\u0000ld' } }),
        'members.2',
      ],
      [
        'profile first name',
        '/api/auth/profile',
        send('PUT', ada, { first_name: 'A\u0000', last_name: 'L' }),
        'first_name',
      ],
      [
        'profile last name',
        '/api/auth/profile',
        send('PUT', ada, { first_name: 'A', last_name: '\u0000' }),
        'last_name',
      ],
      ['a field name', '/api/collections', send('POST', ada, { 'na\u0000me': 'x' }), 'Field names'],
      ['the whole body', '/api/collections', send('POST', ada, '"\\u0000"'), 'Request body'],
    ]
    for (const [what, path, init, name] of cases) {
      const answer = await call(path, init)
      expect({ what, status: answer.status, body: answer.body }).toEqual({
        what,
        status: 400,
        body: { detail: NUL_DETAIL(name) },
      })
    }
    const me = await call('/api/auth/me', send('GET', ada))
    expect(me.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' })
    const mine = await call('/api/collections/my', send('GET', ada))
    expect((mine.body as unknown as { name: string }[]).map((c) => c.name)).toEqual(['Phrases'])
    // deep nesting (a 64 KB body holds 30,000 levels) is walked without running out of stack
    const deep = `{"name":${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}}`
    const nested = await call('/api/collections', send('POST', ada, deep))
    expect(nested.status).toBe(400)
    expect(nested.body.detail).toMatch(/^name\.0\.0\..*must not contain NUL characters$/)
    // a backslash followed by "u0000" is plain text, not NUL
    const literal = await call('/api/collections', send('POST', ada, { name: '\\u0000 is six characters' }))
    expect(literal.status).toBe(201)
    expect(literal.body.name).toBe('\\u0000 is six characters')
  })

  it('refuses NUL in sign-in, register and admin sign-in fields', async () => {
    for (const [path, body, name] of [
      [
        '/api/auth/login',
        { email: 'ada\u0000@example.org', password: 'whatever1', recaptcha_token: 't' },
        'email',
      ],
      [
        '/api/auth/login',
        { email: 'ada@example.org', password: 'p\u0000ssword', recaptcha_token: 't' },
        'password',
      ],
      [
        '/api/auth/register',
        {
          email: 'nul@example.org',
          password: 'a-password',
          first_name: 'N\u0000',
          last_name: 'U',
          recaptcha_token: 't',
        },
        'first_name',
      ],
      ['/auth/verify-email', { email: 'nul\u0000@example.org', verification_code: '12345678' }, 'email'],
      ['/auth/resend-verification', { email: 'nul\u0000@example.org', recaptcha_token: 't' }, 'email'],
      ['/admin-api/login', { username: 'root\u0000', password: 'x', recaptcha_token: 't' }, 'username'],
    ] as const) {
      const answer = await post(path, JSON.stringify(body))
      expect({ path, name, status: answer.status, body: answer.body }).toEqual({
        path,
        name,
        status: 400,
        body: { detail: NUL_DETAIL(name) },
      })
    }
    const { rows } = await app().db.query<{ n: number }>(
      `select count(*)::int as n from users where email like 'nul%'`,
    )
    expect(rows[0]!.n).toBe(0)
  })
})
