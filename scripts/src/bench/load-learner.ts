/**
 * The learners of `pnpm bench load`: closed-loop HTTP clients, each signed in as its own account, that browse,
 * search, play, sign in, like and save, log plays and edit collections, and check that every answer is the one
 * they asked for: their own email, their own collections, their own like and save states, the clip and the
 * phrase they asked for. What they see goes to a `Recorder`.
 */
import http from 'node:http'
import { tokenize } from '@phrasereel/api/scripts'

/** Why a request or an answer counts as a failure. */
export type Failure =
  | '5xx'
  | 'timeout'
  | 'network'
  | 'bad status'
  | 'wrong user'
  | 'wrong answer'
  | 'lost write'

export const FAILURES: Failure[] = [
  '5xx',
  'timeout',
  'network',
  'bad status',
  'wrong user',
  'wrong answer',
  'lost write',
]

/** What the demo corpus holds, read once before the run. */
export interface Corpus {
  chunks: { id: number; contentId: number }[]
  contentIds: number[]
  /** Two- and three-word phrases of the transcripts; each has at least one hit. */
  phrases: string[]
}

/** A learner account made before the run, with a session of its own. */
export interface Account {
  userId: number
  email: string
  password: string
  firstName: string
  lastName: string
  token: string
}

/** Latencies per request label, and failures by kind with the first few messages of each. */
export class Recorder {
  readonly latencies = new Map<string, number[]>()
  readonly failures = new Map<Failure, number>(FAILURES.map((kind) => [kind, 0]))
  readonly samples = new Map<Failure, string[]>()
  requests = 0

  /** One request's latency; `label` is `kind<TAB>request`. */
  record(label: string, ms: number): void {
    this.requests++
    let list = this.latencies.get(label)
    if (!list) {
      list = []
      this.latencies.set(label, list)
    }
    list.push(ms)
  }

  fail(kind: Failure, message: string): void {
    this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1)
    const samples = this.samples.get(kind) ?? []
    if (samples.length < 5) samples.push(message)
    this.samples.set(kind, samples)
  }

  get failed(): number {
    let total = 0
    for (const count of this.failures.values()) total += count
    return total
  }
}

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A request that got no complete answer in time. */
class RequestTimeout extends Error {
  override name = 'RequestTimeout'
}

/** One HTTP request on the learner's own keep-alive connection. */
function send(
  agent: http.Agent,
  origin: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: origin.hostname, port: origin.port, method, path, headers, agent },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          clearTimeout(timer)
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          })
        })
        response.on('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
      },
    )
    // a request the server never answers (or answers halfway) must not stall the learner: drop the connection
    const timer = setTimeout(
      () => request.destroy(new RequestTimeout(`no answer in ${timeoutMs} ms`)),
      timeoutMs,
    )
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.end(body)
  })
}

type Action = 'browse' | 'search' | 'play' | 'me' | 'mark' | 'collection' | 'sign-in'

/**
 * How often each action comes up. Sign-in is rare: each one is a scrypt hash (about 0.35 s of CPU), as on a
 * real site where learners stay signed in.
 */
const ACTION_WEIGHTS: [Action, number][] = [
  ['browse', 25],
  ['search', 25],
  ['play', 20],
  ['me', 8],
  ['mark', 12],
  ['collection', 9],
  ['sign-in', 1],
]
const WEIGHT_TOTAL = ACTION_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)

/** The kinds of action, in the order the report lists them. */
export const ACTIONS: readonly string[] = ACTION_WEIGHTS.map(([action]) => action)

/** At most this many of a learner's collections live at once; the oldest is deleted to make room. */
const KEEP_COLLECTIONS = 3

interface CallOptions {
  body?: unknown
  headers?: Record<string, string>
  /** Statuses that are a right answer (default 200). */
  expect?: number[]
  /** The learner's session token on the request (default: yes, as `Authorization: Bearer`). */
  auth?: boolean
}

/** One learner: an account, a session, a connection, and what it expects the server to hold for it. */
export class Learner {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  private readonly origin: URL
  private readonly address: string
  private signIns = 0
  private collectionCount = 0
  /** Like and save states this learner set, per content item; absent when a failed write left it unknown. */
  private readonly liked = new Map<number, boolean>()
  private readonly saved = new Map<number, boolean>()
  /** Its collections, oldest first, with the members it last wrote. */
  private readonly collections: { id: number; members: Record<string, string> | null }[] = []
  /** A write whose outcome is unknown (no answer): the collections it holds can no longer be checked exactly. */
  private collectionsUncertain = false
  /** The action under way: requests are recorded per action kind and request. */
  private kind: Action | 'read-back' = 'browse'

  readonly index: number
  private account: Account
  private readonly corpus: Corpus
  private recorder: Recorder
  private readonly random: () => number
  private readonly timeoutMs: number

  constructor(options: {
    index: number
    account: Account
    origin: string
    corpus: Corpus
    recorder: Recorder
    random: () => number
    timeoutMs: number
  }) {
    this.index = options.index
    this.account = options.account
    this.origin = new URL(options.origin)
    this.corpus = options.corpus
    this.recorder = options.recorder
    this.random = options.random
    this.timeoutMs = options.timeoutMs
    this.address = forwardedAddress(options.index, 4095)
  }

  /** Runs actions back to back until `until` (performance.now() time); the last one finishes. */
  async run(until: number): Promise<void> {
    while (performance.now() < until) await this.act(this.pickAction())
  }

  /** Every action once, outside the measurement (warms the server's code paths). */
  async warmUp(): Promise<void> {
    for (const [action] of ACTION_WEIGHTS) await this.act(action)
  }

  /** Records from now on into `recorder`. */
  useRecorder(recorder: Recorder): void {
    this.recorder = recorder
  }

  /** Reads back everything this learner wrote: its collections and its like and save states. */
  async verify(): Promise<void> {
    this.kind = 'read-back'
    const mine = await this.call('final check', 'GET', '/api/collections/my?limit=100')
    if (mine) {
      const list = parseJson<{ id: number; is_owner: boolean }[]>(mine.body) ?? []
      const ids = new Set(list.map((collection) => collection.id))
      for (const collection of this.collections) {
        if (!ids.has(collection.id))
          this.recorder.fail('lost write', `${this.account.email}: collection ${collection.id} is gone`)
      }
      const known = new Set(this.collections.map((collection) => collection.id))
      const foreign = list.filter((collection) => !collection.is_owner)
      if (foreign.length > 0) {
        this.recorder.fail(
          'wrong user',
          `${this.account.email}: collections/my lists others' ${foreign.map((c) => c.id).join(',')}`,
        )
      } else if (!this.collectionsUncertain && list.some((collection) => !known.has(collection.id))) {
        this.recorder.fail(
          'wrong user',
          `${this.account.email}: collections/my lists ${[...ids].join(',')}, created ${[...known].join(',')}`,
        )
      }
    }
    for (const contentId of new Set([...this.liked.keys(), ...this.saved.keys()])) {
      await this.checkStatus(contentId, 'final check')
    }
  }

  close(): void {
    this.agent.destroy()
  }

  private pickAction(): Action {
    let roll = this.random() * WEIGHT_TOTAL
    for (const [action, weight] of ACTION_WEIGHTS) {
      roll -= weight
      if (roll < 0) return action
    }
    return 'browse'
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(this.random() * list.length)]!
  }

  private async act(action: Action): Promise<void> {
    this.kind = action
    switch (action) {
      case 'browse':
        return this.browse()
      case 'search':
        return this.search()
      case 'play':
        return this.play()
      case 'me':
        return this.checkMe(this.account.token, 'GET /api/auth/me')
      case 'mark':
        return this.mark()
      case 'collection':
        return this.editCollection()
      case 'sign-in':
        return this.signIn()
    }
  }

  /**
   * One request, timed and recorded under `label`; null (and a recorded failure) when it fails or its status is
   * not one of `options.expect`.
   */
  private async call(
    label: string,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<Reply | null> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, ...options.headers }
    if (options.auth !== false && !headers.authorization && !headers.cookie) {
      headers.authorization = `Bearer ${this.account.token}`
    }
    let body: string | undefined
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
      headers['content-length'] = String(Buffer.byteLength(body))
    }
    const started = performance.now()
    let reply: Reply
    try {
      reply = await send(this.agent, this.origin, method, path, headers, body, this.timeoutMs)
    } catch (error) {
      this.recorder.record(`${this.kind}\t${label}`, performance.now() - started)
      const timedOut = error instanceof RequestTimeout
      this.recorder.fail(timedOut ? 'timeout' : 'network', `${method} ${path}: ${(error as Error).message}`)
      return null
    }
    this.recorder.record(`${this.kind}\t${label}`, performance.now() - started)
    if (reply.status >= 500) {
      this.recorder.fail('5xx', `${method} ${path}: ${reply.status} ${reply.body.slice(0, 200)}`)
      return null
    }
    if (!(options.expect ?? [200]).includes(reply.status)) {
      this.recorder.fail(
        'bad status',
        `${method} ${path} as ${this.account.email}: ${reply.status} ${reply.body.slice(0, 200)}`,
      )
      return null
    }
    return reply
  }

  private wrong(kind: 'wrong user' | 'wrong answer', message: string): void {
    this.recorder.fail(kind, `${this.account.email}: ${message}`)
  }

  /** Home page, a random feed, one clip of it. */
  private async browse(): Promise<void> {
    const home = await this.call('GET / (home page)', 'GET', '/', {
      headers: { cookie: `auth_token=${this.account.token}`, accept: 'text/html' },
    })
    if (home && !String(home.headers['content-type']).startsWith('text/html'))
      this.wrong('wrong answer', `home page answered ${home.headers['content-type']}`)
    const feed = await this.call('GET /api/content/random-chunks', 'GET', '/api/content/random-chunks')
    const chunks = feed ? parseJson<{ id: number }[]>(feed.body) : null
    if (feed && (!Array.isArray(chunks) || chunks.length === 0)) {
      this.wrong('wrong answer', `random-chunks answered ${feed.body.slice(0, 100)}`)
      return
    }
    const id = chunks ? this.pick(chunks).id : this.pick(this.corpus.chunks).id
    await this.fetchChunk(id)
  }

  /** `GET /api/content/chunk/{id}`, checked to be that clip. */
  private async fetchChunk(
    id: number,
  ): Promise<{ id: number; play_s3_url: string; segment_s3_url: string | null } | null> {
    const reply = await this.call('GET /api/content/chunk/{id}', 'GET', `/api/content/chunk/${id}`)
    if (!reply) return null
    const chunk = parseJson<{ id: number; play_s3_url: string; segment_s3_url: string | null }>(reply.body)
    if (chunk?.id !== id) {
      this.wrong('wrong answer', `chunk/${id} answered ${reply.body.slice(0, 100)}`)
      return null
    }
    return chunk
  }

  /** A phrase search; every hit must hold the phrase. */
  private async search(): Promise<void> {
    const phrase = this.pick(this.corpus.phrases)
    const reply = await this.call(
      'GET /api/search/?q={phrase}',
      'GET',
      `/api/search/?q=${encodeURIComponent(phrase)}&limit=10`,
    )
    if (!reply) return
    const hits = parseJson<{ transcribed_text: string }[]>(reply.body)
    // words as search matches them (spec §5 normalisation), the same function the server uses
    const wanted = ` ${tokenize(phrase).join(' ')} `
    if (!Array.isArray(hits) || hits.length === 0) {
      this.wrong('wrong answer', `search '${phrase}' answered ${reply.body.slice(0, 100)}`)
      return
    }
    const stranger = hits.find((hit) => !` ${tokenize(hit.transcribed_text).join(' ')} `.includes(wanted))
    if (stranger) this.wrong('wrong answer', `search '${phrase}' answered '${stranger.transcribed_text}'`)
  }

  /** The play page, the clip, its subtitles, the first 64 KB of its video, and the play log. */
  private async play(): Promise<void> {
    const { id, contentId } = this.pick(this.corpus.chunks)
    const page = await this.call('GET /play/{id} (page)', 'GET', `/play/${id}`, {
      headers: { cookie: `auth_token=${this.account.token}`, accept: 'text/html' },
    })
    if (page && !String(page.headers['content-type']).startsWith('text/html'))
      this.wrong('wrong answer', `/play/${id} answered ${page.headers['content-type']}`)
    const chunk = await this.fetchChunk(id)
    if (chunk?.segment_s3_url) {
      const segments = await this.call(
        'GET segment JSON',
        'GET',
        new URL(chunk.segment_s3_url, this.origin).pathname,
        {
          auth: false,
        },
      )
      if (segments && !Array.isArray(parseJson<{ segments: unknown }>(segments.body)?.segments))
        this.wrong('wrong answer', `${chunk.segment_s3_url} answered ${segments.body.slice(0, 100)}`)
    }
    if (chunk) {
      const media = await this.call(
        'GET media (Range)',
        'GET',
        new URL(chunk.play_s3_url, this.origin).pathname,
        {
          headers: { range: 'bytes=0-65535' },
          auth: false,
          expect: [206],
        },
      )
      if (media && !/^bytes 0-\d+\/\d+$/.test(String(media.headers['content-range'])))
        this.wrong(
          'wrong answer',
          `${chunk.play_s3_url} answered content-range ${media.headers['content-range']}`,
        )
    }
    const logged = await this.call('POST /api/user-content/play', 'POST', '/api/user-content/play', {
      body: { content_chunk_id: id, content_metadata_id: contentId },
    })
    if (logged) {
      const answer = parseJson<{ content_chunk_id: number; content_metadata_id: number }>(logged.body)
      if (answer?.content_chunk_id !== id || answer.content_metadata_id !== contentId)
        this.wrong('wrong answer', `play log of ${id} answered ${logged.body.slice(0, 100)}`)
    }
  }

  /** `GET /api/auth/me` with `token`: must be this learner. */
  private async checkMe(token: string, label: string): Promise<void> {
    const reply = await this.call(label, 'GET', '/api/auth/me', {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!reply) return
    const user = parseJson<{ id: number; email: string }>(reply.body)
    if (user?.email !== this.account.email || user.id !== this.account.userId)
      this.wrong('wrong user', `auth/me answered ${user?.email} (${user?.id})`)
  }

  /** Toggles a like or a save on a content item; the answer and the status read after must be this learner's. */
  private async mark(): Promise<void> {
    const contentId = this.pick(this.corpus.contentIds)
    const kind = this.random() < 0.5 ? 'like' : 'save'
    const states = kind === 'like' ? this.liked : this.saved
    const next = !(states.get(contentId) ?? false)
    states.delete(contentId) // unknown until the answer says it happened
    const reply = await this.call(
      `${next ? 'POST' : 'DELETE'} /api/user-content/${kind}`,
      next ? 'POST' : 'DELETE',
      `/api/user-content/${kind}`,
      { body: { content_metadata_id: contentId } },
    )
    if (!reply) return
    states.set(contentId, next)
    this.compareStatus(contentId, reply.body, `${kind} ${next ? 'on' : 'off'}`)
    await this.checkStatus(contentId, 'GET /api/user-content/status/{id}')
  }

  private async checkStatus(contentId: number, label: string): Promise<void> {
    const reply = await this.call(label, 'GET', `/api/user-content/status/${contentId}`)
    if (reply) this.compareStatus(contentId, reply.body, 'status')
  }

  private compareStatus(contentId: number, body: string, what: string): void {
    const status = parseJson<{ is_liked: boolean; is_saved: boolean }>(body)
    const liked = this.liked.get(contentId)
    const saved = this.saved.get(contentId)
    if (
      (liked !== undefined && status?.is_liked !== liked) ||
      (saved !== undefined && status?.is_saved !== saved)
    ) {
      this.wrong(
        'wrong user',
        `${what} of content ${contentId} answered ${body.slice(0, 80)}, expected liked ${liked} saved ${saved}`,
      )
    }
  }

  /** Creates a collection, renames it, rewrites its members and reads it back; deletes the oldest beyond three. */
  private async editCollection(): Promise<void> {
    const creator = `${this.account.firstName} ${this.account.lastName}`
    if (this.collections.length >= KEEP_COLLECTIONS) {
      const oldest = this.collections.shift()!
      const deleted = await this.call(
        'DELETE /api/collections/{id}',
        'DELETE',
        `/api/collections/${oldest.id}`,
      )
      if (!deleted) this.collectionsUncertain = true
    }
    const n = ++this.collectionCount
    const created = await this.call('POST /api/collections/', 'POST', '/api/collections/', {
      body: { name: `Bench ${this.index}.${n}`, description: 'load bench', public: n % 2 === 0 },
      expect: [201],
    })
    if (!created) {
      this.collectionsUncertain = true
      return
    }
    const collection = parseJson<{ id: number; is_owner: boolean; creator_name: string; name: string }>(
      created.body,
    )
    if (!collection?.is_owner || collection.creator_name !== creator) {
      this.wrong('wrong user', `created collection answered ${created.body.slice(0, 120)}`)
      this.collectionsUncertain = true
      return
    }
    const entry = { id: collection.id, members: null as Record<string, string> | null }
    this.collections.push(entry)
    const name = `Bench ${this.index}.${n} renamed`
    const edited = await this.call('PUT /api/collections/{id}', 'PUT', `/api/collections/${collection.id}`, {
      body: { name, description: 'load bench, edited', public: n % 2 === 0 },
    })
    const afterEdit = edited ? parseJson<{ is_owner: boolean; name: string; id: number }>(edited.body) : null
    if (edited && (afterEdit?.id !== collection.id || !afterEdit.is_owner || afterEdit.name !== name))
      this.wrong('wrong user', `edited collection ${collection.id} answered ${edited.body.slice(0, 120)}`)
    const members = Object.fromEntries(
      [
        ...new Set([
          this.pick(this.corpus.phrases),
          this.pick(this.corpus.phrases),
          this.pick(this.corpus.phrases),
        ]),
      ].map((phrase, i) => [String(i + 1), phrase]),
    )
    const rewritten = await this.call(
      'POST /api/collections/{id}/members',
      'POST',
      `/api/collections/${collection.id}/members`,
      { body: members },
    )
    if (rewritten) {
      entry.members = members
      this.compareMembers(collection.id, rewritten.body, members, 'members rewrite')
    }
    const read = await this.call(
      'GET /api/collections/{id}/members',
      'GET',
      `/api/collections/${collection.id}/members`,
    )
    if (read) {
      const answer = parseJson<{ is_owner: boolean; creator_name: string }>(read.body)
      if (!answer?.is_owner || answer.creator_name !== creator)
        this.wrong('wrong user', `collection ${collection.id} read back as ${read.body.slice(0, 120)}`)
      else if (entry.members) this.compareMembers(collection.id, read.body, entry.members, 'read back')
    }
  }

  private compareMembers(id: number, body: string, members: Record<string, string>, what: string): void {
    const answer = parseJson<{ members: Record<string, string> }>(body)
    if (JSON.stringify(answer?.members) !== JSON.stringify(members))
      this.wrong(
        'wrong answer',
        `${what} of collection ${id}: ${JSON.stringify(answer?.members)} for ${JSON.stringify(members)}`,
      )
  }

  /**
   * Signs in again with email and password, checks the new session, and signs the old one out. Each sign-in
   * comes from an address of its own (as the proxy reports it): the per-address limit (50 in 15 minutes) is not
   * what this measures, and a learner on a long run would otherwise trip it.
   */
  private async signIn(): Promise<void> {
    const signedIn = await this.call('POST /api/auth/login', 'POST', '/api/auth/login', {
      body: { email: this.account.email, password: this.account.password, recaptcha_token: 'bench' },
      headers: { 'x-forwarded-for': forwardedAddress(this.index, this.signIns++ % 4095) },
      auth: false,
    })
    if (!signedIn) return
    const answer = parseJson<{ access_token: string; user: { id: number; email: string } }>(signedIn.body)
    if (
      answer?.user?.email !== this.account.email ||
      answer.user.id !== this.account.userId ||
      !answer.access_token
    ) {
      this.wrong('wrong user', `sign-in answered ${answer?.user?.email} (${answer?.user?.id})`)
      return
    }
    const old = this.account.token
    this.account = { ...this.account, token: answer.access_token }
    await this.checkMe(answer.access_token, 'GET /api/auth/me')
    await this.call('POST /api/auth/logout (old session)', 'POST', '/api/auth/logout', {
      headers: { authorization: `Bearer ${old}` },
    })
    await this.call('GET /api/auth/me (signed out: 401)', 'GET', '/api/auth/me', {
      headers: { authorization: `Bearer ${old}` },
      expect: [401],
    })
  }
}

/** A distinct private address per learner (and per sign-in), as the proxy would report it in X-Forwarded-For. */
function forwardedAddress(learner: number, slot: number): string {
  const n = (learner % 4096) * 4096 + slot
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

/** Percentile of an ascending list (nearest rank), NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Closed-loop GET `path` from `clients` connections until `until`: the baseline run, timed the same way. */
export async function hammer(
  origin: string,
  path: string,
  clients: number,
  until: number,
): Promise<number[]> {
  const url = new URL(origin)
  const latencies: number[] = []
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      while (performance.now() < until) {
        const started = performance.now()
        await send(agent, url, 'GET', path, {}, undefined, 10_000)
        latencies.push(performance.now() - started)
      }
      agent.destroy()
    }),
  )
  return latencies
}
