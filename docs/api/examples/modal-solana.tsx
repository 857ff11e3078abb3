import { createModal, type Network } from '@allaccess/modal'
import { solanaAdapter } from '@allaccess/modal/solana'

/** Solana's mainnet, read through a node of the site's choosing (the cloud's gateway, or any Solana JSON-RPC). */
const solanaMainnet: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://rpc.example/solana'] } },
}

// Wallet Standard wallets with Solana chains show in Connect beside the EIP-6963 ones; the family's code is a chunk
// of its own, fetched as the modal is created.
export const modal = createModal({
  adapters: [solanaAdapter({ networks: [solanaMainnet] })],
  metadata: { name: 'My dapp', description: 'Sends SOL', url: 'https://dapp.example', icons: [] },
  projectId: 'my-project',
})
