import { connect, createConfig, disconnect, http, injected } from '@wagmi/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alice, devnet } from '../../testing/devnet'

// The spec's injected-wallet revoke time-out (100 ms, §9) is wagmi's injected connector's own, not a constant of
// ours (docs/behaviour.md#connecting): this holds the connector we ship to it, so an upgrade that changes it fails.

/** An injected wallet that connects alice and never answers `wallet_revokePermissions` (as some wallets hang). */
function hangingWallet() {
  const asked: string[] = []
  const provider = {
    request: async ({ method }: { method: string }) => {
      asked.push(method)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [alice]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions') return new Promise(() => {})
      throw new Error(`not served: ${method}`)
    },
    on: () => {},
    removeListener: () => {},
  }
  return { provider, asked }
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe("an injected wallet's disconnect", () => {
  it('asks the wallet to revoke its permissions and waits 100 ms for it, no longer', async () => {
    // wagmi looks for injected wallets on `window` only: the page's global, here Node's.
    vi.stubGlobal('window', globalThis)
    const wallet = hangingWallet()
    const config = createConfig({
      chains: [devnet],
      connectors: [
        injected({ target: { id: 'hanging', name: 'Hanging', provider: wallet.provider as never } }),
      ],
      transports: { [devnet.id]: http() },
      storage: null,
      multiInjectedProviderDiscovery: false,
    })
    const [connector] = config.connectors
    if (!connector) throw new Error('no connector')
    await connect(config, { connector })
    vi.useFakeTimers()
    let done = false
    const disconnecting = disconnect(config, { connector }).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(99)
    expect(wallet.asked).toContain('wallet_revokePermissions')
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await disconnecting
    expect(done).toBe(true)
  })
})
