import { createConfig, http, mock } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { alice, devnet } from '../../testing/devnet'
import { addWalletConnectConnector, hasWalletConnectConnection } from './addWalletConnectConnector'

const options = {
  projectId: 'allaccess-local',
  relayUrl: 'ws://127.0.0.1:1/relay',
  verifyUrl: 'http://127.0.0.1:1/verify/v3',
}

function setup() {
  return createConfig({
    chains: [devnet],
    connectors: [mock({ accounts: [alice] })],
    transports: { [devnet.id]: http() },
    multiInjectedProviderDiscovery: false,
  })
}

describe('addWalletConnectConnector', () => {
  it('adds the WalletConnect connector to the config at run time, after the configured ones', async () => {
    const config = setup()
    const connector = await addWalletConnectConnector(config, options)
    expect(config.connectors.map(({ id, type }) => ({ id, type }))).toEqual([
      { id: 'mock', type: 'mock' },
      { id: 'walletConnect', type: 'walletConnect' },
    ])
    expect(config.connectors.at(-1)).toBe(connector)
  })

  it("carries WalletConnect's icon, an SVG data URI, for the picker and the QR code", async () => {
    const connector = await addWalletConnectConnector(setup(), options)
    expect(connector.icon).toMatch(/^data:image\/svg\+xml,%3Csvg%20/)
    expect(decodeURIComponent(connector.icon?.slice('data:image/svg+xml,'.length) ?? '')).toContain('#3B99FC')
  })

  it('notifies watchers of the connectors, as for a wallet discovered by EIP-6963', async () => {
    const config = setup()
    const seen: string[][] = []
    config._internal.connectors.subscribe((connectors) => seen.push(connectors.map(({ id }) => id)))
    await addWalletConnectConnector(config, options)
    expect(seen).toEqual([['mock', 'walletConnect']])
  })

  it('registers once per config, however often and concurrently it is called', async () => {
    const config = setup()
    const [first, second] = await Promise.all([
      addWalletConnectConnector(config, options),
      addWalletConnectConnector(config, options),
    ])
    expect(await addWalletConnectConnector(config, options)).toBe(first)
    expect(second).toBe(first)
    expect(config.connectors.filter(({ type }) => type === 'walletConnect')).toHaveLength(1)
  })

  it('loads no provider and reports no session while nobody has picked WalletConnect', async () => {
    const connector = await addWalletConnectConnector(setup(), options)
    expect(await connector.isAuthorized()).toBe(false)
    expect(await connector.getProvider()).toBeUndefined()
  })
})

describe('hasWalletConnectConnection', () => {
  const stored = (type: string) => ({
    connections: new Map([
      [
        'uid',
        {
          accounts: [alice] as const,
          chainId: devnet.id,
          connector: { id: type, name: type, type, uid: 'uid' },
        },
      ],
    ]),
  })

  it('is true only for a stored WalletConnect connection', () => {
    expect(hasWalletConnectConnection(stored('walletConnect') as never)).toBe(true)
    expect(hasWalletConnectConnection(stored('injected') as never)).toBe(false)
    expect(hasWalletConnectConnection({ connections: new Map() })).toBe(false)
    expect(hasWalletConnectConnection(undefined)).toBe(false)
  })
})
