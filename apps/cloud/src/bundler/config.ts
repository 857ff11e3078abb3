import { DEFAULT_BUNDLER_PORT } from '@allaccess/chain/devnet'
import { defineConfig, int } from '../config/section.js'
import { parseChainUrls } from '../gateway/config.js'

/** The devnet's Alto under `npm start` (scripts/parts/bundler.ts). */
const DEFAULT_DEVNET_BUNDLER = `http://127.0.0.1:${DEFAULT_BUNDLER_PORT}`

/** The ERC-4337 bundler behind `/v1/bundler`: each chain's (`BUNDLER_UPSTREAM_<chainId>`) and its time-out. */
export const bundlerConfig = defineConfig({
  env: { BUNDLER_TIMEOUT_MS: int(1, 300_000).default(30_000) },
  variables: parseChainUrls('BUNDLER_UPSTREAM_', new Map([[31337, DEFAULT_DEVNET_BUNDLER]])),
  read: (e, { parsed: upstreams }) => ({ bundler: { upstreams, timeoutMs: e.BUNDLER_TIMEOUT_MS } }),
})
