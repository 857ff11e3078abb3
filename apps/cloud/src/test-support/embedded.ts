import { randomBytes } from 'node:crypto'
import { waitForCode, waitForLink } from '@allaccess/testkit/mailbox'
import { expect } from 'vitest'
import { LOCAL_QUERY, type TestCloud } from './cloud.js'
import type { TestDevice } from './device.js'

export const newEmail = () => `user-${randomBytes(5).toString('hex')}@example.com`
export const newDevice = () => randomBytes(16).toString('hex')

type Json = Record<string, unknown>

/**
 * The embedded wallet's routes as the frame calls them, against a test cloud and its real mailbox: what the
 * e-mail sign-in tests share. Every request is signed by `device`'s key, as the frame's are.
 */
export function embeddedClient(cloud: TestCloud, device: TestDevice) {
  const mailbox = cloud.mailboxUrl ?? ''
  const headers = async (
    method: string,
    path: string,
    token?: string,
    extra: Record<string, string> = {},
  ) => ({
    method,
    headers: { ...(await device.headers(method, `${path}?${LOCAL_QUERY}`, token)), ...extra },
  })
  const post = async (path: string, body: unknown, token?: string, extra?: Record<string, string>) =>
    cloud.post(`${path}?${LOCAL_QUERY}`, body, await headers('POST', path, token, extra))
  const put = async (path: string, body: unknown, token: string) =>
    cloud.post(`${path}?${LOCAL_QUERY}`, body, await headers('PUT', path, token))
  const get = async (path: string, token?: string) =>
    cloud.get(`${path}?${LOCAL_QUERY}`, await headers('GET', path, token))
  const json = async (response: Response): Promise<Json> => {
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as Json
  }

  /** E-mail connect's action. */
  const connect = async (email: string, deviceId: string, token?: string) =>
    (await json(await post('/v1/embedded/email/connect', { email, deviceId }, token))).action as string

  /** Connect, then the code from the mailbox verified: the verify answer. */
  async function codeVerified(
    email: string,
    deviceId: string,
    extra?: Record<string, string>,
  ): Promise<Json> {
    const after = Date.now()
    expect(await connect(email, deviceId)).toBe('VERIFY_OTP')
    const otp = await waitForCode(mailbox, email, { after })
    return json(await post('/v1/embedded/email/verify', { email, deviceId, otp }, undefined, extra))
  }

  /** A new user (or a known device) signed in: the session token. */
  async function signIn(email: string, deviceId = newDevice()): Promise<string> {
    const { sessionToken } = await codeVerified(email, deviceId)
    expect(sessionToken).toEqual(expect.any(String))
    return sessionToken as string
  }

  /** A known user's new device: its code verified (VERIFY_DEVICE), the e-mailed link and the ticket. */
  async function askApproval(email: string, deviceId: string, extra?: Record<string, string>) {
    const after = Date.now()
    const answer = await codeVerified(email, deviceId, extra)
    expect(answer).toEqual({ action: 'VERIFY_DEVICE', ticket: expect.any(String) })
    return { ticket: answer.ticket as string, link: await waitForLink(mailbox, email, { after }) }
  }

  /** The approval page's button, as a browser submits its form. */
  const approve = (link: string) =>
    fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      signal: AbortSignal.timeout(10_000),
    })

  const wait = (deviceId: string, ticket: string) => post('/v1/embedded/device/wait', { deviceId, ticket })

  return { mailbox, post, put, get, json, connect, codeVerified, signIn, askApproval, approve, wait }
}
