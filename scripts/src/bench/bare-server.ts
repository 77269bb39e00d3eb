/** The baseline: a bare node:http hello world answering JSON. */
import http from 'node:http'

const body = JSON.stringify({ hello: 'world' })
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
