/**
 * Coalesces concurrent lookups into few database round trips (the DataLoader pattern, without caching).
 *
 * `load(key)` queues the key. While fewer than `maxInFlight` batches are running, the queue is sent at once, so
 * a lone request waits for nothing. Under load every slot is busy, keys pile up, and the next free slot sends
 * them all as one batch: one round trip and one statement serve many requests. Every answer comes from a batch
 * sent after its key was queued, so nothing is ever served from an earlier read: there is no staleness and no
 * state kept between requests.
 */
export class Batcher<K, V> {
  readonly #run: (keys: K[]) => Promise<Map<K, V>>
  readonly #maxInFlight: number
  readonly #maxBatch: number
  #inFlight = 0
  #queue = new Map<K, { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[]>()

  constructor(
    run: (keys: K[]) => Promise<Map<K, V>>,
    options: { maxInFlight?: number; maxBatch?: number } = {},
  ) {
    this.#run = run
    this.#maxInFlight = Math.max(1, options.maxInFlight ?? 2)
    this.#maxBatch = Math.max(1, options.maxBatch ?? 500)
  }

  /** The value for `key` from a batch sent after this call, or undefined when the batch has none for it. */
  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#queue.get(key)
      if (waiters) waiters.push({ resolve, reject })
      else this.#queue.set(key, [{ resolve, reject }])
      if (this.#inFlight < this.#maxInFlight) this.#send()
    })
  }

  #send(): void {
    if (this.#queue.size === 0) return
    let batch = this.#queue
    if (batch.size <= this.#maxBatch) {
      this.#queue = new Map()
    } else {
      batch = new Map()
      for (const [key, waiters] of this.#queue) {
        if (batch.size === this.#maxBatch) break
        batch.set(key, waiters)
        this.#queue.delete(key)
      }
    }
    this.#inFlight++
    let run: Promise<Map<K, V>>
    try {
      run = this.#run([...batch.keys()])
    } catch (error) {
      run = Promise.reject(error)
    }
    run
      .then(
        (values) => {
          for (const [key, waiters] of batch) {
            const value = values.get(key)
            for (const waiter of waiters) waiter.resolve(value)
          }
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error)
        },
      )
      .finally(() => {
        this.#inFlight--
        this.#send()
      })
  }
}
