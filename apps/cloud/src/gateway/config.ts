import { defineConfig, httpUrl, int, type RawEnv } from '../config/section.js'

const DEFAULT_ANVIL = 'http://127.0.0.1:8545'

/**
 * Reads `<PREFIX><chainId>` entries (e.g. `RPC_UPSTREAM_10`) over `defaults`; a value that is not an http(s) URL
 * is an issue.
 */
export function parseChainUrls(
  prefix: string,
  defaults: ReadonlyMap<number, string>,
): (env: RawEnv, issues: string[]) => Map<number, string> {
  const key = new RegExp(`^${prefix}(\\d{1,15})$`)
  return (env, issues) => {
    const urls = new Map(defaults)
    for (const [name, value] of Object.entries(env)) {
      const match = key.exec(name)
      if (!match?.[1] || value === undefined || value === '') continue
      const url = httpUrl.safeParse(value)
      if (url.success) urls.set(Number(match[1]), url.data)
      else issues.push(`${name}: expected an http(s) URL, got "${value}"`)
    }
    return urls
  }
}

/** The RPC gateway: each chain's upstream and the bounds of what one call may ask. */
export const gatewayConfig = defineConfig({
  env: {
    RPC_TIMEOUT_MS: int(1, 300_000).default(10_000),
    RPC_MAX_LOG_BLOCK_RANGE: int(0, 100_000_000).default(10_000),
    RPC_MAX_LOG_RESULTS: int(1, 1_000_000).default(10_000),
  },
  // Anvil serves 31337 unless told otherwise.
  variables: parseChainUrls('RPC_UPSTREAM_', new Map([[31337, DEFAULT_ANVIL]])),
  read: (e, { parsed: upstreams }) => ({
    rpc: {
      upstreams,
      timeoutMs: e.RPC_TIMEOUT_MS,
      /** eth_getLogs bounds: blocks one call may span, logs one answer may carry. */
      logs: { maxBlockRange: e.RPC_MAX_LOG_BLOCK_RANGE, maxResults: e.RPC_MAX_LOG_RESULTS },
    },
  }),
})
