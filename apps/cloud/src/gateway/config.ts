import { defineConfig, httpUrl, int, type RawEnv } from '../config/section.js'

const DEFAULT_ANVIL = 'http://127.0.0.1:8545'
const UPSTREAM_KEY = /^RPC_UPSTREAM_(\d{1,15})$/

/** Reads `RPC_UPSTREAM_<chainId>` entries; anvil serves 31337 unless told otherwise. */
function parseUpstreams(env: RawEnv, issues: string[]): Map<number, string> {
  const upstreams = new Map<number, string>([[31337, DEFAULT_ANVIL]])
  for (const [key, value] of Object.entries(env)) {
    const match = UPSTREAM_KEY.exec(key)
    if (!match?.[1] || value === undefined || value === '') continue
    const url = httpUrl.safeParse(value)
    if (url.success) upstreams.set(Number(match[1]), url.data)
    else issues.push(`${key}: expected an http(s) URL, got "${value}"`)
  }
  return upstreams
}

/** The RPC gateway: each chain's upstream and the bounds of what one call may ask. */
export const gatewayConfig = defineConfig({
  env: {
    RPC_TIMEOUT_MS: int(1, 300_000).default(10_000),
    RPC_MAX_LOG_BLOCK_RANGE: int(0, 100_000_000).default(10_000),
    RPC_MAX_LOG_RESULTS: int(1, 1_000_000).default(10_000),
  },
  variables: parseUpstreams,
  read: (e, { parsed: upstreams }) => ({
    rpc: {
      upstreams,
      timeoutMs: e.RPC_TIMEOUT_MS,
      /** eth_getLogs bounds: blocks one call may span, logs one answer may carry. */
      logs: { maxBlockRange: e.RPC_MAX_LOG_BLOCK_RANGE, maxResults: e.RPC_MAX_LOG_RESULTS },
    },
  }),
})
