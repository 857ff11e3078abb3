import { addresses as devnetAddresses } from '@allaccess/chain/deployments'
import { ONRAMP_FEE_PERCENT_RANGE } from '@allaccess/protocol'
import type { Address } from 'viem'
import { z } from 'zod'
import { defineConfig } from '../config/section.js'

/** The sandbox on-ramp's publishable key and fee (1–2 %, docs/behaviour.md#on-ramp). */
const DEFAULT_ONRAMP_PUBLIC_KEY = 'pk_sandbox_allaccess'
const DEFAULT_ONRAMP_FEE_PERCENT = 1.5

/** The sandbox on-ramp provider (apps/cloud/README.md#on-ramp). */
export type OnrampConfig = {
  /** The provider's publishable key, passed in the checkout URL (apps/cloud/README.md#on-ramp). */
  publicKey: string
  /** The provider's fee in percent (1–2 %, docs/behaviour.md#on-ramp). */
  feePercent: number
  /** The devnet token the sandbox delivers (TestUSD). */
  tokenAddress: Address
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
  },
  read: (e): { onramp: OnrampConfig } => ({
    onramp: {
      publicKey: e.ONRAMP_PUBLIC_KEY,
      feePercent: e.ONRAMP_FEE_PERCENT,
      tokenAddress: e.ONRAMP_TOKEN_ADDRESS as Address,
    },
  }),
})
