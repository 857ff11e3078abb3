import { SOCIAL_PROVIDERS, type SocialProvider } from '@allaccess/protocol'

/** One provider's registered app (README, Social login): the cloud is its OpenID Connect client. */
export type SocialProviderConfig = {
  clientId: string
  clientSecret: string
  /** The issuer, whose discovery document (`/.well-known/openid-configuration`) names the endpoints. */
  issuer: URL
}

export type SocialConfig = Partial<Record<SocialProvider, SocialProviderConfig>>

/** Plain HTTP is for an identity provider on this machine only (the development provider). */
const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]']
export const isLoopback = (url: URL) => LOOPBACK_HOSTS.includes(url.hostname)

const variable = (provider: SocialProvider, field: string) => `SOCIAL_${provider.toUpperCase()}_${field}`

/**
 * Reads `SOCIAL_<PROVIDER>_CLIENT_ID`, `_CLIENT_SECRET` and `_ISSUER` for each of the six providers: a provider
 * is on when its client id is set, and then needs the other two. Problems go to `issues`.
 */
export function parseSocialConfig(env: Record<string, string | undefined>, issues: string[]): SocialConfig {
  const config: SocialConfig = {}
  for (const provider of SOCIAL_PROVIDERS) {
    const [clientId, clientSecret, issuer] = ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'].map(
      (field) => env[variable(provider, field)] || undefined,
    )
    if (clientId === undefined) {
      if (clientSecret !== undefined || issuer !== undefined)
        issues.push(`${variable(provider, 'CLIENT_ID')}: required when the provider's other settings are set`)
      continue
    }
    if (clientSecret === undefined) issues.push(`${variable(provider, 'CLIENT_SECRET')}: required`)
    const parsed = URL.canParse(issuer ?? '') ? new URL(issuer as string) : undefined
    const url =
      parsed && (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopback(parsed)))
        ? parsed
        : undefined
    if (!url)
      issues.push(
        `${variable(provider, 'ISSUER')}: expected an https URL (http only on this machine), got "${issuer ?? ''}"`,
      )
    if (clientSecret !== undefined && url) config[provider] = { clientId, clientSecret, issuer: url }
  }
  return config
}
