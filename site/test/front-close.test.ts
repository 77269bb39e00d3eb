/**
 * `Front.close` is bounded: a request still in flight when the grace period ends (here, one whose body never
 * comes) has its connection cut, and the close completes. The graceful part, with `pnpm start` and SIGTERM, is
 * scripts/test/start-shutdown.test.ts.
 */
import net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type StubFront, startStubFront } from './stub-front.ts'

let stub: StubFront
beforeAll(async () => {
  stub = await startStubFront('pglite')
})
afterAll(() => stub?.close())

it('cuts what is still in flight when the grace period ends, then resolves', async () => {
  const { port } = new URL(stub.front.url)
  const socket = net.connect(Number(port), '127.0.0.1')
  socket.on('error', () => {})
  let received = ''
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1')
  })
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      'content-length: 1000\r\nexpect: 100-continue\r\n\r\n',
  )
  // the server has taken the request up once it asks for the body
  await new Promise<void>((resolve) => {
    const check = () => {
      if (!received.includes('100 Continue')) return
      socket.off('data', check)
      resolve()
    }
    socket.on('data', check)
  })
  socket.write('{"email":')

  const started = Date.now()
  const closing = stub.front.close({ graceMs: 300 })
  expect(stub.front.close()).toBe(closing) // a second call waits for the same close
  await closing
  await closed
  expect(Date.now() - started).toBeGreaterThanOrEqual(250)
  // nothing but the 100 Continue came back: the request was cut, not answered
  expect(received).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/)
})
