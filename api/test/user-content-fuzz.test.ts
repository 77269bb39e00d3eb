/**
 * Whatever a client sends to the user-content, collections and admin-content endpoints, the answer is never a 5xx:
 * a seeded generator throws odd JSON bodies and path ids at every writing endpoint.
 */
import { beforeAll, expect, it } from 'vitest'
import { seedContent } from './fixtures.ts'
import { describeEachDatabase } from './harness.ts'
import { type Caller, createAdmin, createUser, send } from './user-content-support.ts'

/** mulberry32: a tiny seeded PRNG, so a failure names a body that can be replayed. */
function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '1',
  '-1',
  '0',
  '1e400',
  '９',
  '\ud800',
  '🎬'.repeat(120),
  'x'.repeat(300),
  '__proto__',
]
const ODD_NUMBERS = [0, -1, 1, 1.5, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER]
const KEYS = [
  'content_metadata_id',
  'content_chunk_id',
  'name',
  'description',
  'public',
  'is_public',
  'tags',
  'members',
  'enabled',
  '1',
  '2',
  '3',
  '__proto__',
  'constructor',
]

function oddValue(random: () => number, depth: number, knownIds: number[]): unknown {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!
  switch (Math.floor(random() * (depth > 2 ? 6 : 8))) {
    case 0:
      return pick(ODD_STRINGS)
    case 1:
      return pick(ODD_NUMBERS)
    case 2:
      return pick(knownIds)
    case 3:
      return random() < 0.5
    case 4:
      return null
    case 5:
      return `phrase ${Math.floor(random() * 5)}`
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => oddValue(random, depth + 1, knownIds))
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [
          pick(KEYS),
          oddValue(random, depth + 1, knownIds),
        ]),
      )
  }
}

describeEachDatabase('odd input never gives a 5xx', (app) => {
  let user: Caller
  let admin: Caller
  let ids: number[] = []

  beforeAll(async () => {
    const [film] = await seedContent(app().db, [
      { name: 'Fuzz', chunks: [{ text: 'a b c' }, { text: 'd e f' }] },
    ])
    user = await createUser(app().db)
    admin = await createAdmin(app().db)
    const made = await app().fetchJson<{ id: number }>(
      '/api/collections/',
      send('POST', user, { name: 'Fuzzed' }),
    )
    ids = [film!.contentId, ...film!.chunkIds, made.body.id]
  })

  it('answers 1600 mutated bodies and ids with a 2xx or a 4xx { detail }', async () => {
    const random = prng(20_261_122)
    const pathIds = () => {
      const choices = [
        String(ids[Math.floor(random() * ids.length)]),
        '0',
        '-1',
        'abc',
        '1e3',
        '99999999999999999999',
        '%00',
        '%F0',
      ]
      return choices[Math.floor(random() * choices.length)]!
    }
    const [contentId, chunkId] = ids as [number, number]
    const collection = { name: 'x', description: 'd', public: true, tags: ['a'] }
    // a valid body per endpoint, so one mutated field gets past the others' checks
    const endpoints: [string, () => string, Caller, Record<string, unknown>][] = [
      ['POST', () => '/api/user-content/like', user, { content_metadata_id: contentId }],
      ['DELETE', () => '/api/user-content/save', user, { content_metadata_id: contentId }],
      [
        'POST',
        () => '/api/user-content/play',
        user,
        { content_chunk_id: chunkId, content_metadata_id: contentId },
      ],
      ['POST', () => '/api/collections/', user, collection],
      ['PUT', () => `/api/collections/${pathIds()}`, user, collection],
      ['POST', () => `/api/collections/${pathIds()}/members`, user, { '1': 'a', '2': 'b' }],
      ['POST', () => `/api/collections/${pathIds()}/like`, user, {}],
      ['PATCH', () => `/admin-api/content-chunks/${pathIds()}/enabled`, admin, { enabled: true }],
    ]
    const mutate = (template: Record<string, unknown>): unknown => {
      if (random() < 0.15) return oddValue(random, 0, ids)
      const body: Record<string, unknown> = { ...template }
      const keys = Object.keys(body)
      const roll = random()
      if (roll < 0.7 && keys.length > 0) {
        // half the time an odd value of the field's own type, which gets further than a wrong type
        const key = keys[Math.floor(random() * keys.length)]!
        const own = typeof body[key]
        const sameType: unknown[] | null =
          own === 'string'
            ? ODD_STRINGS
            : own === 'number'
              ? ODD_NUMBERS
              : own === 'boolean'
                ? [true, false]
                : null
        body[key] =
          sameType && random() < 0.5
            ? sameType[Math.floor(random() * sameType.length)]
            : oddValue(random, 1, ids)
      } else if (roll < 0.85) body[KEYS[Math.floor(random() * KEYS.length)]!] = oddValue(random, 1, ids)
      else if (keys.length > 0) delete body[keys[Math.floor(random() * keys.length)]!]
      return body
    }
    const failures: string[] = []
    for (let i = 0; i < 1600; i++) {
      const [method, path, caller, template] = endpoints[i % endpoints.length]!
      const target = path()
      const body = mutate(template)
      const raw = random() < 0.05 ? JSON.stringify(body).slice(0, -1) : JSON.stringify(body)
      const response = await app().fetch(target, send(method, caller, raw))
      const text = await response.text()
      const detailOk =
        response.status < 400 || typeof (JSON.parse(text) as { detail?: unknown }).detail === 'string'
      if (response.status >= 500 || !detailOk)
        failures.push(`${method} ${target} ${raw} -> ${response.status} ${text}`)
    }
    expect(failures).toEqual([])
  }, 240_000)
})
