/**
 * The import's reader thread: parses the file and prepares each batch's statement parameters (`batches.ts`), at most
 * `ahead` batches before the main thread takes them, so the main thread only talks to the database and answers each
 * connection the moment it is free (docs/decisions/046). Messages: `batch` (an `ImportBatchParams`), `done`, `error`; the
 * main thread posts one message per batch it takes.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { readBatches } from './batches.ts'

const { file, batchSize, ahead } = workerData as { file: string; batchSize: number; ahead: number }
const port = parentPort!
let credits = ahead
let wake: (() => void) | null = null
port.on('message', () => {
  credits++
  wake?.()
  wake = null
})

try {
  for await (const batch of readBatches(file, batchSize)) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve))
    credits--
    port.postMessage({ type: 'batch', batch })
  }
  port.postMessage({ type: 'done' })
} catch (error) {
  port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) })
} finally {
  port.close()
}
