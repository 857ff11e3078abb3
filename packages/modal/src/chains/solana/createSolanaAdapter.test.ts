import { buildSolanaWallet, createScriptedSolanaWallet } from '@allaccess/testkit/solana'
import { getBase58Encoder, getPublicKeyFromAddress, signatureBytes, verifySignature } from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterEach, describe, expect, it } from 'vitest'
import { isUserRejection } from '../isUserRejection'
import type { Network } from '../types'
import { createSolanaAdapter, SOLANA_CONNECTIONS_KEY } from './createSolanaAdapter'

// The behaviour these tests check: docs/behaviour.md#chains (connections) and #wallet-picker (discovery).

const localnet: Network = {
  id: 'Gu1Fd1LHzPMVXRNPvnzDuTTdr9X6Ae1Q',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:Gu1Fd1LHzPMVXRNPvnzDuTTdr9X6Ae1Q',
  name: 'Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}
/** A fixed test seed (not a funded key: nothing here reaches a chain). */
const SEED = new Uint8Array(32).fill(7)

const unregister: (() => void)[] = []
afterEach(() => {
  for (const release of unregister.splice(0)) release()
})

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** The testkit's scripted wallet, in process: its Wallet Standard face registered with the page's registry. */
async function installWallet(
  options: { name?: string; chains?: string[]; reject?: boolean; register?: boolean } = {},
) {
  let change: (accounts: Awaited<ReturnType<typeof scripted.handle>>) => void = () => {}
  const scripted = await createScriptedSolanaWallet(
    {
      secretKey: SEED,
      rpcUrl: localnet.rpcUrls.default.http[0] as string,
      approve: () => (options.reject ? 'reject' : 'approve'),
    },
    (accounts) => change(accounts),
  )
  const built = buildSolanaWallet(
    {
      name: options.name ?? 'Scripted Solana',
      icon: 'data:image/svg+xml;base64,PHN2Zy8+',
      chains: options.chains ?? ['solana:localnet'],
    },
    (method, params) => scripted.handle({ method, params, origin: 'http://127.0.0.1:5173' }),
  )
  change = built.change as typeof change
  const wallet = built.wallet as unknown as Wallet
  if (options.register !== false) unregister.push(getWallets().register(wallet))
  return { scripted, wallet }
}

describe('the Solana adapter on the Wallet Standard', () => {
  it('lists the wallets with Solana chains and standard:connect as installed connectors with their icons, as they register', async () => {
    await installWallet()
    await installWallet({ name: 'Ethereum Only', chains: ['eip155:1'] })
    const adapter = createSolanaAdapter({ networks: [localnet], storage: memoryStorage() })
    expect(adapter.getConnectors()).toEqual([
      expect.objectContaining({
        id: 'wallet-standard:Scripted Solana',
        type: 'ANNOUNCED',
        name: 'Scripted Solana',
        chain: 'solana',
        imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
      }),
    ])
    let heard = 0
    adapter.subscribe(() => heard++)
    const late = await installWallet({ name: 'Late Wallet', register: false })
    unregister.push(getWallets().register(late.wallet))
    expect(heard).toBeGreaterThan(0)
    expect(adapter.getConnectors().map((connector) => connector.name)).toEqual([
      'Scripted Solana',
      'Late Wallet',
    ])
  })

  it("stopped (its modal destroyed), it no longer follows the page's wallets registering", async () => {
    const adapter = createSolanaAdapter({ networks: [localnet], storage: memoryStorage() })
    adapter.stop?.()
    await installWallet({ name: 'After Stop' })
    expect(adapter.getConnectors().map((connector) => connector.name)).not.toContain('After Stop')
  })

  it('connects, remembers the connection, and follows the wallet taking its accounts back', async () => {
    const { scripted } = await installWallet()
    const storage = memoryStorage()
    const adapter = createSolanaAdapter({ networks: [localnet], storage })
    await adapter.connect('wallet-standard:Scripted Solana')
    const state = adapter.getConnectionState()
    expect(state.status).toBe('connected')
    expect(state.current).toBe('wallet-standard:Scripted Solana')
    expect(state.connections.get('wallet-standard:Scripted Solana')).toEqual({
      connectorId: 'wallet-standard:Scripted Solana',
      accounts: [{ address: scripted.address, type: 'eoa' }],
      chainId: localnet.id,
    })
    expect(JSON.parse(storage.items.get(SOLANA_CONNECTIONS_KEY) ?? '')).toEqual({
      wallets: ['wallet-standard:Scripted Solana'],
      current: 'wallet-standard:Scripted Solana',
    })
    await scripted.revoke()
    expect(adapter.getConnectionState()).toMatchObject({ status: 'disconnected', current: null })
    expect(storage.items.has(SOLANA_CONNECTIONS_KEY)).toBe(false)
  })

  it('disconnects through the wallet, so a reload does not let the site back in', async () => {
    const { scripted } = await installWallet()
    const adapter = createSolanaAdapter({ networks: [localnet], storage: memoryStorage() })
    await adapter.connect('wallet-standard:Scripted Solana')
    await adapter.disconnect()
    expect(scripted.authorized).toBe(false)
    expect(adapter.getConnectionState().connections.size).toBe(0)
  })

  it('restores a remembered connection on reload without asking, and forgets one the wallet no longer allows', async () => {
    const { scripted } = await installWallet()
    const storage = memoryStorage()
    await createSolanaAdapter({ networks: [localnet], storage }).connect('wallet-standard:Scripted Solana')
    const reloaded = createSolanaAdapter({ networks: [localnet], storage })
    expect(reloaded.getConnectionState().status).toBe('reconnecting')
    await expect.poll(() => reloaded.getConnectionState().status).toBe('connected')
    expect(scripted.requests.at(-1)).toMatchObject({ method: 'connect', params: { silent: true } })

    await scripted.revoke()
    storage.setItem(
      SOLANA_CONNECTIONS_KEY,
      JSON.stringify({ wallets: ['wallet-standard:Scripted Solana'], current: null }),
    )
    const refused = createSolanaAdapter({ networks: [localnet], storage })
    await expect.poll(() => refused.getConnectionState().status).toBe('disconnected')
    expect(storage.items.has(SOLANA_CONNECTIONS_KEY)).toBe(false)
  })

  it("stops 'reconnecting' when a remembered wallet never registers", async () => {
    const storage = memoryStorage()
    storage.setItem(
      SOLANA_CONNECTIONS_KEY,
      JSON.stringify({ wallets: ['wallet-standard:Gone'], current: null }),
    )
    const adapter = createSolanaAdapter({ networks: [localnet], storage, restoreWaitMs: 10 })
    expect(adapter.getConnectionState().status).toBe('reconnecting')
    await expect.poll(() => adapter.getConnectionState().status).toBe('disconnected')
  })

  it("a refused connection is the user's rejection, and leaves the adapter disconnected", async () => {
    await installWallet({ reject: true })
    const adapter = createSolanaAdapter({ networks: [localnet], storage: memoryStorage() })
    const error = await adapter.connect('wallet-standard:Scripted Solana').catch((caught: unknown) => caught)
    expect(isUserRejection(error)).toBe(true)
    expect(adapter.getConnectionState().status).toBe('disconnected')
  })

  it('signs a message with solana:signMessage: an ed25519 signature of the text by the account, in base58', async () => {
    const { scripted } = await installWallet()
    const adapter = createSolanaAdapter({ networks: [localnet], storage: memoryStorage() })
    await adapter.connect('wallet-standard:Scripted Solana')
    const actions = await adapter.loadWalletActions?.()
    const text = 'Sign in to All-Access Pass'
    const signature = (await actions?.signMessage(scripted.address, text)) ?? ''
    const key = await getPublicKeyFromAddress(scripted.address)
    const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
    expect(await verifySignature(key, bytes, new TextEncoder().encode(text))).toBe(true)
    expect(await verifySignature(key, bytes, new TextEncoder().encode(`${text}!`))).toBe(false)
  })
})
