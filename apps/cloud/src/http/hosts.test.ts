import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import { HOST_NOT_ALLOWED_MESSAGE } from './hosts.js'

let cloud: TestCloud
beforeAll(async () => {
  cloud = await startTestCloud({
    CLOUD_PUBLIC_URL: 'https://cloud.example',
    CLOUD_ALLOWED_HOSTS: 'cloud-internal',
  })
})
afterAll(() => cloud?.close())

/** A GET with this `Host` header (which `fetch` sets itself): the status and the body. */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(cloud.url)
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path, headers: { host }, timeout: 10_000 },
      (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString('utf8')
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    sent.on('error', reject)
    sent.end()
  })
}

describe('Host', () => {
  it("refuses a name that is not the cloud's (DNS rebinding), on every route the mailbox included", async () => {
    const mailbox = `/mailbox/messages${new URL(cloud.mailboxUrl ?? '').search}`
    for (const path of [mailbox, '/healthz', '/docs/json', '/nothing-here'])
      for (const host of ['attacker.example', 'cloud.example.attacker.example:8787', 'x@cloud.example']) {
        const answer = await getWithHost(path, host)
        expect(answer.status, `${host} ${path}`).toBe(421)
        expect(JSON.parse(answer.body)).toEqual({ code: 'bad_request', message: HOST_NOT_ALLOWED_MESSAGE })
      }
  })

  it("answers the public URL's host, CLOUD_ALLOWED_HOSTS, IP addresses and, listening on loopback, *.localhost", async () => {
    const { port } = new URL(cloud.url)
    const mailbox = `/mailbox/messages${new URL(cloud.mailboxUrl ?? '').search}`
    for (const host of [
      'cloud.example',
      'CLOUD.EXAMPLE:443',
      'cloud-internal:8787',
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `cloud.allaccess.localhost:${port}`,
    ])
      expect((await getWithHost(mailbox, host)).status, host).toBe(200)
  })
})
