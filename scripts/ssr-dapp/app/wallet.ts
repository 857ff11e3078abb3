import { createModal } from '@allaccess/modal'
import { createEvmAdapter, readPersistedState } from '@allaccess/modal/evm'
import { createConfig, http } from '@wagmi/core'
import { defineChain } from 'viem'

const devnet = defineChain({
  id: 31337,
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [import.meta.env.VITE_RPC_URL] } },
})

/**
 * The stored connection, read in the browser before the config exists (creating it writes over the stored one);
 * handed to wagmi after hydration (root.tsx). On the server there is none.
 */
export const storedConnection = typeof window === 'undefined' ? undefined : readPersistedState()

// `ssr: true`: wagmi reads nothing from storage itself, so the browser's first render is the server's, disconnected.
export const wagmiConfig = createConfig({ chains: [devnet], transports: { [devnet.id]: http() }, ssr: true })

// Created on the server too: creating the modal touches no browser global and fetches nothing.
export const modal = createModal({
  adapters: [createEvmAdapter(wagmiConfig)],
  metadata: { name: 'SSR dapp', description: 'Server rendered', url: 'http://127.0.0.1', icons: [] },
  projectId: 'ssr-dapp',
})
