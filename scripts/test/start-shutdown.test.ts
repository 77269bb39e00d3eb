/**
 * `pnpm start` stops gracefully on SIGTERM (issue 13, part 5): the real app runs as a child process; requests that
 * are in flight when the signal comes (held open by sending their bodies in two halves, the second after the
 * signal) each get their whole answer, an idle keep-alive connection is closed at once, new connections are
 * refused, and the process closes its database and exits 0.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, databaseKinds } from '../../api/test/harness.ts'
import { ROOT, buildIfNeeded } from '../src/build-if-needed.ts'
import { isProcessAlive } from '@phrasereel/api/scripts'

// a loaded 2-core machine may need minutes for the build, the embedded database's first start and the demo seed
const START_TIMEOUT_MS = 400_000

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Parses one HTTP/1.1 answer with a Content-Length; null while it is incomplete. */
function parseAnswer(data: Buffer): RawAnswer | null {
  const end = data.indexOf('\r\n\r\n')
  if (end === -1) return null
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const length = Number(headers['content-length'] ?? Number.NaN)
  const body = data.subarray(end + 4)
  if (!(body.length >= length)) return null
  return {
    status: Number(statusLine?.split(' ')[1]),
    headers,
    body: body.subarray(0, length).toString('utf8'),
  }
}

/** Resolves when `predicate` holds for what `socket` received so far, or rejects after `ms`. */
function waitForData(
  socket: net.Socket,
  received: () => Buffer,
  predicate: (data: Buffer) => boolean,
  ms = 60_000,
) {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!predicate(received())) return
      clearTimeout(timer)
      socket.off('data', check)
      resolve()
    }
    const timer = setTimeout(() => {
      socket.off('data', check)
      reject(new Error(`timed out; received so far: ${received().toString('latin1').slice(0, 200)}`))
    }, ms)
    socket.on('data', check)
    check()
  })
}

/** A socket that keeps everything it receives and says when it closed. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let data = Buffer.alloc(0)
  socket.on('data', (chunk: Buffer) => {
    data = Buffer.concat([data, chunk])
  })
  socket.on('error', () => {})
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())))
  return { socket, received: () => data, closed }
}

/**
 * A POST whose headers and first half of body are sent now; the server has taken it up (it answered
 * `100 Continue`) before this resolves. `finish()` sends the rest and resolves with the whole answer, read until
 * the server closes the connection.
 */
async function startSlowPost(port: number, pathname: string, payload: unknown) {
  const body = Buffer.from(JSON.stringify(payload))
  const half = Math.floor(body.length / 2)
  const { socket, received, closed } = connect(port)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
      `content-length: ${body.length}\r\nexpect: 100-continue\r\n\r\n`,
  )
  await waitForData(socket, received, (data) => data.includes('100 Continue\r\n\r\n'))
  socket.write(body.subarray(0, half))
  return {
    closed,
    async finish(): Promise<RawAnswer | null> {
      socket.write(body.subarray(half))
      await closed
      const data = received()
      return parseAnswer(data.subarray(data.indexOf('\r\n\r\n') + 4)) // after the 100 Continue
    },
  }
}

/** 'connected', or the error code of a refused connection. */
function tryConnect(port: number): Promise<string> {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve('connected')
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

/** Lines the child printed on stdout, and a wait for one that matches. */
function watchOutput(child: ChildProcess) {
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  return {
    output: () => ({ stdout, stderr }),
    waitFor(pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
      return new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          const match = pattern.exec(stdout)
          if (match || child.exitCode !== null || child.signalCode !== null) {
            clearInterval(timer)
            clearTimeout(limit)
            if (match) resolve(match)
            else
              reject(
                new Error(
                  `exited (${child.exitCode ?? child.signalCode}) before ${pattern}\nstdout: ${stdout}\nstderr: ${stderr}`,
                ),
              )
          }
        }, 20)
        const limit = setTimeout(() => {
          clearInterval(timer)
          reject(new Error(`no ${pattern} within ${ms} ms\nstdout: ${stdout}\nstderr: ${stderr}`))
        }, ms)
      })
    },
  }
}

for (const kind of databaseKinds()) {
  describe(`pnpm start stops gracefully on SIGTERM [${kind}]`, () => {
    let child: ChildProcess
    let exited: Promise<number | null>
    let output: ReturnType<typeof watchOutput>
    let port = 0
    let dataDir = ''
    let closeDatabase: (() => Promise<void>) | undefined

    beforeAll(async () => {
      await buildIfNeeded()
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'phrasereel-shutdown-'))
      const env: Record<string, string | undefined> = {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: undefined,
      }
      if (kind === 'postgres') {
        const database = await createTestDatabase('postgres')
        await database.pool.end()
        env.DATABASE_URL = database.url
        closeDatabase = database.close
      }
      child = spawn(process.execPath, ['scripts/src/start.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
      output = watchOutput(child)
      const [, url] = await output.waitFor(/serving on (http:\/\/\S+)/, START_TIMEOUT_MS)
      port = Number(new URL(url!).port)
    }, START_TIMEOUT_MS + 60_000)

    afterAll(async () => {
      if (child && child.exitCode === null) child.kill('SIGKILL')
      await closeDatabase?.().catch(() => {})
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    })

    it('finishes the requests in flight, closes idle connections, refuses new ones and exits 0', async () => {
      // an idle keep-alive connection, after one answer
      const idle = connect(port)
      idle.socket.write(`GET /api/health HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`)
      await waitForData(idle.socket, idle.received, (data) => parseAnswer(data) !== null)
      expect(parseAnswer(idle.received())?.status).toBe(200)

      // requests the server has taken up and is reading the body of
      const slow = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          startSlowPost(port, '/auth/resend-verification', {
            email: `shutdown-${i}-${kind}@example.org`,
            recaptcha_token: 'token',
          }),
        ),
      )

      child.kill('SIGTERM')

      // soon no new connection is accepted (the signal takes a moment to arrive), and it stays so
      const deadline = Date.now() + 30_000
      let attempt = await tryConnect(port)
      while (attempt === 'connected' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        attempt = await tryConnect(port)
      }
      expect(attempt).toBe('ECONNREFUSED')

      // the idle connection is closed without waiting for the requests in flight, which still hold the process
      const idleClosedAt = await Promise.race([
        idle.closed,
        new Promise<number>((resolve) => setTimeout(() => resolve(0), 8_000)),
      ])
      expect(idleClosedAt).toBeGreaterThan(0)
      expect(child.exitCode).toBeNull()

      // each request in flight gets its whole answer, then its connection is closed
      expect(await tryConnect(port)).toBe('ECONNREFUSED')
      const answers = await Promise.all(slow.map((request) => request.finish()))
      for (const answer of answers) {
        expect(answer).not.toBeNull()
        expect(answer!.status).toBe(200)
        expect(answer!.headers.connection).toBe('close')
        expect(JSON.parse(answer!.body)).toEqual({ message: expect.stringMatching(/verification code/) })
      }

      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 60_000)),
      ])
      expect({ code, ...output.output() }).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/Stopped\./),
      })
      if (kind === 'pglite') {
        // the embedded database host this process started goes away with it (it records its pid in DATA_DIR)
        const info = await readFile(path.join(dataDir, 'pglite-host.json'), 'utf8').catch(() => null)
        const pid = info ? (JSON.parse(info) as { pid?: number }).pid : undefined
        const until = Date.now() + 15_000
        while (pid && isProcessAlive(pid) && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 100))
        expect(pid ? isProcessAlive(pid) : false).toBe(false)
      }
    }, 180_000)
  })
}
