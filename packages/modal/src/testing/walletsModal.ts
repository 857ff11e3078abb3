import { connect, createConfig, http } from '@wagmi/core'
import { createModal } from '../app/createModal'
import { createEvmAdapter } from '../chains/evm/createEvmAdapter'
import { profileWalletsFeature } from '../features/profileWallets/profileWalletsFeature'
import { alice, bob, devnet } from './devnet'
import { memoryStorage } from './memoryStorage'
import { metadata, namedMock } from './mockModal'
import { createTestChainAdapter } from './testChainAdapter'

export const carol = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A modal over three EVM wallets (a, b, c) and the test family's two, with its storage. */
export async function walletsModal(items = new Map<string, string>()) {
  const config = createConfig({
    chains: [devnet],
    connectors: [namedMock('a', alice), namedMock('b', bob), namedMock('c', carol)],
    transports: { [devnet.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
  const testChain = createTestChainAdapter()
  const modal = createModal({
    adapters: [createEvmAdapter(config), testChain],
    metadata,
    projectId: 'test',
    environment: { storage: memoryStorage(items) },
  })
  await modal.loadFeatures()
  const wallets = modal.feature(profileWalletsFeature)
  const connectEvm = async (...ids: string[]) => {
    for (const id of ids) {
      const connector = config.connectors.find((candidate) => candidate.id === id)
      if (!connector) throw new Error(`no connector ${id}`)
      await connect(config, { connector })
    }
  }
  /** The connection id of a connector's open connection. */
  const idOf = (connectorId: string) =>
    [...modal.getConnections().connections.values()].find((c) => c.connector?.id === connectorId)?.id ?? ''
  const names = () =>
    wallets.groups().map((group) => [group.namespace, group.connections.map((c) => c.connector?.id)])
  return { config, modal, wallets, testChain, connectEvm, idOf, names, items }
}
