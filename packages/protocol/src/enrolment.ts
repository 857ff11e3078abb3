import * as z from 'zod/mini'
import { hostOriginSchema } from './social'

/**
 * A new device's approval before it gets the wallet's key (docs/embedded-wallet.md#new-device-approval): a sign-in
 * by a social provider or Farcaster (or by an e-mail address changed lately) that reaches an existing wallet from a
 * device that holds no share of it gets a session, but no enrolment, until a device that holds one approves it — or
 * until its recovery's delay has passed with no device refusing it.
 */

/** How long a recovery without another device's approval waits before the device gets the key: 72 hours. */
export const RECOVERY_DELAY_MS = 72 * 60 * 60_000
/** How long a new device's request waits for an approval before it must be asked again: 15 minutes. */
export const ENROLMENT_REQUEST_TTL_MS = 15 * 60_000
/** A new device's request id as the cloud makes it: a UUID in lower case (randomUUID). */
export const ENROLMENT_REQUEST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Where a device's enrolment stands, as `POST /v1/embedded/device/enrolment` answers it: `granted` (it may collect
 * the shares now, once), `pending` (waiting for a device of the wallet to approve it), `recovering` (no approval:
 * the shares at `recoverAt`, unless a device of the wallet refuses first).
 */
export const ENROLMENT_STATUSES = ['granted', 'pending', 'recovering'] as const
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number]

/**
 * A new device's (or an approver's) poll: `wait` holds it for an answer; `site`, the page the new device's frame is
 * embedded in (one of its project's origins), is what an approving device is told the device signed in on.
 */
export const enrolmentRequestSchema = z.object({
  wait: z.optional(z.boolean()),
  site: z.optional(hostOriginSchema),
})
export const enrolmentStatusSchema = z.object({
  status: z.enum(ENROLMENT_STATUSES),
  /** When a recovery gives the key (epoch ms); null unless `recovering`. */
  recoverAt: z.nullable(z.number()),
})
export type EnrolmentState = z.infer<typeof enrolmentStatusSchema>

/** A new device waiting for this wallet's approval, as a device of the wallet shows it before it approves. */
export const newDeviceSchema = z.object({
  id: z.string().check(z.regex(ENROLMENT_REQUEST_ID_PATTERN)),
  /** The system its user agent names (`Mac`, `iPhone`, …) or 'Unknown'. */
  device: z.string(),
  browser: z.string(),
  /** Its network from its address (the cloud has no location database). */
  place: z.string(),
  /** How the wallet's user signs in: 'E-mail', or the provider's name ('Google', 'Farcaster'). */
  signedInWith: z.string(),
  /** The site it signed in on (its frame's host page, one of the project's origins); null when it named none. */
  site: z.nullable(z.string()),
  /** The name of the project (the app) whose sign-in it used. */
  project: z.string(),
  askedAt: z.number(),
  /** Set when it asked to recover without an approval: when it gets the key unless refused. */
  recoverAt: z.nullable(z.number()),
})
export type NewDevice = z.infer<typeof newDeviceSchema>
export const newDevicesSchema = z.object({ devices: z.array(newDeviceSchema) })
export const enrolmentAnswerSchema = z.object({
  id: z
    .string()
    .check(z.regex(ENROLMENT_REQUEST_ID_PATTERN, 'must be a new device request id (a lower-case UUID)')),
  approve: z.boolean(),
})
