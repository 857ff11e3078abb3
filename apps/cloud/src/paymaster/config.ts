import { addresses } from '@allaccess/chain/deployments'
import { DEVNET_PAYMASTER_SIGNER } from '@allaccess/chain/devnet'
import { type Address, getAddress, type Hex } from 'viem'
import { defineConfig, int, privateKey, type RawEnv } from '../config/section.js'
import { SETTLE_MAX_BLOCKS } from './reconcile.js'

const PAYMASTER_ADDRESS = /^PAYMASTER_ADDRESS_(\d{1,15})$/

/** `PAYMASTER_ADDRESS_<chainId>` entries over the devnet's SponsorPaymaster on 31337; `named` if there is any. */
function parsePaymasters(env: RawEnv, issues: string[]) {
  const paymasters = new Map<number, Address>([[31337, addresses.sponsorPaymaster]])
  let named = false
  for (const [name, value] of Object.entries(env)) {
    const match = PAYMASTER_ADDRESS.exec(name)
    if (!match?.[1] || value === undefined || value === '') continue
    named = true
    if (/^0x[0-9a-fA-F]{40}$/.test(value)) paymasters.set(Number(match[1]), getAddress(value))
    else issues.push(`${name}: expected a 0x address, got "${value}"`)
  }
  return { paymasters, named }
}

export type PaymasterConfig = {
  /** Signs the grants: the key the SponsorPaymaster contracts were deployed with as `signer`. */
  signerKey: Hex
  /** Each chain's SponsorPaymaster. */
  paymasters: ReadonlyMap<number, Address>
  /** How long a grant stays valid, in seconds. */
  grantSeconds: number
  /** The paymaster's own verification gas limit, when an operation names none. */
  verificationGas: number
  /** The most blocks one search for the grants' UserOperationEvents spans (what the chain's provider allows). */
  settleBlocks: number
}

/** The ERC-7677 paymaster service (docs/paymaster.md). */
export const paymasterConfig = defineConfig({
  env: {
    PAYMASTER_SIGNER_KEY: privateKey.optional(),
    PAYMASTER_GRANT_SECONDS: int(30, 86_400).default(600),
    PAYMASTER_VERIFICATION_GAS: int(10_000, 1_000_000).default(80_000),
    PAYMASTER_SETTLE_BLOCKS: int(10, 100_000).default(SETTLE_MAX_BLOCKS),
  },
  variables: parsePaymasters,
  read: (e, { production, issues, parsed }): { paymaster: PaymasterConfig } => {
    if (production && !e.PAYMASTER_SIGNER_KEY && parsed.named)
      issues.push(
        'PAYMASTER_SIGNER_KEY: required in production with PAYMASTER_ADDRESS_<chainId> (0x and 64 hex digits): the paymaster pays for what it signs',
      )
    return {
      paymaster: {
        signerKey: (e.PAYMASTER_SIGNER_KEY as Hex | undefined) ?? DEVNET_PAYMASTER_SIGNER.privateKey,
        // In production the devnet's public signer sponsors nothing: no key, no paymaster.
        paymasters: production && !e.PAYMASTER_SIGNER_KEY ? new Map() : parsed.paymasters,
        grantSeconds: e.PAYMASTER_GRANT_SECONDS,
        verificationGas: e.PAYMASTER_VERIFICATION_GAS,
        settleBlocks: e.PAYMASTER_SETTLE_BLOCKS,
      },
    }
  },
})
