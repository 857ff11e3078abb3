import type { ProposalTypes } from '@walletconnect/types'
import { describe, expect, it } from 'vitest'
import { approvedNamespaces, SESSION_EVENTS, SESSION_METHODS } from './namespaces'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chains = [
  { id: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Anvil' },
  { id: 1, name: 'Ethereum' },
]

const proposal = (namespaces: Pick<ProposalTypes.Struct, 'requiredNamespaces' | 'optionalNamespaces'>) =>
  ({
    id: 1,
    expiryTimestamp: 0,
    relays: [{ protocol: 'irn' }],
    proposer: { publicKey: '00', metadata: { name: 'Dapp', description: '', url: '', icons: [] } },
    pairingTopic: 'topic',
    ...namespaces,
  }) as ProposalTypes.Struct

const devnetOnly = proposal({
  requiredNamespaces: {},
  optionalNamespaces: {
    eip155: {
      chains: ['eip155:31337'],
      methods: ['personal_sign', 'eth_sendTransaction'],
      events: ['chainChanged'],
    },
  },
})

describe('approvedNamespaces', () => {
  it('carries only the proposed chains, methods and events by default', () => {
    expect(approvedNamespaces(devnetOnly, chains, address)).toEqual({
      eip155: {
        chains: ['eip155:31337'],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged'],
        accounts: [`eip155:31337:${address}`],
      },
    })
  })

  it("with 'all', carries every chain the wallet has, as mobile wallets do", () => {
    expect(approvedNamespaces(devnetOnly, chains, address, 'all')).toEqual({
      eip155: {
        chains: ['eip155:31337', 'eip155:1'],
        methods: SESSION_METHODS,
        events: SESSION_EVENTS,
        accounts: [`eip155:31337:${address}`, `eip155:1:${address}`],
      },
    })
  })

  it('refuses a proposal that requires a chain the wallet lacks, whatever the scope', () => {
    const needsPolygon = proposal({
      requiredNamespaces: { eip155: { chains: ['eip155:137'], methods: ['personal_sign'], events: [] } },
      optionalNamespaces: {},
    })
    expect(() => approvedNamespaces(needsPolygon, chains, address)).toThrow(/137/)
    expect(() => approvedNamespaces(needsPolygon, chains, address, 'all')).toThrow(/137/)
  })

  it("carries the wallet's solana namespace when the proposal asks for it, with the Solana chains it names", () => {
    const solana = {
      chains: ['solana:local', 'solana:other'],
      methods: ['solana_signMessage', 'solana_signAndSendTransaction'],
      events: [],
      accounts: ['solana:local:Key1', 'solana:other:Key1'],
    }
    expect(approvedNamespaces(devnetOnly, chains, address, 'proposed', { solana })).not.toHaveProperty(
      'solana',
    )
    const both = proposal({
      requiredNamespaces: {},
      optionalNamespaces: {
        ...devnetOnly.optionalNamespaces,
        solana: { chains: ['solana:local'], methods: ['solana_signAndSendTransaction'], events: [] },
      },
    })
    expect(approvedNamespaces(both, chains, address, 'proposed', { solana }).solana).toEqual({
      chains: ['solana:local'],
      methods: ['solana_signAndSendTransaction'],
      events: [],
      accounts: ['solana:local:Key1'],
    })
  })
})
