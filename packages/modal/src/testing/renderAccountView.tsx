import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { AccountSnapshot, Modal } from '../app/modal'
import type { Network } from '../chains/types'
import { type AccountState, initialAccountState } from '../features/account/accountState'
import type { SendState } from '../features/account/send/createSend'
import { createStore } from '../kernel/store'
import { ModalContext } from '../react/context'
import { alice } from './devnet'

/** The devnet as the account views see it, with a block explorer. */
export const accountTestNetwork = {
  id: 31337,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
  blockExplorerUrl: 'https://explorer.test',
} as const satisfies AccountSnapshot['network']

/**
 * An account view's markup (server-rendered) over a modal whose account feature holds the state given: alice
 * connected on the devnet unless told otherwise. For the views' unit tests; what they do is proven in the browser.
 */
export function renderAccountView(
  view: ReactElement,
  {
    account = {},
    send = {},
    networks = [accountTestNetwork],
  }: { account?: Partial<AccountState>; send?: Partial<SendState>; networks?: readonly Network[] } = {},
): string {
  const controller = {
    state: createStore<AccountState>({ ...initialAccountState(), address: alice, ...account }),
    send: {
      state: createStore<SendState>({
        token: undefined,
        amount: '',
        receiver: '',
        step: 'form',
        error: undefined,
        fee: undefined,
        plan: undefined,
        hash: undefined,
        replacement: undefined,
        resolved: undefined,
        ...send,
      }),
    },
    loadMoreActivity: () => {},
    loadMoreNfts: () => {},
  }
  const snapshot: AccountSnapshot = {
    status: 'connected',
    address: alice,
    caipAddress: `eip155:31337:${alice}`,
    chainId: 31337,
    network: accountTestNetwork,
    connector: undefined,
    connectionId: 'eip155/c',
  }
  const modal = {
    networks,
    feature: () => controller,
    getAccount: () => snapshot,
    subscribeAccount: () => () => {},
    getActiveNetwork: () => accountTestNetwork,
  } as unknown as Modal
  return renderToString(<ModalContext.Provider value={modal}>{view}</ModalContext.Provider>)
}
