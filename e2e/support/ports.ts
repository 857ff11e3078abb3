import { FRAME_HOST, hostOrigin, SITE_HOST } from '../../scripts/hosts'

/** e2e runs on its own ports so it never collides with a `npm start` stack on the defaults. */
export const E2E_ANVIL_PORT = Number(process.env.E2E_ANVIL_PORT ?? 18545)
export const E2E_SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 15173)
export const E2E_CLOUD_PORT = Number(process.env.E2E_CLOUD_PORT ?? 18787)
export const E2E_FRAME_PORT = Number(process.env.E2E_FRAME_PORT ?? 18788)
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 18789)
/** Alto, the ERC-4337 bundler behind the cloud's /v1/bundler (the smart-account specs' batches). */
export const E2E_BUNDLER_PORT = Number(process.env.E2E_BUNDLER_PORT ?? 14337)
/** The stack's local Solana chain, for the specs that use Solana (subscriptions on the port + 1). */
export const E2E_SOLANA_PORT = Number(process.env.E2E_SOLANA_PORT ?? 18899)
export const E2E_SOLANA_RPC_URL = `http://127.0.0.1:${E2E_SOLANA_PORT}`
/** The site and the frame on two host names of one site, as in production (scripts/hosts.ts). */
export const E2E_FRAME_URL = hostOrigin(FRAME_HOST, E2E_FRAME_PORT)
export const E2E_CLOUD_URL = `http://127.0.0.1:${E2E_CLOUD_PORT}`
export const E2E_RPC_URL = `http://127.0.0.1:${E2E_ANVIL_PORT}`
export const E2E_SITE_URL = hostOrigin(SITE_HOST, E2E_SITE_PORT)
/** The explorer the e2e build links transactions to (never visited: links are only checked). */
export const E2E_EXPLORER_URL = 'https://explorer.invalid'
/** The development identity provider of the six social providers. */
export const E2E_OIDC_URL = `http://127.0.0.1:${E2E_OIDC_PORT}`
