import { createConfig, http, mock } from '@wagmi/core'
import { createModal } from '../app/createModal'
import type { ModalOptions } from '../app/modal'
import { createEvmAdapter } from '../chains/evm/createEvmAdapter'
import { currentEntry } from '../kernel/router'
import { alice, bob, devnet } from './devnet'

/** wagmi's mock connector under another id (and `account`), to hold several connections at once. */
export function namedMock(
  id: string,
  account: `0x${string}` = bob,
  features: Parameters<typeof mock>[0]['features'] = {},
) {
  const base = mock({ accounts: [account], features })
  return (parameters: Parameters<typeof base>[0]) => ({ ...base(parameters), id, name: `Mock ${id}` })
}

export const metadata = { name: 'All-Access Pass', description: 'Mint', url: 'http://localhost', icons: [] }

/**
 * A modal over wagmi's mock connector (id `mock`, account alice; `features` as wagmi's mock takes them) on the
 * devnet, a desktop unless `options` say otherwise; `view()` is the current view.
 */
export function mockModal(
  features: Parameters<typeof mock>[0]['features'] = {},
  options: Partial<ModalOptions> = {},
) {
  const config = createConfig({
    chains: [devnet],
    connectors: [mock({ accounts: [alice], features })],
    transports: { [devnet.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
  const modal = createModal({
    adapters: [createEvmAdapter(config)],
    metadata,
    projectId: 'test',
    isMobile: () => false,
    ...options,
  })
  const view = () => currentEntry(modal.getState().router).view
  return { config, modal, view }
}
