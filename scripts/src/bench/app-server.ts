/** The app as `pnpm start` serves it (front + API), on the database named by DATABASE_URL or the embedded one. */
import { loadConfig, startApi } from '@phrasereel/api'
import { startFront } from '../../../site/server/front.ts'

const config = loadConfig()
const api = await startApi(config)
const front = await startFront({ api: api.handler, ctx: api.ctx, host: '127.0.0.1', port: 0 })
process.send?.({ port: Number(new URL(front.url).port) })
process.on('SIGTERM', async () => {
  await front.close()
  await api.close()
  process.exit(0)
})
