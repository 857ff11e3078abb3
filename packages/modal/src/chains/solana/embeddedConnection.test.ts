import { getBase58Decoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import type { FrameHost } from '../../embedded/frameHost'
import { createChains } from '../createChains'
import type { Network } from '../types'
import { createSolanaAdapter } from './createSolanaAdapter'
import { EMBEDDED_SOLANA_NAME, embeddedSolanaWallet } from './embeddedSolanaWallet'

// docs/embedded-wallet.md#solana: the e-mail wallet's Solana account in the modal, over its frame.

const ADDRESS = 'AsHLaGX13Uep5FJj5kTmHLogoFXDhnRHpp1w1jAZnCaV'
const localnet: Network = {
  id: 'Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:Tnwe9PZ5Ug274Ze7Tiurka8Y4UF42N4B',
  name: 'Local Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

/** A frame as the host sees it: each request recorded, answered as the frame answers it. */
function fakeFrame(solanaAddress: string | null = ADDRESS) {
  const requests: { type: string; payload: Record<string, unknown> }[] = []
  const frame = {
    async request(type: string, payload: Record<string, unknown>) {
      requests.push({ type, payload })
      if (type === 'getChainId') return { chainId: 31337 }
      if (type === 'getUser') return { address: '0x1', solanaAddress: solanaAddress ?? undefined }
      if (type === 'rpcRequest') {
        if (payload.method === 'solana_signAndSendTransaction')
          return { result: { signature: '3'.repeat(88) } }
        return { result: { signature: '2'.repeat(88) } }
      }
      throw new Error(`unexpected ${type}`)
    },
  } as unknown as FrameHost
  return { frame, requests }
}

const memory = () => {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A Solana adapter in its own modal's chain layer, as createModal builds it: the login reaches it from there. */
function solanaChains(storage = memory()) {
  const adapter = createSolanaAdapter({ networks: [localnet], storage, restoreWaitMs: 1 })
  const chains = createChains([adapter])
  return { adapter, chains, announce: chains.announceEmbeddedFrame }
}

describe('the e-mail wallet on Solana (modal)', () => {
  it('opens a Solana connection when the frame is signed in, with an AUTH connector; ends with the login', async () => {
    const storage = memory()
    const { adapter, announce } = solanaChains(storage)
    const { frame, requests } = fakeFrame()
    announce(frame)
    await settle()
    const state = adapter.getConnectionState()
    const connection = [...state.connections.values()][0]
    expect(connection?.accounts).toEqual([{ address: ADDRESS, type: 'eoa' }])
    expect(connection?.chainId).toBe(localnet.id)
    expect(adapter.getConnectors().find((connector) => connector.type === 'AUTH')?.name).toBe(
      EMBEDDED_SOLANA_NAME,
    )
    expect(requests.map((request) => request.type)).toEqual(['getChainId', 'getUser'])
    // Not remembered in storage: the frame restores it on the next load.
    expect(storage.items.size).toBe(0)
    announce(undefined)
    expect(adapter.getConnectionState().connections.size).toBe(0)
    expect(adapter.getConnectors().some((connector) => connector.type === 'AUTH')).toBe(false)
  })

  it('signs through the frame on the solana namespace, the network by its reference', async () => {
    const { adapter, announce } = solanaChains()
    const { frame, requests } = fakeFrame()
    announce(frame)
    await settle()
    const actions = await adapter.loadWalletActions?.()
    const signature = await actions?.signMessage?.(ADDRESS, 'hello')
    expect(signature).toBe('2'.repeat(88))
    const sign = requests.find((request) => request.type === 'rpcRequest')?.payload
    expect(sign).toEqual({
      method: 'solana_signMessage',
      params: { message: getBase58Decoder().decode(new TextEncoder().encode('hello')), pubkey: ADDRESS },
      chainId: localnet.id,
      chainNamespace: 'solana',
    })
    announce(undefined)
  })

  it("a send on a chain the site does not serve is refused, not sent on the site's first network", async () => {
    const { frame, requests } = fakeFrame()
    const wallet = embeddedSolanaWallet(frame, [localnet])
    const feature = wallet.features['solana:signAndSendTransaction'] as {
      signAndSendTransaction(input: object): Promise<{ signature: Uint8Array }[]>
    }
    const account = wallet.accounts[0]
    const input = { account, transaction: new Uint8Array([1, 2, 3]) }
    await expect(feature.signAndSendTransaction({ ...input, chain: 'solana:mainnet' })).rejects.toThrow(
      'Unsupported chain',
    )
    expect(requests).toEqual([])
    await feature.signAndSendTransaction({ ...input, chain: localnet.caipNetworkId })
    expect(requests.map(({ payload }) => payload.chainId)).toEqual([localnet.id])
  })

  it('a frame without a Solana account opens no connection', async () => {
    const { adapter, announce } = solanaChains()
    announce(fakeFrame(null).frame)
    await settle()
    expect(adapter.getConnectionState().connections.size).toBe(0)
    announce(undefined)
  })

  it("one modal's login opens no connection in another modal of the page; destroying a modal ends its own", async () => {
    const first = solanaChains()
    const second = solanaChains()
    first.announce(fakeFrame().frame)
    await settle()
    expect(first.adapter.getConnectionState().connections.size).toBe(1)
    expect(second.adapter.getConnectionState().connections.size).toBe(0)
    first.chains.destroy()
    expect(first.adapter.getConnectionState().connections.size).toBe(0)
    // A frame announced after the destroy reaches nobody.
    first.announce(fakeFrame().frame)
    await settle()
    expect(first.adapter.getConnectionState().connections.size).toBe(0)
  })
})
