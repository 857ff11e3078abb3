import { coinTypeOfChainId, type NameEntry, nameMessageSchema } from '@allaccess/protocol'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createNamesClient } from '../../api/createNamesClient'
import { CloudHttpError } from '../../api/errors'
import { NameErrorText } from '../../api/nameErrors'
import { NAME_LOOKUP_CACHE_MS } from '../../app/constants'
import { createModal } from '../../app/createModal'
import type { Modal } from '../../app/modal'
import { evmFamily } from '../../chains/evm/evmFamily'
import type { ChainAdapter, ConnectorType, WalletActions } from '../../chains/types'
import { systemClock } from '../../kernel/environment'
import { currentEntry } from '../../kernel/router'
import { createConnectionStateStore } from '../../testing/connectionStateStore'
import { devnetNetwork } from '../../testing/devnet'
import '../../testing/settleFeatures'
import { NAME_SEARCH_DELAY_MS } from './constants'
import type { NamesFeature } from './createNamesFeature'
import { namesFeature } from './namesFeature'

// The behaviour these tests check: docs/behaviour.md#names.

// Anvil's first dev key: the name service below verifies its real signatures.
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const ZONE = 'allaccess.eth'
const metadata = { name: 'All-Access Pass', description: '', url: 'http://127.0.0.1:5173', icons: [] }

/**
 * The cloud's name service in memory, behind the real names client: names by label, registration only for a
 * message the address signed, and each path's calls counted; `refuse` makes a path answer as a refusing cloud.
 */
function nameService() {
  const names = new Map<string, NameEntry>()
  const calls: string[] = []
  const refuse = new Map<string, CloudHttpError>()
  const entry = (name: string, address: string): NameEntry => ({
    name,
    registered: 1,
    updated: 1,
    addresses: { [String(coinTypeOfChainId(31337))]: { address, created: 1 } },
    attributes: {},
  })
  async function getJson(path: string, _params?: unknown, init?: RequestInit): Promise<unknown> {
    const [kind = '', value = ''] = path.replace('/v1/profile/', '').split('/').map(decodeURIComponent)
    calls.push(kind)
    const refusal = refuse.get(kind)
    if (refusal) throw refusal
    if (kind === 'suggestions') {
      const full = `${value}.${ZONE}`
      return { suggestions: [{ name: full, registered: names.has(full) }] }
    }
    if (kind === 'reverse')
      return [...names.values()].filter((name) =>
        Object.values(name.addresses).some((entry) => entry.address === value),
      )
    if (kind === 'account' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body))
      const signed = await verifyMessage({
        address: body.address,
        message: body.message,
        signature: body.signature,
      })
      if (!signed) throw new CloudHttpError(401, 'Invalid signature', undefined, ['Invalid signature'])
      const { name } = nameMessageSchema.parse(JSON.parse(body.message))
      names.set(name, entry(name, body.address))
      return names.get(name)
    }
    if (kind === 'account') {
      const found = names.get(value)
      if (!found) throw new CloudHttpError(404, 'Not found')
      return found
    }
    throw new CloudHttpError(404, 'Not found')
  }
  return { client: createNamesClient({ getJson }), calls, refuse }
}

/** An EVM adapter with one connector of `type` that connects the dev account on `chainId` and signs with its key. */
function adapter(
  type: ConnectorType,
  signMessage: WalletActions['signMessage'],
): ChainAdapter & {
  connectOn(chainId: number): Promise<void>
} {
  const { set, ...connection } = createConnectionStateStore()
  const connectOn = async (chainId: number) => {
    const accounts = [{ address: wallet.address, type: 'eoa' as const }]
    set({
      connections: new Map([['c', { connectorId: 'wallet', accounts, chainId }]]),
      current: 'c',
      status: 'connected',
    })
  }
  return {
    namespace: 'eip155',
    family: evmFamily,
    networks: [devnetNetwork],
    getConnectors: () => [{ id: 'wallet', type, name: 'E-mail', chain: 'eip155' }],
    ...connection,
    connect: () => connectOn(31337),
    connectOn,
    async disconnect() {
      set({ connections: new Map(), current: null, status: 'disconnected' })
    },
    // The account feature, loaded beside, reads an empty wallet once connected.
    loadWalletActions: async () =>
      ({
        signMessage,
        getCapabilities: async () => ({}),
        getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH' }),
      }) as unknown as WalletActions,
  }
}

let modal: Modal | undefined
afterEach(() => {
  modal?.destroy()
  vi.restoreAllMocks()
})

const signs = (async (_address: string, message: string) =>
  wallet.signMessage({ message })) as WalletActions['signMessage']

async function harness({ type = 'AUTH' as ConnectorType, signMessage = signs } = {}) {
  // The account feature finds no token balances without the cloud's account service: its warnings are expected.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const service = nameService()
  let now = 1_790_000_000_000
  const chain = adapter(type, signMessage)
  modal = createModal({
    adapters: [chain],
    metadata,
    projectId: 'test',
    isMobile: () => false,
    modules: [namesFeature],
    api: {
      getWallets: async () => ({ data: [], count: 0 }),
      getFeatures: async () => [],
      getAllowedOrigins: async () => [],
      walletImageUrl: (id) => id,
      networkImageUrl: (id) => id,
      names: async () => service.client,
    },
    // The caches' staleness reads this clock; timers stay real (the search waits its 300 ms).
    environment: { clock: { ...systemClock, now: () => now } },
  })
  await modal.loadFeatures()
  const names: NamesFeature = modal.feature(namesFeature)
  const created = modal
  const view = () => currentEntry(created.getState().router).view
  const later = (ms: number) => {
    now += ms
  }
  return { modal, names, chain, service, view, later }
}

/** Types `label` and waits for the search that follows the pause. */
async function typeName(names: NamesFeature, label: string) {
  names.setInput(label)
  await new Promise((resolve) => setTimeout(resolve, NAME_SEARCH_DELAY_MS + 20))
  await vi.waitFor(() => expect(names.state.getState().searching).toBe(false))
}

describe('names: registration', () => {
  it('signs the name with the embedded wallet, registers it and shows RegisterAccountNameSuccess', async () => {
    const { modal, names, view, service } = await harness()
    await modal.connect('wallet')
    modal.open({ view: 'RegisterAccountName' })
    expect(names.canRegister()).toBe(true)
    await names.register(`alice.${ZONE}`)
    expect(view()).toBe('RegisterAccountNameSuccess')
    expect(names.state.getState()).toMatchObject({ registering: false, error: undefined })
    expect(await names.namesOf(wallet.address)).toEqual([`alice.${ZONE}`])
    expect(service.calls).toContain('account')
  })

  it("refuses without a configured active network: 'Network not found', nothing signed", async () => {
    const signMessage = vi.fn(signs)
    const { modal, names, chain, service } = await harness({ signMessage })
    await modal.connect('wallet')
    await chain.connectOn(1)
    await names.register(`alice.${ZONE}`)
    expect(names.state.getState().error).toBe('Network not found')
    expect(signMessage).not.toHaveBeenCalled()
    expect(service.calls).toEqual([])
  })

  it("refuses without an address, or with a wallet other than the embedded one: 'Address or auth connector not found'", async () => {
    const disconnected = await harness()
    await disconnected.names.register(`alice.${ZONE}`)
    expect(disconnected.names.state.getState().error).toBe('Address or auth connector not found')
    disconnected.modal.destroy()

    const signMessage = vi.fn(signs)
    const extension = await harness({ type: 'ANNOUNCED', signMessage })
    await extension.modal.connect('wallet')
    expect(extension.names.canRegister()).toBe(false)
    await extension.names.register(`alice.${ZONE}`)
    expect(extension.names.state.getState().error).toBe('Address or auth connector not found')
    expect(signMessage).not.toHaveBeenCalled()
  })

  it('a cancelled signature goes back to RegisterAccountName with its text; Register then works', async () => {
    const rejection = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const signMessage = vi.fn(signs).mockRejectedValueOnce(rejection)
    const { modal, names, view, service } = await harness({ signMessage })
    await modal.connect('wallet')
    modal.open({ view: 'RegisterAccountName' })
    await names.register(`alice.${ZONE}`)
    expect(view()).toBe('RegisterAccountName')
    expect(names.state.getState()).toMatchObject({
      registering: false,
      error: `Error registering name alice.${ZONE}`,
    })
    expect(service.calls).not.toContain('account')
    await names.register(`alice.${ZONE}`)
    expect(view()).toBe('RegisterAccountNameSuccess')
  })
})

describe('names: the error texts (docs/behaviour.md#names)', () => {
  it("'Error registering name {name}' when the cloud refuses without a reason; its first reason when it gives one", async () => {
    const { modal, names, service, view } = await harness()
    await modal.connect('wallet')
    modal.open({ view: 'RegisterAccountName' })
    service.refuse.set('account', new CloudHttpError(500, 'Internal error'))
    await names.register(`alice.${ZONE}`)
    expect(names.state.getState().error).toBe(`Error registering name alice.${ZONE}`)
    service.refuse.set('account', new CloudHttpError(409, 'Taken', undefined, ['Name is already taken']))
    await names.register(`alice.${ZONE}`)
    expect(names.state.getState().error).toBe('Name is already taken')
    expect(view()).toBe('RegisterAccountName')
  })

  it("'Error fetching name suggestions' when the search fails", async () => {
    const { names, service } = await harness()
    service.refuse.set('suggestions', new CloudHttpError(503, 'Unavailable'))
    await typeName(names, 'alice')
    expect(names.state.getState()).toMatchObject({
      suggestions: undefined,
      error: 'Error fetching name suggestions',
    })
  })

  it("'Error fetching names for address' when the reverse lookup fails", async () => {
    const { names, service } = await harness()
    service.refuse.set('reverse', new CloudHttpError(503, 'Unavailable'))
    await expect(names.namesOf(wallet.address)).rejects.toThrow('Error fetching names for address')
  })

  it("'Error resolving name' when a name points nowhere (Send's receiver)", async () => {
    const { service } = await harness()
    await expect(service.client.resolve(`nobody.${ZONE}`, [coinTypeOfChainId(31337)])).rejects.toThrow(
      'Error resolving name',
    )
    expect(NameErrorText.resolving).toBe('Error resolving name')
  })
})

describe('names: the 5-minute cache, one constant for lookups and suggestions', () => {
  it('asks the cloud again for suggestions and an address’s names only once 5 minutes have passed', async () => {
    expect(NAME_LOOKUP_CACHE_MS).toBe(300_000)
    const { names, service, later } = await harness()
    const asked = (kind: string) => service.calls.filter((call) => call === kind).length

    await typeName(names, 'alice')
    await names.namesOf(wallet.address)
    later(299_000)
    await typeName(names, 'alicee')
    await typeName(names, 'alice')
    await names.namesOf(wallet.address)
    expect([asked('suggestions'), asked('reverse')]).toEqual([2, 1])

    later(2_000)
    await typeName(names, 'alice')
    await names.namesOf(wallet.address)
    expect([asked('suggestions'), asked('reverse')]).toEqual([3, 2])
  })
})
