export { FAUCET_AMOUNT_ETH, FAUCET_MAX_PER_ADDRESS, FAUCET_WINDOW_MS, Faucet } from './faucet.js'
export { faucetRoutes } from './routes.js'
export { DevnetSigner, type DevnetTransaction } from './signer.js'
