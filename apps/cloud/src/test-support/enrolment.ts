import { randomBytes } from 'node:crypto'
import { type NewDevice, newEnrolmentKey } from '@allaccess/protocol'
import { expect } from 'vitest'
import { LOCAL_PROJECT } from '../projects/index.js'
import type { TestCloud } from './cloud.js'
import { type TestDevice, testDevice } from './device.js'

/**
 * New-device approval as its tests drive it (docs/embedded-wallet.md#new-device-approval): signed requests of a
 * device, identity sign-ins that reach an existing wallet on a new device, and the enrolment routes' calls.
 */
export const TEST_SHARES = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  authShare: `0801${'a1'.repeat(33)}`,
  recoveryShare: `0802${'b2'.repeat(33)}`,
}

type SendOptions = { body?: unknown; userAgent?: string; project?: string; at?: number }

export function enrolmentDriver(cloud: TestCloud, clock: () => number) {
  const hex = (bytes: number) => randomBytes(bytes).toString('hex')

  /** A request by `device` (unsigned without one) with `token`, for `project` (the local one by default). */
  async function send(
    device: TestDevice | undefined,
    method: string,
    route: string,
    token: string | undefined,
    { body, userAgent, project = LOCAL_PROJECT.id, at }: SendOptions = {},
  ) {
    const path = `${route}?projectId=${encodeURIComponent(project)}`
    const signed = device
      ? await device.headers(method, path, token, at ?? clock())
      : token
        ? { authorization: `Bearer ${token}` }
        : {}
    return fetch(cloud.url + path, {
      method,
      headers: {
        ...signed,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(userAgent ? { 'user-agent': userAgent } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    })
  }
  const json = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as Record<string, unknown>
  }

  /** A sign-in of an identity (what the social callback and the Farcaster relay end in), on a new device by default. */
  async function identitySignIn(subject: string, project = LOCAL_PROJECT.id, known?: TestDevice) {
    const device = known ?? (await testDevice(clock))
    const { sessionToken } = await cloud.services.embedded.signInWithIdentity(
      { provider: 'farcaster', subject, username: `fid-${subject}` },
      hex(16),
      { deviceKey: device.publicKey, projectId: project },
    )
    return { device, token: sessionToken }
  }

  /** A Farcaster user whose wallet device A made; B a second sign-in of the same fid on a new device. */
  async function walletAndNewDevice() {
    const subject = `${Date.now()}${hex(3)}`
    const a = await identitySignIn(subject)
    expect((await send(a.device, 'PUT', '/v1/embedded/shares', a.token, { body: TEST_SHARES })).status).toBe(
      200,
    )
    const b = await identitySignIn(subject)
    return { a, b, subject }
  }

  /** As walletAndNewDevice, B asked for its enrolment and A approved it (B's grant is live, not collected). */
  async function approvedNewDevice() {
    const pair = await walletAndNewDevice()
    const { a, b } = pair
    await json(await send(b.device, 'POST', '/v1/embedded/device/enrolment', b.token, { body: {} }))
    const listed = await json(
      await send(a.device, 'POST', '/v1/embedded/device/enrolments', a.token, { body: {} }),
    )
    const [asked] = listed.devices as NewDevice[]
    const body = { id: asked?.id, approve: true }
    await json(await send(a.device, 'POST', '/v1/embedded/device/enrolments/answer', a.token, { body }))
    return pair
  }

  return {
    hex,
    approvedNewDevice,
    send,
    json,
    identitySignIn,
    walletAndNewDevice,
    async enrol(device: TestDevice, token: string) {
      const key = await newEnrolmentKey()
      const response = await send(device, 'POST', '/v1/embedded/shares/enrol', token, {
        body: { enrolKey: key.enrolKey },
      })
      return { response, key }
    },
    status: (
      device: TestDevice,
      token: string,
      { userAgent, site }: { userAgent?: string; site?: string } = {},
    ) =>
      send(device, 'POST', '/v1/embedded/device/enrolment', token, { body: { site }, userAgent }).then(json),
    recover: (device: TestDevice, token: string) =>
      send(device, 'POST', '/v1/embedded/device/enrolment/recover', token),
    listed: async (device: TestDevice, token: string) =>
      (await json(await send(device, 'POST', '/v1/embedded/device/enrolments', token, { body: {} })))
        .devices as NewDevice[],
    answer: (device: TestDevice, token: string, id: string, approve: boolean) =>
      send(device, 'POST', '/v1/embedded/device/enrolments/answer', token, { body: { id, approve } }),
  }
}

export type EnrolmentDriver = ReturnType<typeof enrolmentDriver>
