import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import type { Address } from 'viem'
import type { WalletChain } from '../types'

/** What the scripted wallet answers (see the README); reads go to the chain's node. */
export const SESSION_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
export const SESSION_EVENTS = ['chainChanged', 'accountsChanged']

export const caip2 = (chainId: number) => `eip155:${chainId}`

/**
 * Which chains a session carries: those the dapp proposed that the wallet has (`proposed`), or every chain the
 * wallet has (`all`), as mobile wallets such as MetaMask do; the protocol lets a wallet add chains.
 */
export type SessionChains = 'proposed' | 'all'

/**
 * The eip155 namespace for the proposal, with the wallet's account on each of its chains; and each of `others`
 * (the wallet's solana namespace) that the proposal asks for, with the chains of it the proposal names.
 */
export function approvedNamespaces(
  proposal: ProposalTypes.Struct,
  chains: readonly WalletChain[],
  address: Address,
  sessionChains: SessionChains = 'proposed',
  others: SessionTypes.Namespaces = {},
): SessionTypes.Namespaces {
  const supported = {
    chains: chains.map((chain) => caip2(chain.id)),
    methods: SESSION_METHODS,
    events: SESSION_EVENTS,
    accounts: chains.map((chain) => `${caip2(chain.id)}:${address}`),
  }
  // Validates the proposal against what the wallet supports (throws when a required chain is missing).
  const approved = buildApprovedNamespaces({
    proposal,
    supportedNamespaces: { ...others, eip155: supported },
  })
  return sessionChains === 'all' && approved.eip155 ? { ...approved, eip155: supported } : approved
}
