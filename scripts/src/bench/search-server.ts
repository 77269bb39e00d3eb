/**
 * Child process of `pnpm bench search`: the real API (`createApiHandler` over the configured database) behind a
 * plain node:http server, and beside it a bare node:http server answering a fixed body of the same size: the
 * baseline of what HTTP alone costs on this machine. Prints `{"api": port, "bare": port}` once listening.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadConfig, startApi } from '@phrasereel/api'
import { setSearchCacheSize } from '@phrasereel/api/search/search'

// BENCH_SEARCH_CACHE=off measures the engine alone, every query answered from the database
if (process.env.BENCH_SEARCH_CACHE === 'off') setSearchCacheSize(0)

const api = await startApi(loadConfig())
const bareBody = Buffer.from(process.env.BENCH_BARE_BODY ?? '[]')

const apiServer = http.createServer(async (req, res) => {
  try {
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method ?? 'GET' })
    const response = await api.handler(request)
    const body = Buffer.from(await response.arrayBuffer())
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), 'content-length': body.length })
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
