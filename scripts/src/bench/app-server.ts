/**
 * The app as `pnpm start` serves it (front + API), on the database named by DATABASE_URL or the embedded one.
 * With BENCH_HELLO=1, `GET /api/bench/hello` answers a fixed JSON body through the same front and the API's
 * `dispatch` path (lazy request, `RawAnswer`), without touching the database: the cost of the path itself.
 */
import { type LazyRequest, loadConfig, RawAnswer, startApi } from '@phrasereel/api'
import { setKeptChunks } from '@phrasereel/api/scripts'
import { startFront } from '../../../site/server/front.ts'

// BENCH_KEEP_CHUNKS=0: every chunk/{id} reads the chunk (the lookup batching alone, decision 006)
if (process.env.BENCH_KEEP_CHUNKS) setKeptChunks(Number(process.env.BENCH_KEEP_CHUNKS))
const config = loadConfig()
const api = await startApi(config)
const hello = new RawAnswer(200, { 'content-type': 'application/json; charset=utf-8' }, '{"hello":"world"}')
const isHello = (url: string) => process.env.BENCH_HELLO === '1' && url.endsWith('/api/bench/hello')
const handler = Object.assign(
  async (request: Request) => (isHello(request.url) ? hello.toResponse() : api.handler(request)),
  { dispatch: async (source: LazyRequest) => (isHello(source.url) ? hello : api.handler.dispatch!(source)) },
)
const front = await startFront({ api: handler, ctx: api.ctx, host: '127.0.0.1', port: 0 })
process.send?.({ port: Number(new URL(front.url).port) })
process.on('SIGTERM', async () => {
  await front.close()
  await api.close()
  process.exit(0)
})
