import { connect } from 'node:net'

export type RawAnswer = { status: number; headers: string; body: string }

/**
 * Sends `head` (request line and headers, without the blank line) and `body` over a fresh socket, exactly as
 * given: methods, header sizes and duplicates that `fetch` refuses to send. Asks the server to close after its
 * answer, and reads until it does.
 */
export function rawRequest(port: number, head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' })
    const chunks: Buffer[] = []
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${head.slice(0, 80)}`)))
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.once('error', (error) => {
      // The server may close while a large request is still being written; its answer counts.
      if (chunks.length > 0) finish()
      else reject(error)
    })
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [headers = '', ...rest] = text.split('\r\n\r\n')
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0)
      resolve({ status, headers, body: dechunk(headers, rest.join('\r\n\r\n')) })
    }
    socket.once('end', finish)
    socket.write(
      `${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    )
    // No half-close: a server may drop a request whose client stopped sending before it was answered.
    socket.write(body)
  })
}

function dechunk(headers: string, body: string): string {
  if (!/^transfer-encoding: chunked$/im.test(headers)) return body
  let out = ''
  let rest = body
  for (;;) {
    const newline = rest.indexOf('\r\n')
    const size = Number.parseInt(rest.slice(0, newline), 16)
    if (!size) return out
    out += rest.slice(newline + 2, newline + 2 + size)
    rest = rest.slice(newline + 2 + size + 2)
  }
}
