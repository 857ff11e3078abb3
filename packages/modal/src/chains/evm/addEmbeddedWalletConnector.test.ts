import { createConfig, http, mock } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { alice, devnet } from '../../testing/devnet'
import { addEmbeddedWalletConnector } from './addEmbeddedWalletConnector'
import { toConnector } from './toConnector'

const options = {
  frameUrl: 'http://127.0.0.1:1/',
  projectId: 'allaccess-local',
  rpcUrl: () => 'http://127.0.0.1:1/rpc',
  version: '0.0.0',
}

describe('addEmbeddedWalletConnector', () => {
  it("adds the embedded wallet once, as the modal's AUTH connector with AppKit's id ID_AUTH", async () => {
    const config = createConfig({
      chains: [devnet],
      connectors: [mock({ accounts: [alice] })],
      transports: { [devnet.id]: http() },
      multiInjectedProviderDiscovery: false,
    })
    const connector = await addEmbeddedWalletConnector(config, options)
    expect(await addEmbeddedWalletConnector(config, options)).toBe(connector)
    expect(config.connectors.map(({ id, type }) => ({ id, type }))).toEqual([
      { id: 'mock', type: 'mock' },
      { id: 'ID_AUTH', type: 'embeddedWallet' },
    ])
    expect(toConnector(connector)).toMatchObject({ id: 'ID_AUTH', type: 'AUTH', name: 'E-mail' })
  })
})
