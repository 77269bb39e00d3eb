/**
 * Serves one PGlite session to many client connections over the PostgreSQL wire protocol, one connection at a
 * time (docs/decisions/082-embedded-database-session-turns.md). PGlite is a single backend: whatever connection
 * sends messages, they run in the same session, with the same unnamed statement and portal, the same
 * transaction and the same error state. A connection therefore takes a *turn*: it owns the session from its first
 * message until PGlite answers ReadyForQuery with status idle (`I`), so a whole extended-protocol cycle
 * (Parse/Bind/Describe/Execute/Sync) and a whole transaction run without anybody else's messages in between.
 * `@electric-sql/pglite-socket` 0.2.17 switches connections after every message instead (electric-sql/pglite
 * issue #1046, pull request #977), which let concurrent requests overwrite each other's statements and
 * parameters; this host replaces it.
 *
 * A connection that goes away during its turn gives it back: its open cycle is ended with Sync (CopyFail during
 * COPY), its transaction rolled back. A turn held with no message for `idleTurnMs` ends the same way (the
 * connection is closed with a FATAL error), so a client that stalls inside a transaction cannot stop the queue.
 */
import net from 'node:net'
import type { PGlite } from '@electric-sql/pglite'

const SSL_REQUEST_CODE = 80877103
const GSSENC_REQUEST_CODE = 80877104
const CANCEL_REQUEST_CODE = 80877102
const PROTOCOL_3 = 196608
/** Largest message accepted from a client (PostgreSQL's own limit for most messages is 1 GB; ours is lower). */
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024

const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4)
const ROLLBACK = textMessage(0x51, 'rollback')
const COPY_FAIL = textMessage(0x66, 'client connection closed')

/** Options of the wire server. */
export interface PgliteWireOptions {
  host?: string
  port?: number
  /** Connections accepted at once; more are refused with SQLSTATE 53300. */
  maxConnections?: number
  /** How long a connection may hold its turn without sending anything before it is closed. */
  idleTurnMs?: number
  /** Called when PGlite itself fails (not a SQL error): the session can no longer be trusted. */
  onFatal?: (error: unknown) => void
}

/** Statistics for health checks and the host's drain logic. */
export interface PgliteWireStats {
  activeConnections: number
  waiting: number
}

/** A PostgreSQL wire-protocol server over one PGlite instance that gives each connection whole turns. */
export class PgliteWireServer {
  readonly #db: PGlite
  readonly #options: Required<Omit<PgliteWireOptions, 'onFatal'>> & Pick<PgliteWireOptions, 'onFatal'>
  readonly #connections = new Set<WireConnection>()
  readonly #waiting: WireConnection[] = []
  #owner: WireConnection | null = null
  #running = false
  #server: net.Server | null = null
  #failed = false

  constructor(db: PGlite, options: PgliteWireOptions = {}) {
    this.#db = db
    this.#options = {
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      maxConnections: options.maxConnections ?? 64,
      idleTurnMs: options.idleTurnMs ?? 60_000,
      onFatal: options.onFatal,
    }
  }

  /** Starts listening; resolves with the port. */
  async start(): Promise<number> {
    const server = net.createServer((socket) => this.#accept(socket))
    this.#server = server
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.#options.port, this.#options.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    return (server.address() as net.AddressInfo).port
  }

  /** Stops accepting, closes every connection and waits for the statement running now (if any) to finish. */
  async stop(): Promise<void> {
    const server = this.#server
    this.#server = null
    for (const connection of this.#connections) connection.socket.destroy()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
    while (this.#running) await new Promise((resolve) => setTimeout(resolve, 5))
  }

  stats(): PgliteWireStats {
    return { activeConnections: this.#connections.size, waiting: this.#waiting.length }
  }

  #accept(socket: net.Socket): void {
    socket.setNoDelay(true)
    if (this.#connections.size >= this.#options.maxConnections || this.#failed) {
      socket.end(
        errorMessage(
          'FATAL',
          this.#failed ? '57P03' : '53300',
          this.#failed ? 'the database is restarting' : 'too many connections',
        ),
      )
      return
    }
    const connection = new WireConnection(socket)
    this.#connections.add(connection)
    socket.on('data', (data) => this.#receive(connection, data))
    socket.on('error', () => {}) // a reset connection ends in 'close' as well
    socket.on('close', () => this.#closed(connection))
  }

  #receive(connection: WireConnection, data: Buffer): void {
    if (connection.closed) return
    const problem = connection.parse(data)
    if (problem) {
      connection.socket.end(errorMessage('FATAL', '08P01', problem))
      connection.socket.destroySoon()
      return
    }
    if (connection.terminated) {
      connection.socket.end()
      return
    }
    if (connection.pending.length === 0) return
    if (this.#owner === connection) connection.stopIdleTimer()
    else if (!connection.queued) {
      connection.queued = true
      this.#waiting.push(connection)
    }
    this.#pump()
  }

  #closed(connection: WireConnection): void {
    connection.closed = true
    connection.pending.length = 0
    connection.stopIdleTimer()
    this.#connections.delete(connection)
    if (connection.queued) {
      connection.queued = false
      this.#waiting.splice(this.#waiting.indexOf(connection), 1)
    }
    if (this.#owner === connection && !this.#running) void this.#handBack(connection)
    // while its messages run, #pump sees `closed` when they finish and hands the turn back then
  }

  /** Runs the owner's messages, or gives the session to the next waiting connection. */
  #pump(): void {
    if (this.#running || this.#failed) return
    if (!this.#owner) {
      const next = this.#waiting.shift()
      if (!next) return
      next.queued = false
      this.#owner = next
    }
    const owner = this.#owner
    if (owner.pending.length === 0) {
      owner.startIdleTimer(this.#options.idleTurnMs, () => {
        owner.socket.end(
          errorMessage(
            'FATAL',
            '25P03',
            'terminating connection: it held the embedded database too long without a message',
          ),
        )
        owner.socket.destroySoon()
      })
      return
    }
    void this.#run(owner)
  }

  async #run(owner: WireConnection): Promise<void> {
    this.#running = true
    const batch = owner.takePending()
    try {
      await this.#db.runExclusive(() =>
        this.#db.execProtocolRawStream(batch, {
          onRawData: (bytes) => {
            owner.watchOutput(bytes)
            if (!owner.closed) owner.socket.write(Buffer.from(bytes))
          },
        }),
      )
    } catch (error) {
      this.#fail(error)
      return
    } finally {
      this.#running = false
    }
    if (owner.closed) {
      await this.#handBack(owner)
      return
    }
    if (owner.lastReadyStatus === IDLE && owner.cycleComplete) {
      this.#owner = null
      if (owner.pending.length > 0 && !owner.queued) {
        owner.queued = true
        this.#waiting.push(owner)
      }
    }
    this.#pump()
  }

  /** Ends a departed owner's cycle and transaction, then gives the session to the next connection. */
  async #handBack(owner: WireConnection): Promise<void> {
    this.#running = true
    try {
      await this.#db.runExclusive(async () => {
        if (!owner.cycleComplete)
          await this.#db.execProtocolRaw(owner.inCopyIn ? concat([COPY_FAIL, SYNC]) : SYNC)
        if (this.#db.isInTransaction()) await this.#db.execProtocolRaw(ROLLBACK)
      })
    } catch (error) {
      this.#fail(error)
      return
    } finally {
      this.#running = false
    }
    if (this.#owner === owner) this.#owner = null
    this.#pump()
  }

  /** PGlite itself failed: nothing it answers can be trusted, so every connection is closed. */
  #fail(error: unknown): void {
    this.#failed = true
    this.#owner = null
    this.#waiting.length = 0
    for (const connection of this.#connections) {
      connection.socket.end(errorMessage('FATAL', '57P03', 'the embedded database failed and is restarting'))
      connection.socket.destroySoon()
    }
    this.#options.onFatal?.(error)
  }
}

const IDLE = 0x49 // 'I'

/** One client connection: its unparsed input, the messages waiting for its turn, and where its cycle stands. */
class WireConnection {
  readonly socket: net.Socket
  pending: Uint8Array[] = []
  queued = false
  closed = false
  terminated = false
  started = false
  /** Status byte of the last ReadyForQuery PGlite sent this connection (`I`, `T` or `E`). */
  lastReadyStatus = IDLE
  /** Whether the last message PGlite sent was ReadyForQuery: no cycle is open. */
  cycleComplete = true
  /** Whether the last message was CopyInResponse: PGlite waits for CopyData from this connection. */
  inCopyIn = false
  #input: Buffer = Buffer.alloc(0)
  #idleTimer: NodeJS.Timeout | undefined
  /** Output frame parsing state: the header bytes seen of the current frame, and body bytes still to come. */
  #header = Buffer.alloc(5)
  #headerBytes = 0
  #bodyLeft = 0
  #frameType = 0
  #frameBody: number[] = []

  constructor(socket: net.Socket) {
    this.socket = socket
  }

  /** Splits input into messages; returns a protocol error to send, or null. */
  parse(data: Buffer): string | null {
    this.#input = this.#input.length === 0 ? data : Buffer.concat([this.#input, data])
    while (!this.terminated) {
      const input = this.#input
      if (!this.started) {
        if (input.length < 8) return null
        const length = input.readInt32BE(0)
        if (length < 8 || length > 10_000) return 'invalid startup packet length'
        if (input.length < length) return null
        const code = input.readInt32BE(4)
        const packet = input.subarray(0, length)
        this.#input = input.subarray(length)
        if (code === SSL_REQUEST_CODE || code === GSSENC_REQUEST_CODE) {
          this.socket.write('N')
          continue
        }
        if (code === CANCEL_REQUEST_CODE) {
          this.terminated = true // nothing to cancel: statements run to the end in PGlite
          return null
        }
        if (code !== PROTOCOL_3) return 'unsupported frontend protocol'
        this.started = true
        this.cycleComplete = false
        this.pending.push(new Uint8Array(packet))
        continue
      }
      if (input.length < 5) return null
      const length = input.readInt32BE(1)
      if (length < 4 || length > MAX_MESSAGE_BYTES) return 'invalid message length'
      if (input.length < length + 1) return null
      const type = input[0]!
      const message = input.subarray(0, length + 1)
      this.#input = input.subarray(length + 1)
      if (type === 0x58) {
        this.terminated = true // Terminate: the connection's cycle (if any) is handed back on close
        return null
      }
      this.cycleComplete = false
      this.pending.push(new Uint8Array(message))
    }
    return null
  }

  /** The pending messages as one buffer (PGlite runs batched messages in order). */
  takePending(): Uint8Array {
    const messages = this.pending
    this.pending = []
    return messages.length === 1 ? messages[0]! : concat(messages)
  }

  /** Follows PGlite's answer frame by frame to know whether the connection's cycle and transaction are over. */
  watchOutput(bytes: Uint8Array): void {
    let at = 0
    while (at < bytes.length) {
      if (this.#bodyLeft === 0 && this.#headerBytes < 5) {
        const take = Math.min(5 - this.#headerBytes, bytes.length - at)
        this.#header.set(bytes.subarray(at, at + take), this.#headerBytes)
        this.#headerBytes += take
        at += take
        if (this.#headerBytes < 5) return
        this.#frameType = this.#header[0]!
        this.#bodyLeft = this.#header.readInt32BE(1) - 4
        this.#frameBody = []
        if (this.#bodyLeft === 0) this.#frameDone()
        continue
      }
      const take = Math.min(this.#bodyLeft, bytes.length - at)
      if (this.#frameType === 0x5a) this.#frameBody.push(...bytes.subarray(at, at + take))
      this.#bodyLeft -= take
      at += take
      if (this.#bodyLeft === 0) this.#frameDone()
    }
  }

  #frameDone(): void {
    this.#headerBytes = 0
    const type = this.#frameType
    this.inCopyIn = type === 0x47 // CopyInResponse
    if (type === 0x5a) {
      this.lastReadyStatus = this.#frameBody[0] ?? IDLE
      this.cycleComplete = this.pending.length === 0
    } else {
      this.cycleComplete = false
    }
  }

  startIdleTimer(ms: number, onIdle: () => void): void {
    this.stopIdleTimer()
    this.#idleTimer = setTimeout(onIdle, ms)
    this.#idleTimer.unref()
  }

  stopIdleTimer(): void {
    clearTimeout(this.#idleTimer)
    this.#idleTimer = undefined
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts))
}

/** A frontend message of `type` whose body is one C string (Query, CopyFail). */
function textMessage(type: number, text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`)
  const message = Buffer.alloc(5 + body.length)
  message[0] = type
  message.writeInt32BE(4 + body.length, 1)
  body.copy(message, 5)
  return new Uint8Array(message)
}

/** An ErrorResponse message (severity, SQLSTATE, text). */
function errorMessage(severity: string, code: string, text: string): Buffer {
  const fields = Buffer.from(`S${severity}\0V${severity}\0C${code}\0M${text}\0\0`)
  const message = Buffer.alloc(5 + fields.length)
  message[0] = 0x45
  message.writeInt32BE(4 + fields.length, 1)
  fields.copy(message, 5)
  return message
}
