import { createConfig, createConnector, http, mock } from '@wagmi/core'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createModal } from '../app/createModal'
import { accountFeature } from '../features/account/accountFeature'
import { validateSend } from '../features/account/send/validateSend'
import { SwitchActiveChainView } from '../features/network/views/SwitchActiveChain/SwitchActiveChainView'
import { ModalError } from '../kernel/errors'
import { ModalContext } from '../react/context'
import { useModalConnections } from '../react/useModal'
import { alice, bob, devnet, devnetNetwork } from '../testing/devnet'
import { metadata, mockModal } from '../testing/mockModal'
import {
  createTestChainAdapter,
  testChainAddress,
  testChainFamily,
  testChainNetwork,
  testChainSecondAddress,
} from '../testing/testChainAdapter'
import { createChains, unsupportedNetwork } from './createChains'
import { createEvmAdapter } from './evm/createEvmAdapter'
import { evmFamily } from './evm/evmFamily'

/** An EVM modal (wagmi's mock connector, account alice) with the test chain family beside it. */
function twoChains() {
  const testChain = createTestChainAdapter()
  const modal = createModal({
    adapters: [createEvmAdapter(mockModal().config), testChain],
    metadata,
    projectId: 'test',
    isMobile: () => false,
  })
  return { modal, testChain }
}

describe('chains by namespace (docs/behaviour.md#chains)', () => {
  it('a second adapter connects beside the EVM one: one account per namespace, the active one follows', async () => {
    const { modal } = twoChains()
    await modal.connect('mock')
    expect(modal.getActiveNetwork().caipNetworkId).toBe('eip155:31337')
    await modal.connect('test-wallet')
    expect(modal.getAccount('eip155')).toMatchObject({ status: 'connected', address: alice })
    expect(modal.getAccount('solana')).toMatchObject({
      status: 'connected',
      address: testChainAddress,
      caipAddress: `solana:test-devnet:${testChainAddress}`,
      network: testChainNetwork,
    })
    // Connecting in another namespace makes it the active one, and its network the active network.
    expect(modal.getAccount().address).toBe(testChainAddress)
    expect(modal.getActiveNetwork()).toBe(testChainNetwork)
  })

  it('opening rule 1 routes to SwitchActiveChain, whose button moves the modal to that namespace', async () => {
    const { modal } = twoChains()
    await modal.connect('mock')
    modal.open({ namespace: 'solana' })
    const entry = modal.getState().router.history.at(-1)
    expect(entry).toEqual({ view: 'SwitchActiveChain', data: { namespace: 'solana' } })
    if (entry?.view !== 'SwitchActiveChain') throw new Error('not on SwitchActiveChain')
    const html = renderToString(
      createElement(ModalContext.Provider, { value: modal }, createElement(SwitchActiveChainView, { entry })),
    )
    expect(html).toContain('Switch to Test Chain')
    modal.switchActiveChain('solana')
    // Nothing is connected there yet: the visitor picks a wallet of that family.
    expect(modal.getState().router.history.at(-1)).toEqual({ view: 'Connect' })
    expect(modal.getActiveNetwork()).toBe(testChainNetwork)
    modal.switchActiveChain('eip155')
    expect(modal.getState().router.history.at(-1)).toEqual({ view: 'Account' })
    expect(modal.getActiveNetwork().caipNetworkId).toBe('eip155:31337')
  })

  it('a wallet of another family restored on reload makes its namespace the active one, unless one was picked', async () => {
    const { modal, testChain } = twoChains()
    // The adapter reconnects on its own (a reload): no modal.connect.
    await testChain.connect('test-wallet')
    expect(modal.getAccount()).toMatchObject({ address: testChainAddress })
    expect(modal.getActiveNetwork()).toBe(testChainNetwork)

    const picked = twoChains()
    picked.modal.switchActiveChain('eip155')
    await picked.testChain.connect('test-wallet')
    expect(picked.modal.getAccount().address).toBeUndefined()
    expect(picked.modal.getActiveNetwork().caipNetworkId).toBe('eip155:31337')
  })

  it("picking another family's network (the Networks list) moves the modal to that namespace, as SwitchActiveChain does", async () => {
    const { modal } = twoChains()
    await modal.connect('mock')
    await modal.switchNetwork(testChainNetwork)
    // No wallet of that family yet: the visitor picks one.
    expect(modal.getState().router.history).toEqual([{ view: 'Connect' }])
    expect(modal.getActiveNetwork()).toBe(testChainNetwork)
    await modal.connect('test-wallet')
    await modal.switchNetwork(devnetNetwork)
    expect(modal.getState().router.history).toEqual([{ view: 'Account' }])
    expect(modal.getAccount()).toMatchObject({ address: alice, network: { caipNetworkId: 'eip155:31337' } })
  })

  it('a site that names no network acts on eip155:1, shown as the unsupported-network placeholder', () => {
    const chains = createChains([])
    expect(chains.getActiveNetwork()).toEqual(unsupportedNetwork('eip155:1'))
    expect(chains.getActiveNetwork().nativeCurrency).toEqual({ name: '', decimals: 0, symbol: '' })
  })

  it("raises the chain layer's errors with their codes", async () => {
    const testChain = createTestChainAdapter()
    const chains = createChains([testChain])
    const code = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        return error instanceof ModalError ? error.code : error
      }
    }
    expect(code(() => chains.adapterFor(undefined))).toBe('namespaceRequired')
    expect(code(() => chains.adapterFor('eip155'))).toBe('chainAdapterNotFound')
    await expect(chains.getProvider('nobody')).rejects.toMatchObject({ code: 'connectorUndefined' })
    await expect(chains.getProvider('test-wallet')).resolves.toBe(testChain.provider)
    const connectors = testChain.getConnectors().map(({ getProvider: _, ...connector }) => connector)
    const withoutProvider = createChains([{ ...testChain, getConnectors: () => connectors }])
    await expect(withoutProvider.getProvider('test-wallet')).rejects.toMatchObject({
      code: 'providerUndefined',
      text: 'provider is undefined',
    })
    const broken = createChains([
      {
        ...testChain,
        getConnectionState: () => ({ ...testChain.getConnectionState(), status: 'lost' as 'connected' }),
      },
    ])
    expect(code(() => broken.getAccount('solana'))).toBe('invalidConnectionStatus')
  })
})

describe('a chain family is its folder plus one registration line', () => {
  const token = {
    name: 'Test',
    symbol: 'TST',
    chainId: 'solana:test-devnet',
    price: 1,
    value: 5,
    quantity: { decimals: '9', numeric: '5' },
    iconUrl: '',
  }

  it('features ask chains.family(namespace): the adapter registered in `adapters` brings its own', () => {
    const chains = createChains([createEvmAdapter(mockModal().config), createTestChainAdapter()])
    expect(chains.family('eip155')).toBe(evmFamily)
    expect(chains.family('solana')).toBe(testChainFamily)
    expect(createChains([createEvmAdapter(mockModal().config)]).family('solana')).toBeUndefined()
  })

  it("Send reads a receiver by the network's family: the test chain's base58, not EVM's 0x", () => {
    const chains = createChains([createTestChainAdapter()])
    const send = (receiver: string) =>
      validateSend({ token, amount: '1', receiver }, chains.family(testChainNetwork.chainNamespace))
    expect(send(` ${testChainAddress} `)).toMatchObject({ receiver: testChainAddress, units: 1_000_000_000n })
    expect(() => send(alice)).toThrow('The receiver address is not valid')
  })

  it("Account speaks the network's coin: a balance it can't read is 0.00 TST on the test chain", async () => {
    const modal = createModal({ adapters: [createTestChainAdapter()], metadata, projectId: 'test' })
    await modal.connect('test-wallet')
    await modal.loadFeatures()
    const account = modal.feature(accountFeature)
    await account.load()
    expect(account.state.getState()).toMatchObject({ balance: '0.00 TST', balanceSymbol: 'TST' })
    // Names resolve and register under the family's coin types, not EVM's.
    expect(testChainFamily.nameCoinTypes(testChainNetwork)).toEqual([501])
    expect(evmFamily.nameCoinTypes({ ...testChainNetwork, id: 1 })).toEqual([60, 2147483648])
  })

  it('Account follows a wallet of another family connected after it loaded, and asks the cloud for no history or names there', async () => {
    const { modal } = twoChains()
    await modal.connect('mock')
    await modal.loadFeatures()
    const account = modal.feature(accountFeature)
    expect(account.state.getState()).toMatchObject({ address: alice, historyKept: true, namesKept: true })
    await modal.connect('test-wallet')
    expect(account.state.getState()).toMatchObject({
      address: testChainAddress,
      historyKept: false,
      namesKept: false,
    })
    await account.setTab('activity')
    // The test family's activity is not kept by the cloud: nothing is asked, the list stays idle.
    expect(account.state.getState().activity.status).toBe('idle')
  })

  it('sign-in and explorer links come from the family too', async () => {
    const family = createChains([createTestChainAdapter()]).family('solana')
    const data = { chainId: 'solana:test-devnet', accountAddress: testChainAddress, version: '1' }
    await expect(
      family?.signInMessage({ ...data, domain: 'example.test', uri: 'https://example.test', nonce: 'n1' }),
    ).resolves.toBe(
      `example.test wants you to sign in with your Test Chain account:\n${testChainAddress}\n\nNonce: n1`,
    )
    const explorer = { ...testChainNetwork, blockExplorerUrl: 'https://explorer.test' }
    expect(family?.explorerUrl(explorer, 'address', testChainAddress)).toBe(
      `https://explorer.test/address/${testChainAddress}`,
    )
    expect(
      evmFamily.explorerUrl(
        { ...explorer, blockExplorerUrl: 'https://etherscan.test//' },
        'transaction',
        '0xab',
      ),
    ).toBe('https://etherscan.test/tx/0xab')
  })
})

/** A wagmi config with two EVM wallets: wagmi's mock as `mock` (alice) and as `mock-2` (bob). */
function twoEvmWallets() {
  const second = createConnector((config) => ({
    ...mock({ accounts: [bob] })(config),
    id: 'mock-2',
    name: 'Second Mock',
  }))
  return createConfig({
    chains: [devnet],
    connectors: [mock({ accounts: [alice] }), second],
    transports: { [devnet.id]: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
}

describe('connections, as wagmi keeps them, across families (docs/behaviour.md#chains)', () => {
  it('several wallets of two families at once: each a connection, the current one per namespace, accounts derived', async () => {
    const testChain = createTestChainAdapter()
    const modal = createModal({
      adapters: [createEvmAdapter(twoEvmWallets()), testChain],
      metadata,
      projectId: 'test',
      isMobile: () => false,
    })
    await modal.connect('mock')
    await modal.connect('test-wallet')
    // A second wallet of a namespace is the project's multi-wallet switch to allow (off here: refused)...
    await modal.connect('test-wallet-2')
    expect(modal.getConnections().connections.size).toBe(2)
    // ...and the chain state holds it when the family connects it.
    await testChain.connect('test-wallet-2')
    const { connections, current, status } = modal.getConnections()
    expect(
      [...connections.values()].map(({ namespace, connector, accounts }) => [
        namespace,
        connector?.id,
        accounts.map((account) => account.address),
      ]),
    ).toEqual([
      ['eip155', 'mock', [alice]],
      ['solana', 'test-wallet', [testChainAddress]],
      ['solana', 'test-wallet-2', [testChainSecondAddress]],
    ])
    expect(status).toEqual({ eip155: 'connected', solana: 'connected' })
    // The latest wallet of a namespace is its current connection, and the account is read from it.
    const second = [...connections.values()].find(
      (connection) => connection.connector?.id === 'test-wallet-2',
    )
    expect(current.solana).toBe(second?.id)
    expect(modal.getAccount('solana')).toMatchObject({
      address: testChainSecondAddress,
      connectionId: second?.id,
    })
    expect(modal.getAccount('eip155')).toMatchObject({ address: alice, connectionId: current.eip155 })
    // The same objects until something changes: selectors and React's useSyncExternalStore rely on it.
    expect(modal.getConnections()).toBe(modal.getConnections())
    expect(modal.getAccount('solana')).toBe(modal.getAccount('solana'))

    // Switching to the first test wallet makes it current and its namespace the active one.
    const first = [...connections.values()].find((connection) => connection.connector?.id === 'test-wallet')
    modal.switchActiveChain('eip155')
    await modal.switchConnection(first?.id ?? '')
    expect(modal.getAccount()).toMatchObject({ address: testChainAddress, connectionId: first?.id })
    expect(modal.getActiveNetwork()).toBe(testChainNetwork)

    // Ending the current connection leaves the other one of its namespace current; EVM's stays as it was.
    await modal.disconnect(first?.id)
    expect(modal.getConnections().current.solana).toBe(second?.id)
    expect(modal.getAccount('solana').address).toBe(testChainSecondAddress)
    expect(modal.getAccount('eip155').address).toBe(alice)
    await modal.disconnect(second?.id)
    expect(modal.getAccount('solana')).toMatchObject({ status: 'disconnected', address: undefined })
    expect(modal.getConnections().connections.size).toBe(1)
  })

  it('React reads the connections with useModalConnections', async () => {
    const modal = createModal({ adapters: [createTestChainAdapter()], metadata, projectId: 'test' })
    await modal.connect('test-wallet')
    function Connections() {
      const { connections, current } = useModalConnections()
      return createElement('p', null, `${connections.size} ${current.solana}`)
    }
    const html = renderToString(
      createElement(ModalContext.Provider, { value: modal }, createElement(Connections)),
    )
    expect(html).toBe('<p>1 solana/test-wallet</p>')
  })

  it("two EVM wallets: wagmi's connections, switched and ended one by one through the modal", async () => {
    const config = twoEvmWallets()
    const modal = createModal({
      adapters: [createEvmAdapter(config)],
      metadata,
      projectId: 'test',
      isMobile: () => false,
    })
    await createEvmAdapter(config).connect('mock')
    await createEvmAdapter(config).connect('mock-2')
    const ids = [...modal.getConnections().connections.keys()]
    expect(ids).toHaveLength(2)
    expect(ids.every((id) => id.startsWith('eip155/'))).toBe(true)
    expect(modal.getAccount().address).toBe(bob)
    await modal.switchConnection(ids[0] ?? '')
    expect(config.state.current).toBe(ids[0]?.slice('eip155/'.length))
    expect(modal.getAccount().address).toBe(alice)
    // Without an id, disconnect ends the current connection: wagmi makes the other one current.
    await modal.disconnect()
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: bob, connectionId: ids[1] })
    await modal.disconnect(ids[1])
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('an id that names no connection is refused; a family without switching says so', async () => {
    const testChain = createTestChainAdapter()
    const { switchConnection: _, ...oneAtATime } = testChain
    const chains = createChains([oneAtATime])
    await expect(chains.disconnect('solana/nobody')).rejects.toMatchObject({
      code: 'noConnectorForConnection',
      text: 'No connector found for connection',
    })
    await chains.adapterFor('solana').connect('test-wallet')
    await chains.adapterFor('solana').connect('test-wallet-2')
    // The current one needs no switching.
    await expect(chains.switchConnection('solana/test-wallet-2')).resolves.toBeUndefined()
    await expect(chains.switchConnection('solana/test-wallet')).rejects.toMatchObject({
      code: 'noConnectionSwitching',
      text: "The chain adapter can't switch connections",
    })
  })
})

describe('createChains: subscribe', () => {
  it('tells of a change of the active namespace: the account read without one is that namespace’s', async () => {
    const { createTestChainAdapter } = await import('../testing/testChainAdapter')
    const { createChains } = await import('./createChains')
    const chains = createChains([createTestChainAdapter()])
    let heard = 0
    const stop = chains.subscribe(() => heard++)
    chains.state.setState({ activeNamespace: undefined })
    expect(heard).toBe(1)
    stop()
    chains.setActiveNamespace('solana')
    expect(heard).toBe(1)
  })
})
