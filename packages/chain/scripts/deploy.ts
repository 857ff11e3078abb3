// Deploys (idempotently) to a running node and regenerates src/generated/deployments.ts.
// Usage: npm run deploy -w @allaccess/chain [-- --rpc-url http://127.0.0.1:8545]   (or RPC_URL=...)
import { deployAll } from '../src/deploy'
import { DEFAULT_ANVIL_HOST, DEFAULT_ANVIL_PORT } from '../src/devnet'
import { printDeployment } from './print'

const flag = process.argv.indexOf('--rpc-url')
const rpcUrl =
  (flag >= 0 ? process.argv[flag + 1] : undefined) ??
  process.env.RPC_URL ??
  `http://${DEFAULT_ANVIL_HOST}:${DEFAULT_ANVIL_PORT}`

// NAMES_GATEWAY_URL points the names resolver at a cloud other than the default 127.0.0.1:8787 (docs/names.md).
const gatewayUrl = process.env.NAMES_GATEWAY_URL
printDeployment(rpcUrl, await deployAll({ rpcUrl, ...(gatewayUrl ? { names: { gatewayUrl } } : {}) }))
