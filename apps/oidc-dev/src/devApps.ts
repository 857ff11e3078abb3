import { SOCIAL_CALLBACK_PATH, SOCIAL_PROVIDERS } from '@allaccess/protocol'
import type { DevClient } from './provider.js'

/** The development app of each social provider: its client id is the provider's name (not a secret worth keeping). */
const secretOf = (provider: string) => `dev-secret-${provider}`

/** The six providers' apps, each sending the user back to the cloud at `cloudUrl`. */
export const devClients = (cloudUrl: string): DevClient[] =>
  SOCIAL_PROVIDERS.map((provider) => ({
    clientId: provider,
    clientSecret: secretOf(provider),
    redirectUris: [`${cloudUrl.replace(/\/+$/, '')}${SOCIAL_CALLBACK_PATH}`],
  }))

/** The cloud's configuration of the six providers against the development provider at `issuer`. */
export const devSocialEnv = (issuer: string): Record<string, string> =>
  Object.fromEntries(
    SOCIAL_PROVIDERS.flatMap((provider) => {
      const prefix = `SOCIAL_${provider.toUpperCase()}_`
      return [
        [`${prefix}CLIENT_ID`, provider],
        [`${prefix}CLIENT_SECRET`, secretOf(provider)],
        [`${prefix}ISSUER`, issuer],
      ]
    }),
  )
