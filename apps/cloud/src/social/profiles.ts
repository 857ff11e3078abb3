import type { SocialProvider } from '@allaccess/protocol'
import { z } from 'zod'

/** Who signed in, as the cloud keeps it: the provider's stable id for the user and a name to show. */
export type Profile = { subject: string; username: string }

/** A user id: GitHub's and Discord's are numbers (or numeric strings), the others strings. */
const id = z.union([z.string().min(1).max(255), z.number().int().nonnegative().transform(String)])
const name = z.string().min(1).max(255).optional().catch(undefined)

const firstName = (...names: (string | undefined)[]) => names.find((value) => value !== undefined)

/** Standard claims (an ID token, an OpenID Connect userinfo answer) or a user with an `id`: the first name it has. */
const generic = z
  .object({ sub: id.optional(), id: id.optional(), preferred_username: name, name, email: name })
  .transform((user, context) => {
    const subject = user.sub ?? user.id
    if (subject === undefined) {
      context.addIssue({ code: 'custom', message: 'no sub or id' })
      return z.NEVER
    }
    return { subject, username: firstName(user.preferred_username, user.name, user.email) ?? subject }
  })

/** Each provider's user API, read into a profile: its own shape where it has one, the generic one otherwise. */
const PROFILES: Readonly<Record<SocialProvider, z.ZodType<Profile, unknown>>> = {
  // GET https://api.github.com/user
  github: z.object({ id, login: z.string().min(1).max(255) }).transform((user) => ({
    subject: user.id,
    username: user.login,
  })),
  // GET https://api.x.com/2/users/me
  x: z
    .object({ data: z.object({ id, username: z.string().min(1).max(255) }) })
    .transform(({ data }) => ({ subject: data.id, username: data.username })),
  // GET https://discord.com/api/users/@me
  discord: z.object({ id, username: z.string().min(1).max(255) }).transform((user) => ({
    subject: user.id,
    username: user.username,
  })),
  // GET https://graph.facebook.com/me
  facebook: z
    .object({ id, name })
    .transform((user) => ({ subject: user.id, username: user.name ?? user.id })),
  google: generic,
  apple: generic,
}

const JSON_PARSE_FAILED = Symbol('not JSON')
/** The JSON value of `text`, or a value no schema takes when it is not JSON. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return JSON_PARSE_FAILED
  }
}

/** The profile in `provider`'s user API answer; undefined when it is not one (no id, wrong shape). */
export const readProfile = (provider: SocialProvider, body: unknown): Profile | undefined => {
  const parsed = PROFILES[provider].safeParse(body)
  return parsed.success ? parsed.data : undefined
}

/**
 * The profile in an ID token's standard claims; `givenName` is the name when the claims have none (Apple puts
 * the name in its first form_post, never in the ID token).
 */
export const readClaims = (claims: unknown, givenName?: string): Profile | undefined => {
  const named = givenName !== undefined && typeof claims === 'object' && claims !== null
  const parsed = generic.safeParse(named ? { name: givenName, ...claims } : claims)
  return parsed.success ? parsed.data : undefined
}

/** The largest `user` field read from Apple's form_post (a name and an e-mail address: well under 1 KB). */
export const APPLE_USER_MAX_CHARS = 2048

const appleUser = z.object({
  name: z.object({
    firstName: z.string().max(255).optional(),
    lastName: z.string().max(255).optional(),
  }),
})

/**
 * The name in the `user` JSON Apple POSTs on a user's first sign-in (`{"name":{"firstName","lastName"}}`):
 * "first last", or undefined when it is absent, too long, malformed or empty.
 */
export function readAppleUserName(user: string | undefined): string | undefined {
  if (user === undefined || user.length > APPLE_USER_MAX_CHARS) return undefined
  const parsed = appleUser.safeParse(parseJson(user))
  if (!parsed.success) return undefined
  const { firstName, lastName } = parsed.data.name
  const name = [firstName, lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return name.length > 0 ? name.slice(0, 255) : undefined
}
