import type { EmbeddedUser } from '@allaccess/protocol'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import { embeddedUsers as users } from './tables.js'

/** The user an answer describes: an e-mail user has no provider or username. */
export const emailUser = (email: string, address: string | null): EmbeddedUser => ({
  email,
  address,
  provider: null,
  username: null,
})

/** E-mail addresses are compared and stored lower-cased. */
export const normalise = (email: string) => email.toLowerCase()

/** The user of an e-mail address (normalised), if it has one. */
export async function userByEmail(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, address: users.address })
    .from(users)
    .where(eq(users.email, email))
  return user
}
