import { SOCIAL_PROVIDERS, type SocialProvider } from '@allaccess/protocol'
import { ENDPOINTS_SCOPES, SOCIAL_SCOPE } from './limits.js'

/**
 * One provider's registered app (README, Social login). `oidc`: an OpenID Connect provider, its endpoints from the
 * issuer's discovery document, the user from the ID token. `endpoints`: a plain OAuth 2.0 provider (GitHub, X),
 * its three endpoints given, the user from its user API.
 */
export type SocialProviderConfig = {
  clientId: string
  clientSecret: string
  scope: string
  responseMode: SocialResponseMode
} & (
  | { mode: 'oidc'; issuer: URL }
  | { mode: 'endpoints'; authorizationUrl: URL; tokenUrl: URL; userinfoUrl: URL }
)

/**
 * How the provider sends the user back: `query`, a redirect (GET) with the code in the URL; `form_post`, a form
 * POSTed by the user's browser (Apple's, whenever the name or e-mail is asked for).
 */
export const SOCIAL_RESPONSE_MODES = ['query', 'form_post'] as const
export type SocialResponseMode = (typeof SOCIAL_RESPONSE_MODES)[number]

export type SocialConfig = Partial<Record<SocialProvider, SocialProviderConfig>>

/** Plain HTTP is for an identity provider on this machine only (the development provider). */
const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]']
export const isLoopback = (url: URL) => LOOPBACK_HOSTS.includes(url.hostname)

const variable = (provider: SocialProvider, field: string) => `SOCIAL_${provider.toUpperCase()}_${field}`

const ENDPOINT_FIELDS = ['AUTHORIZATION_URL', 'TOKEN_URL', 'USERINFO_URL'] as const
const ALL_FIELDS = ['CLIENT_SECRET', 'ISSUER', ...ENDPOINT_FIELDS, 'SCOPE', 'RESPONSE_MODE'] as const

/** The URL of `field`, https (http only on this machine); an issue otherwise. */
function secureUrl(provider: SocialProvider, field: string, value: string | undefined, issues: string[]) {
  const parsed = URL.canParse(value ?? '') ? new URL(value as string) : undefined
  if (parsed && (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopback(parsed))))
    return parsed
  issues.push(
    `${variable(provider, field)}: expected an https URL (http only on this machine), got "${value ?? ''}"`,
  )
  return undefined
}

/**
 * Reads each of the six providers' `SOCIAL_<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET`, and either `_ISSUER`
 * (OpenID Connect) or `_AUTHORIZATION_URL`, `_TOKEN_URL` and `_USERINFO_URL` (plain OAuth 2.0), never both;
 * `_SCOPE` replaces the mode's default scope; `_RESPONSE_MODE` is `query` (the default) or `form_post`. A provider is on when its client id is set. Problems go to
 * `issues`.
 */
export function parseSocialConfig(env: Record<string, string | undefined>, issues: string[]): SocialConfig {
  const config: SocialConfig = {}
  for (const provider of SOCIAL_PROVIDERS) {
    const read = (field: string) => env[variable(provider, field)] || undefined
    const clientId = read('CLIENT_ID')
    if (clientId === undefined) {
      if (ALL_FIELDS.some((field) => read(field) !== undefined))
        issues.push(`${variable(provider, 'CLIENT_ID')}: required when the provider's other settings are set`)
      continue
    }
    const clientSecret = read('CLIENT_SECRET')
    if (clientSecret === undefined) issues.push(`${variable(provider, 'CLIENT_SECRET')}: required`)
    const issuer = read('ISSUER')
    const endpointsSet = ENDPOINT_FIELDS.filter((field) => read(field) !== undefined)
    const responseMode = read('RESPONSE_MODE') ?? 'query'
    const responseModeKnown = SOCIAL_RESPONSE_MODES.includes(responseMode as SocialResponseMode)
    if (!responseModeKnown)
      issues.push(
        `${variable(provider, 'RESPONSE_MODE')}: expected query or form_post, got "${responseMode}"`,
      )
    const app = {
      clientId,
      clientSecret: clientSecret ?? '',
      responseMode: responseMode as SocialResponseMode,
    }
    let parsed: SocialProviderConfig | undefined
    if (issuer !== undefined && endpointsSet.length > 0) {
      issues.push(
        `${variable(provider, 'ISSUER')}: set either it (OpenID Connect) or ${endpointsSet.map((field) => variable(provider, field)).join(', ')} (OAuth 2.0), not both`,
      )
    } else if (endpointsSet.length > 0) {
      const missing = ENDPOINT_FIELDS.filter((field) => !endpointsSet.includes(field))
      if (missing.length > 0)
        issues.push(
          `${missing.map((field) => variable(provider, field)).join(', ')}: required with ${endpointsSet.map((field) => variable(provider, field)).join(', ')} (an OAuth 2.0 provider needs all three endpoints)`,
        )
      else {
        const [authorizationUrl, tokenUrl, userinfoUrl] = ENDPOINT_FIELDS.map((field) =>
          secureUrl(provider, field, read(field), issues),
        )
        if (authorizationUrl && tokenUrl && userinfoUrl)
          parsed = {
            ...app,
            mode: 'endpoints',
            authorizationUrl,
            tokenUrl,
            userinfoUrl,
            scope: read('SCOPE') ?? ENDPOINTS_SCOPES[provider],
          }
      }
    } else {
      const url = secureUrl(provider, 'ISSUER', issuer, issues)
      const scope = read('SCOPE') ?? SOCIAL_SCOPE
      // Without `openid` an OpenID Connect provider gives no ID token, and the ID token is the user.
      if (!scope.split(' ').includes('openid'))
        issues.push(
          `${variable(provider, 'SCOPE')}: an OpenID Connect provider's scope needs openid, got "${scope}"`,
        )
      else if (url) parsed = { ...app, mode: 'oidc', issuer: url, scope }
    }
    if (clientSecret !== undefined && responseModeKnown && parsed) config[provider] = parsed
  }
  return config
}
