export { SOLANA_ADDRESS_TEXT, type SolanaBalanceOptions, solanaBalances } from './balances.js'
export { solanaService } from './definition.js'
export { solanaGatewayChain } from './gateway.js'
export { isSolanaChainId, SOLANA_CHAIN_ID, SolanaNetworks } from './networks.js'
