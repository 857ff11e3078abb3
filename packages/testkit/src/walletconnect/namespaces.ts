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

/** The eip155 namespace for the proposal: every configured chain with the wallet's account on it. */
export function approvedNamespaces(
  proposal: ProposalTypes.Struct,
  chains: readonly WalletChain[],
  address: Address,
): SessionTypes.Namespaces {
  return buildApprovedNamespaces({
    proposal,
    supportedNamespaces: {
      eip155: {
        chains: chains.map((chain) => caip2(chain.id)),
        methods: SESSION_METHODS,
        events: SESSION_EVENTS,
        accounts: chains.map((chain) => `${caip2(chain.id)}:${address}`),
      },
    },
  })
}
