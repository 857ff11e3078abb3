import type { SiwxMessageData } from '../types'

/**
 * The text a Solana wallet signs to sign in: CAIP-122's message for the solana namespace (the shape Sign In With
 * Solana writes), the chain named by its CAIP-2 reference. Optional fields are left out when empty.
 */
export function formatSolanaSignIn(data: SiwxMessageData): string {
  const [, reference] = data.chainId.split(':')
  const head = [`${data.domain} wants you to sign in with your Solana account:`, data.accountAddress]
  const statement = data.statement ? ['', data.statement] : []
  const fields: [string, string | undefined][] = [
    ['URI', data.uri],
    ['Version', data.version],
    ['Chain ID', reference],
    ['Nonce', data.nonce],
    ['Issued At', data.issuedAt],
    ['Expiration Time', data.expirationTime],
    ['Not Before', data.notBefore],
    ['Request ID', data.requestId],
  ]
  const written = fields.flatMap(([name, value]) => (value ? [`${name}: ${value}`] : []))
  const resources = data.resources?.length ? ['Resources:', ...data.resources.map((r) => `- ${r}`)] : []
  return [...head, ...statement, '', ...written, ...resources].join('\n')
}
