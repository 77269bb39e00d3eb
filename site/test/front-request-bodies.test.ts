/**
 * No request body, of any size or shape, may end the process (issue 13, part 2). Every route that reads a JSON
 * body gets a 2 MB body sent chunked (no Content-Length) through a real node:http front, as a signed-in learner
 * or admin where the route needs one; each answers 413 `{detail}` and the server keeps answering. Then the other
 * shapes: a declared length over the limit, a declared length that lies either way, a body cut off midway, a
 * slow partial body then a close, and many oversized bodies at once.
 */
import http from 'node:http'
import net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { captureLogs } from '../../api/test/auth-support.ts'
import { databaseKinds } from '../../api/test/harness.ts'
import { type Caller, anonymous, createAdmin, createUser } from '../../api/test/user-content-support.ts'
import type { Front } from '../server/front.ts'
import { type StubFront, startStubFront } from './stub-front.ts'

const TWO_MB = 2 * 1024 * 1024
// Large writes: the server then holds several pieces of the body at once, the case that used to end the process.
const PIECE = 1024 * 1024

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/**
 * Sends `body` in pieces of `PIECE` bytes (chunked transfer encoding unless a Content-Length is given; Node's
 * client would send a DELETE body unframed otherwise) and resolves
 * with the answer. The server may close the connection while the client is still writing; that is expected once
 * the answer has come, so write errors after it are ignored.
 */
function sendBody(
  url: string,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<Answer> {
  const { port } = new URL(url)
  return new Promise<Answer>((resolve, reject) => {
    let answered = false
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        agent: false,
        headers: {
          'content-type': 'application/json',
          ...('content-length' in headers ? {} : { 'transfer-encoding': 'chunked' }),
          ...headers,
        },
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', () => {})
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    let offset = 0
    const writeMore = () => {
      while (offset < body.length && !req.destroyed) {
        const piece = body.subarray(offset, offset + PIECE)
        offset += piece.length
        if (!req.write(piece)) {
          req.once('drain', writeMore)
          return
        }
      }
      if (!req.destroyed) req.end()
    }
    writeMore()
  })
}

/** Writes raw bytes on a fresh socket, optionally waits, then closes it; resolves with whatever came back. */
function rawExchange(url: string, parts: (string | Buffer | number)[]): Promise<string> {
  const { port } = new URL(url)
  return new Promise<string>((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')))
    socket.once('connect', async () => {
      for (const part of parts) {
        if (socket.destroyed) break
        if (typeof part === 'number') await new Promise((done) => setTimeout(done, part))
        else socket.write(part)
      }
      socket.destroy()
    })
  })
}

async function health(url: string): Promise<number> {
  const response = await fetch(`${url}/api/health`)
  await response.arrayBuffer()
  return response.status
}

/** An oversized JSON body: it starts like a real one and never ends within the limit. */
function oversizedJson(field: string, bytes: number): Buffer {
  const head = `{"${field}":"`
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes - head.length, 'a')])
}

/** Every route whose handler calls `readJson` (grep readJson api/src), with the caller it needs. */
const ROUTES: { method: string; path: string; caller: 'anonymous' | 'user' | 'admin'; field: string }[] = [
  { method: 'POST', path: '/api/auth/register', caller: 'anonymous', field: 'email' },
  { method: 'POST', path: '/api/auth/login', caller: 'anonymous', field: 'email' },
  { method: 'POST', path: '/auth/verify-email', caller: 'anonymous', field: 'email' },
  { method: 'POST', path: '/auth/resend-verification', caller: 'anonymous', field: 'email' },
  { method: 'POST', path: '/api/auth/oauth/google', caller: 'anonymous', field: 'id_token' },
  { method: 'POST', path: '/api/auth/oauth/apple', caller: 'anonymous', field: 'id_token' },
  { method: 'POST', path: '/admin-api/login', caller: 'anonymous', field: 'username' },
  { method: 'PUT', path: '/api/auth/profile', caller: 'user', field: 'first_name' },
  { method: 'POST', path: '/api/auth/change-password', caller: 'user', field: 'new_password' },
  { method: 'POST', path: '/api/user-content/like', caller: 'user', field: 'content_metadata_id' },
  { method: 'DELETE', path: '/api/user-content/like', caller: 'user', field: 'content_metadata_id' },
  { method: 'POST', path: '/api/user-content/save', caller: 'user', field: 'content_metadata_id' },
  { method: 'DELETE', path: '/api/user-content/save', caller: 'user', field: 'content_metadata_id' },
  { method: 'POST', path: '/api/user-content/play', caller: 'user', field: 'content_chunk_id' },
  { method: 'POST', path: '/api/collections', caller: 'user', field: 'name' },
  { method: 'PUT', path: '/api/collections/1', caller: 'user', field: 'name' },
  { method: 'POST', path: '/api/collections/1/members', caller: 'user', field: '1' },
  { method: 'PATCH', path: '/admin-api/content-chunks/1/enabled', caller: 'admin', field: 'enabled' },
]

/**
 * What would have ended a standalone server: an exception no code catches. Vitest keeps its worker alive and only
 * reports these at the end, so each test checks that none happened while it ran.
 */
const uncaught: unknown[] = []
const recordUncaught = (error: unknown) => uncaught.push(error)
beforeAll(() => {
  process.on('uncaughtException', recordUncaught)
  process.on('unhandledRejection', recordUncaught)
})
afterAll(() => {
  process.off('uncaughtException', recordUncaught)
  process.off('unhandledRejection', recordUncaught)
})
afterEach(async () => {
  // an error from a request's last pieces may surface a moment after its answer
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(uncaught.splice(0).map(String)).toEqual([])
})

for (const kind of databaseKinds()) {
  describe(`request bodies through the front never end the process [${kind}]`, () => {
    let stub: StubFront
    let front: Front
    const callers: Record<'anonymous' | 'user' | 'admin', Caller> = {
      anonymous,
      user: anonymous,
      admin: anonymous,
    }

    beforeAll(async () => {
      stub = await startStubFront(kind)
      front = stub.front
      callers.user = await createUser(stub.ctx.db)
      callers.admin = await createAdmin(stub.ctx.db)
    })

    afterAll(() => stub?.close())

    it.each(ROUTES)('$method $path: a chunked 2 MB body is a 413 and the server lives on', async (route) => {
      const answer = await sendBody(
        front.url,
        route.method,
        route.path,
        callers[route.caller].headers,
        oversizedJson(route.field, TWO_MB),
      )
      expect(answer.status).toBe(413)
      expect(answer.headers['content-type']).toMatch(/^application\/json/)
      expect(JSON.parse(answer.body)).toEqual({ detail: expect.stringMatching(/larger than 65536 bytes/) })
      // the rest of the body is not read: the connection ends with the answer
      expect(answer.headers.connection).toBe('close')
      expect(await health(front.url)).toBe(200)
    })

    it('the same route still works with a body within the limit, chunked', async () => {
      const answer = await sendBody(
        front.url,
        'PUT',
        '/api/auth/profile',
        callers.user.headers,
        Buffer.from(JSON.stringify({ first_name: 'Grace', last_name: 'Hopper' })),
      )
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body)).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' })
    })

    it('refuses a declared length over the limit without reading the body', async () => {
      const body = oversizedJson('first_name', TWO_MB)
      const answer = await sendBody(
        front.url,
        'PUT',
        '/api/auth/profile',
        { ...callers.user.headers, 'content-length': String(body.length) },
        body,
      )
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body)).toHaveProperty('detail')
      expect(await health(front.url)).toBe(200)
    })

    it('survives declared lengths that lie, bodies cut off midway and slow partial bodies', async () => {
      const auth = `authorization: ${callers.user.headers.authorization}\r\n`
      const head = (extra: string) =>
        `PUT /api/auth/profile HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${auth}${extra}\r\n`
      const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`
      const shapes: (string | Buffer | number)[][] = [
        // declares more than it sends, then goes away
        [head('content-length: 50000\r\n'), '{"first_name":"', 'a'.repeat(20_000)],
        // declares less than it sends: the rest is garbage where the next request should be
        [head('content-length: 20\r\n'), `{"first_name":"a"}  ${'x'.repeat(200_000)}`, 200],
        // chunked, cut off inside a chunk
        [head('transfer-encoding: chunked\r\n'), chunk('{"first_name":"'), '8000\r\naaaa'],
        // chunked and slow: a few bytes now and then, then a close before the end
        [head('transfer-encoding: chunked\r\n'), chunk('{"first'), 150, chunk('_name'), 150, chunk('":"a')],
        // chunked, far over the limit, then cut off without reading the answer
        [head('transfer-encoding: chunked\r\n'), chunk('a'.repeat(60_000)), chunk('a'.repeat(60_000))],
        // a chunk size that cannot be right
        [head('transfer-encoding: chunked\r\n'), 'fffffffffffffffffff\r\n', 100],
      ]
      const logs = captureLogs()
      try {
        for (const parts of shapes) {
          await rawExchange(front.url, parts)
          expect(await health(front.url)).toBe(200)
        }
      } finally {
        logs.stop()
      }
      // a body cut off midway is the client's doing, not an error of the server's (no 500, nothing logged)
      expect(logs.text()).not.toMatch(/"level":"error"/)
    })

    it('answers many oversized chunked bodies at once and lives on', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          sendBody(
            front.url,
            'POST',
            '/api/collections',
            callers.user.headers,
            oversizedJson('name', TWO_MB),
          ),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(413))
      expect(await health(front.url)).toBe(200)
    })
  })
}
