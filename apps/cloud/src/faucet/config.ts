import { devAccounts } from '@allaccess/chain/devnet'
import type { Hex } from 'viem'
import { defineConfig, privateKey } from '../config/section.js'

/** The faucet's default sender: anvil's last funded dev account, which the tests and the seed leave alone. */
const FAUCET_DEV_ACCOUNT = devAccounts[devAccounts.length - 1] as (typeof devAccounts)[number]

/** The devnet faucet's sending account (apps/cloud/README.md#faucet). */
export const faucetConfig = defineConfig({
  env: { FAUCET_PRIVATE_KEY: privateKey.optional() },
  read: (e): { faucet: { privateKey: Hex } } => ({
    faucet: { privateKey: (e.FAUCET_PRIVATE_KEY as Hex | undefined) ?? FAUCET_DEV_ACCOUNT.privateKey },
  }),
})
