import { SOLANA_NETWORKS } from '@allaccess/protocol'
import { LOCAL_SOLANA_CHAIN_ID } from '@allaccess/solana-chain/constants'
import { defineConfig, httpUrl, int } from '../config/section.js'

/** The local chain of `npm start` (packages/solana-chain), served unless told otherwise, as anvil is for EVM. */
const DEFAULT_LOCAL_SOLANA = 'http://127.0.0.1:8899'

/**
 * The Solana networks' upstreams (apps/cloud/README.md#solana): the local chain by default; mainnet, devnet and
 * testnet once their node's URL is set.
 */
export const solanaConfig = defineConfig({
  env: {
    SOLANA_RPC_LOCAL: httpUrl.default(DEFAULT_LOCAL_SOLANA),
    SOLANA_RPC_MAINNET: httpUrl.optional(),
    SOLANA_RPC_DEVNET: httpUrl.optional(),
    SOLANA_RPC_TESTNET: httpUrl.optional(),
    SOLANA_RPC_TIMEOUT_MS: int(1, 300_000).default(10_000),
  },
  read: (e) => {
    const upstreams = new Map<string, string>([[LOCAL_SOLANA_CHAIN_ID, e.SOLANA_RPC_LOCAL]])
    const named = {
      mainnet: e.SOLANA_RPC_MAINNET,
      devnet: e.SOLANA_RPC_DEVNET,
      testnet: e.SOLANA_RPC_TESTNET,
    }
    for (const [name, url] of Object.entries(named))
      if (url) upstreams.set(SOLANA_NETWORKS[name as keyof typeof named], url)
    return { solana: { upstreams, timeoutMs: e.SOLANA_RPC_TIMEOUT_MS } }
  },
})
