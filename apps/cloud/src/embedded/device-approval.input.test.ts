import { request as httpRequest } from 'node:http'
import { EMBEDDED_TEXTS } from '@allaccess/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import { startTestCloud, type TestCloud } from '../test-support/cloud.js'
import type { TestDevice } from '../test-support/device.js'
import { type EnrolmentDriver, enrolmentDriver } from '../test-support/enrolment.js'
import { describeNetwork, describeUserAgent } from './device-description.js'

/**
 * New-device approval's routes fed what an attacker's client sends instead of what the frame does: every one
 * answers a 4xx with a message, never a 5xx, and moves nothing.
 */
let cloud: TestCloud
let d: EnrolmentDriver
beforeAll(async () => {
  cloud = await startTestCloud({ EMBEDDED_SENDS_PER_IP: '100000', CLOUD_TRUST_PROXY: '1' })
  d = enrolmentDriver(cloud, Date.now)
})
afterAll(() => cloud?.close())

/** A raw request: any body bytes, any content type, any user agent bytes (UTF-8 on the wire). */
async function raw(
  device: TestDevice,
  route: string,
  token: string,
  body: string,
  extra: Record<string, string> = {},
) {
  const path = `${route}?projectId=${LOCAL_PROJECT.id}`
  const headers = {
    ...(await device.headers('POST', path, token)),
    'content-type': 'application/json',
    ...extra,
  }
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(cloud.url + path, { method: 'POST', headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
    })
    request.on('error', reject)
    request.end(body)
  })
}

const NOT_JSON = ['', 'null', '[]', '"wait"', '{', '{"wait":', 'wait=true', '\u0000', '{"wait":true}}']
const ENROLMENT_BODIES = [{ wait: 'true' }, { wait: 1 }, { wait: null }, { wait: [] }, { wait: { $gt: 0 } }]
const UUID = '3f1c8e9a-2b7d-4c5e-9f10-a1b2c3d4e5f6'
const ANSWERS = [
  {},
  { id: UUID },
  { approve: true },
  { id: 42, approve: true },
  { id: null, approve: true },
  { id: '', approve: true },
  { id: 'x'.repeat(65), approve: true },
  { id: 'x'.repeat(100_000), approve: true },
  { id: `${UUID}\u0000`, approve: true },
  { id: '\u0000', approve: false },
  { id: UUID.toUpperCase(), approve: true },
  { id: `{${UUID}}`, approve: true },
  { id: `${UUID} `, approve: true },
  { id: "' OR 1=1 --", approve: true },
  { id: '../../etc/passwd', approve: true },
  { id: '\u202e3f1c8e9a-2b7d-4c5e-9f10-a1b2c3d4e5f', approve: true },
  { id: UUID, approve: 'true' },
  { id: UUID, approve: 1 },
  { id: UUID, approve: null },
  { id: [UUID], approve: true },
]
const ENROL_KEYS = [
  {},
  { enrolKey: '' },
  { enrolKey: 'A'.repeat(87) },
  { enrolKey: 'é'.repeat(87) },
  { enrolKey: 7 },
]

async function expectClearRefusal(response: { status: number; body: string }, label: string) {
  expect(response.status, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400)
  expect(response.status, `${label}: ${response.body}`).toBeLessThan(500)
  const parsed = JSON.parse(response.body) as { code: string; message: string }
  expect(parsed.message, label).toEqual(expect.any(String))
  expect(parsed.message.length, label).toBeGreaterThan(0)
}

describe('bad input on the enrolment and approval routes', () => {
  it('gets a clear 4xx on every route, and the request it aimed at is still waiting', async () => {
    const { a, b } = await d.walletAndNewDevice()
    await d.status(b.device, b.token)
    const [asked] = await d.listed(a.device, a.token)
    let cases = 0
    const routes = [
      [
        '/v1/embedded/device/enrolment',
        b,
        [...NOT_JSON, ...ENROLMENT_BODIES.map((body) => JSON.stringify(body))],
      ],
      [
        '/v1/embedded/device/enrolments',
        a,
        [...NOT_JSON, ...ENROLMENT_BODIES.map((body) => JSON.stringify(body))],
      ],
      [
        '/v1/embedded/device/enrolments/answer',
        a,
        [...NOT_JSON, ...ANSWERS.map((body) => JSON.stringify(body))],
      ],
      ['/v1/embedded/shares/enrol', b, [...NOT_JSON, ...ENROL_KEYS.map((body) => JSON.stringify(body))]],
    ] as const
    for (const [route, who, bodies] of routes)
      for (const body of bodies) {
        await expectClearRefusal(await raw(who.device, route, who.token, body), `${route} ${body}`)
        cases += 1
      }
    expect(cases).toBeGreaterThanOrEqual(30)
    expect((await d.listed(a.device, a.token)).map((device) => device.id)).toEqual([asked?.id])
    expect(await d.status(b.device, b.token)).toEqual({ status: 'pending', recoverAt: null })
  })

  it('an answer’s id is a lower-case UUID: anything else is a 400 that says so', async () => {
    const { a } = await d.walletAndNewDevice()
    for (const id of [`${UUID}\u0000`, UUID.toUpperCase(), 'not-a-uuid']) {
      const response = await d.answer(a.device, a.token, id, true)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain('id')
    }
    const unknown = await d.answer(a.device, a.token, UUID, true)
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { message: string }).message).toBe(EMBEDDED_TEXTS.noNewDevice)
  })

  it('a bad project id, or none, is refused before any session is looked at', async () => {
    const { b } = await d.walletAndNewDevice()
    for (const project of ['', 'x'.repeat(201), 'no-such-project', '\u0000']) {
      const response = await d.send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, {
        body: {},
        project,
      })
      await expectClearRefusal({ status: response.status, body: await response.text() }, `project ${project}`)
    }
  })
})

describe('what an approving device is told of the new one', () => {
  it('a Unicode user agent, sent as UTF-8 bytes, names what it claims and nothing it makes up', async () => {
    const { a, b } = await d.walletAndNewDevice()
    const agent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Ünïcödé 🦊 Version/17.4 Mobile/15E148 Safari/604.1'
    const wire = Buffer.from(agent, 'utf8').toString('latin1')
    const asked = await raw(b.device, '/v1/embedded/device/enrolment', b.token, '{}', { 'user-agent': wire })
    expect(asked.status, asked.body).toBe(200)
    const [listed] = await d.listed(a.device, a.token)
    expect(listed).toMatchObject({ device: 'iPhone', browser: 'Safari 17' })
    expect(describeUserAgent('🦊🦊🦊 \u202e moc.lapyap')).toEqual({ device: 'Unknown', browser: 'Unknown' })
    expect(describeUserAgent(`${'Chrome/'.repeat(2000)}1`)).toEqual({
      device: 'Unknown',
      browser: 'Chrome 1',
    })
  })

  it('a client address that is not an IP (a forged forwarding header) is "Unknown", never a made-up network', async () => {
    const { a, b } = await d.walletAndNewDevice()
    const asked = await raw(b.device, '/v1/embedded/device/enrolment', b.token, '{}', {
      'x-forwarded-for': 'evil.example, <script>',
    })
    expect(asked.status, asked.body).toBe(200)
    const [listed] = await d.listed(a.device, a.token)
    expect(listed?.place).toBe('Unknown')
    for (const address of ['evil.example', 'not an address', '1.2.3', '999.1.1.1', ':::'])
      expect(describeNetwork(address), address).toBe('Unknown')
    expect(describeNetwork('203.0.113.77')).toBe(
      "Network 203.0.113.0/24 (from the device's address; no location lookup)",
    )
  })
})
