/**
 * The embedded database's wire server gives each connection whole turns (pglite-wire.ts): interleaved
 * extended-protocol cycles with different parameter shapes, failing statements and transactions never see each
 * other's statements, parameters, rows or errors; a connection that dies or stalls mid-cycle gives its turn back.
 */
import net from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PgliteServer, startPgliteServer } from './pglite-server.ts'

let server: PgliteServer

beforeAll(async () => {
  server = await startPgliteServer({ idleTurnMs: 1_500 })
  const setup = new pg.Client({ connectionString: server.url })
  await setup.connect()
  await setup.query('create table wire_items (id serial primary key, owner int not null, n int not null)')
  await setup.end()
})

afterAll(async () => {
  await server.stop()
})

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: server.url })
  c.on('error', () => {})
  await c.connect()
  return c
}

describe('PGlite wire server turns', () => {
  it('answers each connection with its own rows while cycles of different shapes and failures interleave', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => client()))
    const mismatches: string[] = []
    await Promise.all(
      clients.map(async (c, who) => {
        for (let round = 0; round < 60; round++) {
          const shape = (who + round) % 5
          if (shape === 0) {
            const { rows } = await c.query('select $1::int as who, $2::text as tag', [who, `r${round}`])
            if (rows[0].who !== who || rows[0].tag !== `r${round}`)
              mismatches.push(`two params ${who}/${round}`)
          } else if (shape === 1) {
            const { rows } = await c.query(
              'select $1::bigint as a, $2::int as b, $3::text as c, $4::bool as d',
              [who * 1000 + round, round, `c${who}`, who % 2 === 0],
            )
            if (
              rows[0].a !== String(who * 1000 + round) ||
              rows[0].c !== `c${who}` ||
              rows[0].d !== (who % 2 === 0)
            )
              mismatches.push(`four params ${who}/${round}`)
          } else if (shape === 2) {
            // fails at execution: the error is this connection's, and the session is usable for the next cycle
            const error = await c.query('select 1 / $1::int as x', [0]).catch((e: Error) => e)
            if (!(error instanceof Error) || !/division by zero/.test(error.message))
              mismatches.push(`error ${who}/${round}: ${String(error)}`)
          } else if (shape === 3) {
            // fails at parse time with a parameter count the next statement does not have
            const error = await c.query('select nope_column + $1::int', [who]).catch((e: Error) => e)
            if (!(error instanceof Error) || !/nope_column/.test(error.message))
              mismatches.push(`parse error ${who}/${round}: ${String(error)}`)
          } else {
            // a transaction of several cycles: nobody else's statement may run inside it
            await c.query('begin isolation level repeatable read')
            const { rows } = await c.query(
              'insert into wire_items (owner, n) values ($1, $2) returning owner, n',
              [who, round],
            )
            const count = await c.query<{ n: string }>(
              'select count(*) as n from wire_items where owner = $1',
              [who],
            )
            await c.query('commit')
            if (rows[0].owner !== who || rows[0].n !== round) mismatches.push(`insert ${who}/${round}`)
            if (Number(count.rows[0]?.n) < 1) mismatches.push(`count ${who}/${round}`)
          }
        }
      }),
    )
    await Promise.all(clients.map((c) => c.end()))
    expect(mismatches).toEqual([])
    const check = await client()
    const { rows } = await check.query<{ owner: number; n: string }>(
      'select owner, count(*) as n from wire_items group by owner order by owner',
    )
    await check.end()
    // 60 rounds, shape 4 every fifth: 12 committed inserts per connection
    expect(rows).toEqual(Array.from({ length: 8 }, (_, owner) => ({ owner, n: '12' })))
  })

  it('rolls back and hands on the turn of a connection that dies inside a transaction or mid-cycle', async () => {
    const started = Date.now()
    const raw = await rawConnection(server.port)
    const waiter = await client()
    const dying = await client()
    await dying.query('begin')
    await dying.query('insert into wire_items (owner, n) values (900, 1)')
    // a raw connection that sends Parse and Bind without Sync, then vanishes
    raw.write(Buffer.concat([parseMessage('select 42'), bindMessage()]))
    const waiting = waiter.query('select $1::int as v', [7]).then(({ rows }) => rows[0].v)
    await new Promise((resolve) => setTimeout(resolve, 100))
    ;(dying as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy()
    raw.destroy()
    expect(await waiting).toBe(7)
    // handed back at once, not after the idle-turn limit (1.5 s here)
    expect(Date.now() - started).toBeLessThan(1_400)
    await waiter.end()
    const c = await client()
    const { rows } = await c.query('select count(*)::int as n from wire_items where owner = 900')
    const tx = await c.query<{ now: Date; ts: Date }>('select now() as now, statement_timestamp() as ts')
    await c.end()
    expect(rows[0].n).toBe(0)
    expect(tx.rows[0]).toBeDefined()
  })

  it('closes a connection that holds its turn too long without a message, and the queue moves on', async () => {
    const stalled = await client()
    await stalled.query('begin')
    await stalled.query('insert into wire_items (owner, n) values (901, 1)')
    const started = Date.now()
    const other = await client()
    const { rows } = await other.query('select 1 as one')
    expect(rows[0].one).toBe(1)
    expect(Date.now() - started).toBeLessThan(10_000)
    const after = await other.query('select count(*)::int as n from wire_items where owner = 901')
    expect(after.rows[0].n).toBe(0)
    await other.end()
    const error = await stalled.query('select 1').catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
  })

  it('keeps serving after a client sends garbage', async () => {
    const raw = await rawConnection(server.port)
    raw.write(Buffer.from([0x50, 0xff, 0xff, 0xff, 0xff, 1, 2, 3]))
    await new Promise((resolve) => raw.once('close', resolve))
    const c = await client()
    const { rows } = await c.query('select $1::text as t', ['still here'])
    await c.end()
    expect(rows[0].t).toBe('still here')
  })
})

/** A connection that has completed startup, for sending hand-made messages. */
async function rawConnection(port: number): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port })
  socket.on('error', () => {})
  await new Promise((resolve) => socket.once('connect', resolve))
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0')
  const startup = Buffer.alloc(8 + params.length)
  startup.writeInt32BE(8 + params.length, 0)
  startup.writeInt32BE(196608, 4)
  params.copy(startup, 8)
  socket.write(startup)
  // wait for ReadyForQuery ('Z') of the startup
  await new Promise<void>((resolve) => {
    let seen = Buffer.alloc(0)
    const onData = (data: Buffer) => {
      seen = Buffer.concat([seen, data])
      if (seen.includes(Buffer.from([0x5a, 0, 0, 0, 5]))) {
        socket.off('data', onData)
        resolve()
      }
    }
    socket.on('data', onData)
  })
  return socket
}

function parseMessage(sql: string): Buffer {
  const body = Buffer.concat([Buffer.from(`\0${sql}\0`), Buffer.from([0, 0])])
  const head = Buffer.alloc(5)
  head[0] = 0x50
  head.writeInt32BE(4 + body.length, 1)
  return Buffer.concat([head, body])
}

function bindMessage(): Buffer {
  // unnamed portal and statement, no parameter formats, no parameters, no result formats
  const body = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0])
  const head = Buffer.alloc(5)
  head[0] = 0x42
  head.writeInt32BE(4 + body.length, 1)
  return Buffer.concat([head, body])
}
