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

/** The profile in `provider`'s user API answer; undefined when it is not one (no id, wrong shape). */
export const readProfile = (provider: SocialProvider, body: unknown): Profile | undefined => {
  const parsed = PROFILES[provider].safeParse(body)
  return parsed.success ? parsed.data : undefined
}

/** The profile in an ID token's standard claims. */
export const readClaims = (claims: unknown): Profile | undefined => {
  const parsed = generic.safeParse(claims)
  return parsed.success ? parsed.data : undefined
}
