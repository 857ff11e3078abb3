import { SOCIAL_CALLBACK_PATH, SOCIAL_PROVIDERS } from '@allaccess/protocol'
import { DEV_USER_APIS, type DevClient } from './provider.js'

/** The development app of each social provider: its client id is the provider's name (not a secret worth keeping). */
const secretOf = (provider: string) => `dev-secret-${provider}`

/** The six providers' apps, each sending the user back to the cloud at `cloudUrl`. */
export const devClients = (cloudUrl: string): DevClient[] =>
  SOCIAL_PROVIDERS.map((provider) => ({
    clientId: provider,
    clientSecret: secretOf(provider),
    redirectUris: [`${cloudUrl.replace(/\/+$/, '')}${SOCIAL_CALLBACK_PATH}`],
  }))

/**
 * The cloud's configuration of the six providers against the development provider at `issuer`: GitHub and X as
 * the plain OAuth 2.0 providers they really are (its authorization and token endpoints, their emulated user
 * APIs), the other four by OpenID Connect discovery; Apple in the form_post response mode, like the real one.
 */
export const devSocialEnv = (issuer: string): Record<string, string> =>
  Object.fromEntries(
    SOCIAL_PROVIDERS.flatMap((provider) => {
      const prefix = `SOCIAL_${provider.toUpperCase()}_`
      const userApi = provider === 'github' || provider === 'x' ? DEV_USER_APIS[provider] : undefined
      return [
        [`${prefix}CLIENT_ID`, provider],
        [`${prefix}CLIENT_SECRET`, secretOf(provider)],
        ...(userApi
          ? [
              // oidc-provider's own paths (its discovery document names them too).
              [`${prefix}AUTHORIZATION_URL`, `${issuer}/auth`],
              [`${prefix}TOKEN_URL`, `${issuer}/token`],
              [`${prefix}USERINFO_URL`, `${issuer}${userApi.path}`],
            ]
          : [[`${prefix}ISSUER`, issuer]]),
        // Apple sends the user back by a POSTed form, as the real one does when asked for the name or e-mail.
        ...(provider === 'apple' ? [[`${prefix}RESPONSE_MODE`, 'form_post']] : []),
      ]
    }),
  )
