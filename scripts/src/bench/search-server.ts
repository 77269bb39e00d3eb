/**
 * Child process of `pnpm bench search`: the real API (`createApiHandler` over the configured database) behind a
 * node:http server that hands requests over as the front does (`dispatch`, lazy request, `RawAnswer` written as
 * it is), and beside it a bare node:http server answering a fixed body of the same size: the
 * baseline of what HTTP alone costs on this machine. Prints `{"api": port, "bare": port}` once listening.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { type LazyRequest, loadConfig, RawAnswer, startApi } from '@phrasereel/api'
import { setSearchCacheSize } from '@phrasereel/api/scripts'

// BENCH_SEARCH_CACHE=off measures the engine alone, every query answered from the database
if (process.env.BENCH_SEARCH_CACHE === 'off') setSearchCacheSize(0)

const api = await startApi(loadConfig())
const bareBody = Buffer.from(process.env.BENCH_BARE_BODY ?? '[]')

// The API as the front serves it (site/server/node-bridge.ts): `dispatch` with a lazy request, a `RawAnswer`
// written to the socket as it is, a Fetch `Response` read out otherwise.
const apiServer = http.createServer(async (req, res) => {
  try {
    const url = `http://127.0.0.1${req.url ?? '/'}`
    const method = req.method ?? 'GET'
    let built: Request | undefined
    const source: LazyRequest = {
      method,
      url,
      get request() {
        built ??= new Request(url, { method })
        return built
      },
    }
    const answer = api.handler.dispatch
      ? await api.handler.dispatch(source)
      : await api.handler(source.request)
    if (answer instanceof RawAnswer) {
      res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) })
      res.end(answer.body)
      return
    }
    const body = Buffer.from(await answer.arrayBuffer())
    res.writeHead(answer.status, { ...Object.fromEntries(answer.headers), 'content-length': body.length })
    res.end(body)
  } catch (error) {
    res.writeHead(500).end(String(error))
  }
})
const bareServer = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bareBody.length })
  res.end(bareBody)
})
apiServer.keepAliveTimeout = 60_000
bareServer.keepAliveTimeout = 60_000
await Promise.all([
  new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve)),
  new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve)),
])
process.stdout.write(
  `${JSON.stringify({
    api: (apiServer.address() as AddressInfo).port,
    bare: (bareServer.address() as AddressInfo).port,
  })}\n`,
)
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  apiServer.close()
  bareServer.close()
  await api.close()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('disconnect', stop)
