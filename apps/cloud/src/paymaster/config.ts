import { addresses } from '@allaccess/chain/deployments'
import { DEVNET_PAYMASTER_SIGNER } from '@allaccess/chain/devnet'
import { type Address, getAddress, type Hex } from 'viem'
import { defineConfig, int, privateKey, type RawEnv } from '../config/section.js'

const PAYMASTER_ADDRESS = /^PAYMASTER_ADDRESS_(\d{1,15})$/

/** `PAYMASTER_ADDRESS_<chainId>` entries over the devnet's SponsorPaymaster on 31337. */
function parsePaymasters(env: RawEnv, issues: string[]): Map<number, Address> {
  const paymasters = new Map<number, Address>([[31337, addresses.sponsorPaymaster]])
  for (const [name, value] of Object.entries(env)) {
    const match = PAYMASTER_ADDRESS.exec(name)
    if (!match?.[1] || value === undefined || value === '') continue
    if (/^0x[0-9a-fA-F]{40}$/.test(value)) paymasters.set(Number(match[1]), getAddress(value))
    else issues.push(`${name}: expected a 0x address, got "${value}"`)
  }
  return paymasters
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
}

/** The ERC-7677 paymaster service (docs/paymaster.md). */
export const paymasterConfig = defineConfig({
  env: {
    PAYMASTER_SIGNER_KEY: privateKey.optional(),
    PAYMASTER_GRANT_SECONDS: int(30, 86_400).default(600),
    PAYMASTER_VERIFICATION_GAS: int(10_000, 1_000_000).default(80_000),
  },
  variables: parsePaymasters,
  read: (e, { production, issues, parsed }): { paymaster: PaymasterConfig } => {
    if (production && !e.PAYMASTER_SIGNER_KEY)
      issues.push(
        'PAYMASTER_SIGNER_KEY: required in production (0x and 64 hex digits): the paymaster pays for what it signs',
      )
    return {
      paymaster: {
        signerKey: (e.PAYMASTER_SIGNER_KEY as Hex | undefined) ?? DEVNET_PAYMASTER_SIGNER.privateKey,
        paymasters: parsed,
        grantSeconds: e.PAYMASTER_GRANT_SECONDS,
        verificationGas: e.PAYMASTER_VERIFICATION_GAS,
      },
    }
  },
})
