import { constants } from '@allaccess/modal'
import { readPersistedState } from '@allaccess/modal/evm'
import { createConfig, getClient, http, injected } from '@wagmi/core'
import { defineChain } from 'viem'
import { env } from './env'
import { gatewayFirst } from './gatewayFirst'

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
/** A cloud that accepts the connection but does not answer must not hold the page for viem's 10 s default. */
const GATEWAY_TIMEOUT_MS = 5000
const rpcUrls = [env.gatewayUrl, ...(env.chainRpcUrl ? [env.chainRpcUrl] : [])]

/** The one network of this site, from configuration. */
export const chain = defineChain({
  id: env.chainId,
  name: env.chainName,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: rpcUrls } },
  contracts: { multicall3: { address: MULTICALL3 } },
  ...(env.explorerUrl ? { blockExplorers: { default: { name: 'Explorer', url: env.explorerUrl } } } : {}),
})

/** Read before the config exists (creating it overwrites the stored state): a reload renders connected at once. */
export const initialState = readPersistedState()

/** The single source of wallet state for the page's hooks and the modal alike. */
export const wagmiConfig = createConfig({
  chains: [chain],
  // A wallet that injects itself after the page's scripts still reconnects (waits up to 1 s for it).
  connectors: [injected({ unstable_shimAsyncInject: constants.ASYNC_INJECT_WAIT_MS })],
  // Chain reads go through multicall in batches of up to 1024 bytes of calldata.
  batch: { multicall: { batchSize: constants.MULTICALL_BATCH_SIZE_BYTES } },
  // The gateway, and while the cloud is down (refused, failing or past the time-out) the chain's own RPC.
  transports: {
    [chain.id]: env.chainRpcUrl
      ? gatewayFirst(http(env.gatewayUrl, { timeout: GATEWAY_TIMEOUT_MS }), http(env.chainRpcUrl))
      : http(env.gatewayUrl),
  },
})

const configuredClient = getClient(wagmiConfig, { chainId: chain.id })
if (!configuredClient) throw new Error(`No client for chain ${chain.id}`)
/** The chain's client (reads through the gateway), for raw calls and receipts. */
export const chainClient = configuredClient
