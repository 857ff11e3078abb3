import { addresses as devnetAddresses } from '@allaccess/chain/deployments'
import { ONRAMP_FEE_PERCENT_RANGE } from '@allaccess/protocol'
import { devKeySeed } from '@allaccess/solana-chain/dev-keys'
import type { Address } from 'viem'
import { z } from 'zod'
import { defineConfig } from '../config/section.js'

/** The sandbox on-ramp's publishable key and fee (1–2 %, docs/behaviour.md#on-ramp). */
const DEFAULT_ONRAMP_PUBLIC_KEY = 'pk_sandbox_allaccess'
const DEFAULT_ONRAMP_FEE_PERCENT = 1.5
/** The key the sandbox pays SOL from on the local Solana chain: its dev key 9 (public, like every dev key). */
const DEFAULT_ONRAMP_SOLANA_KEY = Buffer.from(devKeySeed(9)).toString('hex')

/** The sandbox on-ramp provider (apps/cloud/README.md#on-ramp). */
export type OnrampConfig = {
  /** The provider's publishable key, passed in the checkout URL (apps/cloud/README.md#on-ramp). */
  publicKey: string
  /** The provider's fee in percent (1–2 %, docs/behaviour.md#on-ramp). */
  feePercent: number
  /** The devnet token the sandbox delivers (TestUSD). */
  tokenAddress: Address
  /** The 32-byte ed25519 seed of the key the sandbox pays SOL from on the local Solana chain. */
  solanaSeed: Uint8Array
}

export const onrampConfig = defineConfig({
  env: {
    ONRAMP_PUBLIC_KEY: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/, '1 to 200 printable characters')
      .default(DEFAULT_ONRAMP_PUBLIC_KEY),
    ONRAMP_FEE_PERCENT: z.coerce
      .number()
      .min(ONRAMP_FEE_PERCENT_RANGE.min)
      .max(ONRAMP_FEE_PERCENT_RANGE.max)
      .default(DEFAULT_ONRAMP_FEE_PERCENT),
    ONRAMP_TOKEN_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, '0x and 40 hex digits')
      .default(devnetAddresses.testUsd),
    ONRAMP_SOLANA_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, '64 hex digits (an ed25519 seed)')
      .default(DEFAULT_ONRAMP_SOLANA_KEY),
  },
  read: (e): { onramp: OnrampConfig } => ({
    onramp: {
      publicKey: e.ONRAMP_PUBLIC_KEY,
      feePercent: e.ONRAMP_FEE_PERCENT,
      tokenAddress: e.ONRAMP_TOKEN_ADDRESS as Address,
      solanaSeed: new Uint8Array(Buffer.from(e.ONRAMP_SOLANA_KEY, 'hex')),
    },
  }),
})
