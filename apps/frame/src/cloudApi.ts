import {
  CLOUD_TIME_HEADER,
  type DeviceWaitRequest,
  deviceWaitResponseSchema,
  type EmailConnectRequest,
  emailConnectResponseSchema,
  emailUpdateResponseSchema,
  emailVerifyResponseSchema,
  embeddedSessionSchema,
  embeddedUserSchema,
  enrolmentStatusSchema,
  enrolResponseSchema,
  errorBodySchema,
  farcasterReauthResultResponseSchema,
  farcasterResultResponseSchema,
  farcasterStartResponseSchema,
  type KeyShares,
  newDevicesSchema,
  type SocialProvider,
  socialReauthResultResponseSchema,
  socialResultResponseSchema,
  socialStartResponseSchema,
  storedSharesSchema,
} from '@allaccess/protocol'
import * as z from 'zod/mini'
import type { DeviceKey } from './deviceKey'

/** A refusal of the cloud, with its text (`message`) and HTTP status. */
export class CloudError extends Error {
  override name = 'CloudError'
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

const SERVICE_UNAVAILABLE = 'The wallet service is unavailable. Try again later.'

/** An SDK's type or version as a header value the cloud takes (visible ASCII, at most 64; apps/cloud/src/http/client.ts). */
const SDK_FIELD = /^[\x21-\x7e]{1,64}$/

/** The wallet's own routes: each request to them is signed with the device key. */
const EMBEDDED_ROUTES = '/v1/embedded/'

/**
 * The frame's client of the cloud's embedded-wallet routes (apps/cloud/README.md#embedded-wallet): the only code
 * of the frame that knows URLs. Every request to `/v1/embedded/*` carries the device key's proof
 * (docs/embedded-wallet.md#device-binding), and none leaves without it: a client made without a `device` (to read
 * the allowlist before the frame opens its storage) refuses them. Every answer is parsed with the protocol's
 * schemas.
 */
export function createCloudApi({
  cloudUrl,
  projectId,
  device,
  site,
  sdk,
  fetch = globalThis.fetch,
}: {
  cloudUrl: string
  projectId: string
  device?: DeviceKey
  /** The host page's origin: what a device asked to approve this one is told it signed in on. */
  site?: string
  /** The embedding SDK's type and version (syncDappData), sent as the cloud reads them (`x-sdk-type`, `x-sdk-version`). */
  sdk?: () => { sdkType?: string; sdkVersion?: string }
  fetch?: typeof globalThis.fetch
}) {
  async function call<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    {
      body,
      token,
      method = 'POST',
      signal,
    }: { body?: unknown; token?: string; method?: string; signal?: AbortSignal },
  ): Promise<T> {
    const target = `${path}?projectId=${encodeURIComponent(projectId)}`
    const signed = path.startsWith(EMBEDDED_ROUTES)
    if (signed && !device) throw new CloudError(SERVICE_UNAVAILABLE, 0)
    async function send(): Promise<Response> {
      const headers: Record<string, string> = signed && device ? await device.headers(method, target) : {}
      if (body !== undefined) headers['content-type'] = 'application/json'
      if (token) headers.authorization = `Bearer ${token}`
      const { sdkType, sdkVersion } = sdk?.() ?? {}
      if (sdkType && SDK_FIELD.test(sdkType)) headers['x-sdk-type'] = sdkType
      if (sdkVersion && SDK_FIELD.test(sdkVersion)) headers['x-sdk-version'] = sdkVersion
      try {
        return await fetch(`${cloudUrl}${target}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          ...(signal ? { signal } : {}),
        })
      } catch (error) {
        if (signal?.aborted) throw error
        throw new CloudError(SERVICE_UNAVAILABLE, 0)
      }
    }
    /** Whether the answer told a cloud time far from the one the request was signed on (the device's clock is off). */
    const resynced = (response: Response) => {
      const time = Number(response.headers.get(CLOUD_TIME_HEADER))
      return (
        signed && device !== undefined && Number.isSafeInteger(time) && time > 0 && device.syncClock(time)
      )
    }
    let response = await send()
    // Refused as unproven while this device's clock was off: signed again on the cloud's clock, once (a new
    // nonce and time; the refused proof itself stays refused).
    if (resynced(response) && response.status === 401) response = await send()
    const answer: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const refusal = errorBodySchema.safeParse(answer)
      throw new CloudError(refusal.success ? refusal.data.message : SERVICE_UNAVAILABLE, response.status)
    }
    const parsed = schema.safeParse(answer)
    if (!parsed.success) throw new CloudError(SERVICE_UNAVAILABLE, response.status)
    return parsed.data
  }

  return {
    connect: (request: EmailConnectRequest, token: string | undefined) =>
      call('/v1/embedded/email/connect', emailConnectResponseSchema, {
        body: request,
        ...(token ? { token } : {}),
      }),
    waitForDevice: (request: DeviceWaitRequest, signal: AbortSignal) =>
      call('/v1/embedded/device/wait', deviceWaitResponseSchema, { body: request, signal }),
    verify: (request: EmailConnectRequest & { otp: string }) =>
      call('/v1/embedded/email/verify', emailVerifyResponseSchema, { body: request }),
    session: (token: string) => call('/v1/embedded/session', embeddedSessionSchema, { token, method: 'GET' }),
    revoke: (token: string, signal?: AbortSignal) =>
      call('/v1/embedded/session/revoke', z.object({ revoked: z.literal(true) }), {
        token,
        ...(signal ? { signal } : {}),
      }),
    /** Sign out everywhere: every session of the user ends, this one too. */
    revokeAll: (token: string) =>
      call('/v1/embedded/session/revoke-all', z.object({ revoked: z.literal(true) }), { token }),
    storeShares: (token: string, shares: KeyShares) =>
      call('/v1/embedded/shares', z.object({ address: z.string() }), { token, body: shares, method: 'PUT' }),
    /** The auth share: what a known device gets (its own share completes the key); `address: null`: no wallet yet. */
    shares: (token: string) => call('/v1/embedded/shares', storedSharesSchema, { token, method: 'GET' }),
    /** Where this device's enrolment stands (asked for now if not yet); `wait` holds a pending answer up to 25 s. */
    enrolment: (token: string, wait: boolean, signal?: AbortSignal) =>
      call('/v1/embedded/device/enrolment', enrolmentStatusSchema, {
        token,
        body: site ? { wait, site } : { wait },
        ...(signal ? { signal } : {}),
      }),
    /** Recovery without another device's approval: the enrolment after the delay, unless refused. */
    recoverDevice: (token: string) =>
      call('/v1/embedded/device/enrolment/recover', enrolmentStatusSchema, { token }),
    /** For a device that holds the wallet: the new devices waiting for its approval (a long poll with `wait`). */
    newDevices: (token: string, wait: boolean, signal?: AbortSignal) =>
      call('/v1/embedded/device/enrolments', newDevicesSchema, {
        token,
        body: { wait },
        ...(signal ? { signal } : {}),
      }),
    answerNewDevice: (token: string, id: string, approve: boolean) =>
      call('/v1/embedded/device/enrolments/answer', z.object({ answered: z.literal(true) }), {
        token,
        body: { id, approve },
      }),
    /** A new device's enrolment: the recovery share sealed to `enrolKey`, once per grant. */
    enrol: (token: string, enrolKey: string) =>
      call('/v1/embedded/shares/enrol', enrolResponseSchema, { token, body: { enrolKey } }),
    updateEmail: (token: string, newEmail: string) =>
      call('/v1/embedded/email/update', emailUpdateResponseSchema, { token, body: { newEmail } }),
    verifyPrimary: (token: string, otp: string) =>
      call('/v1/embedded/email/update/verify-primary', emailUpdateResponseSchema, { token, body: { otp } }),
    verifySecondary: (token: string, otp: string) =>
      call('/v1/embedded/email/update/verify-secondary', z.object({ user: embeddedUserSchema }), {
        token,
        body: { otp },
      }),
    reauth: (token: string) =>
      call('/v1/embedded/reauth', z.object({ action: z.literal('VERIFY_OTP') }), { token }),
    verifyReauth: (token: string, otp: string) =>
      call('/v1/embedded/reauth/verify', z.object({ freshUntil: z.number() }), { token, body: { otp } }),
    socialStart: (attempt: { provider: SocialProvider; deviceId: string; hostOrigin: string }) =>
      call('/v1/embedded/social/start', socialStartResponseSchema, { body: attempt }),
    /** A long poll (`wait`) until the user is verified; the session with the callback's `completion` code. */
    socialResult: (request: { secret: string; wait: boolean; completion?: string }, signal?: AbortSignal) =>
      call('/v1/embedded/social/result', socialResultResponseSchema, {
        body: request,
        ...(signal ? { signal } : {}),
      }),
    /** A re-authentication of the session's social user (before a key export), its popup on `hostOrigin`. */
    socialReauthStart: (token: string, hostOrigin: string) =>
      call('/v1/embedded/reauth/social', socialStartResponseSchema, { token, body: { hostOrigin } }),
    /** As socialResult, for the session's re-authentication: `fresh` with the callback's `completion` code. */
    socialReauthResult: (
      token: string,
      request: { secret: string; wait: boolean; completion?: string },
      signal?: AbortSignal,
    ) =>
      call('/v1/embedded/reauth/social/result', socialReauthResultResponseSchema, {
        token,
        body: request,
        ...(signal ? { signal } : {}),
      }),
    farcasterStart: (attempt: { deviceId: string; hostOrigin: string }) =>
      call('/v1/embedded/farcaster/start', farcasterStartResponseSchema, { body: attempt }),
    /** A long poll (`wait`) until the Farcaster app's approval is verified, then the session for its `completion`. */
    farcasterResult: (
      request: { secret: string; wait: boolean; completion?: string },
      signal?: AbortSignal,
    ) =>
      call('/v1/embedded/farcaster/result', farcasterResultResponseSchema, {
        body: request,
        ...(signal ? { signal } : {}),
      }),
    /** A re-authentication of the session's Farcaster user (before a key export): the link for the QR code. */
    farcasterReauthStart: (token: string, hostOrigin: string) =>
      call('/v1/embedded/reauth/farcaster', farcasterStartResponseSchema, { token, body: { hostOrigin } }),
    /** As farcasterResult, for the session's re-authentication: `fresh` once its own fid approved. */
    farcasterReauthResult: (
      token: string,
      request: { secret: string; wait: boolean },
      signal?: AbortSignal,
    ) =>
      call('/v1/embedded/reauth/farcaster/result', farcasterReauthResultResponseSchema, {
        token,
        body: request,
        ...(signal ? { signal } : {}),
      }),
    allowedOrigins: () =>
      call('/projects/v1/origins', z.object({ allowedOrigins: z.array(z.string()) }), { method: 'GET' }),
  }
}

export type CloudApi = ReturnType<typeof createCloudApi>
