import type { ChainNamespace, Network } from '../../chains/types'
import type { EntryOf } from '../../kernel/routes'

// The network feature's routes, added from its own folder (docs/behaviour.md#views).
declare module '../../kernel/routes' {
  interface Routes {
    UnsupportedChain: undefined
    SwitchNetwork: { caipNetworkId: string }
    /** Opening rule 1: the caller asked for a namespace other than the active one. */
    SwitchActiveChain: { namespace: ChainNamespace }
  }
}

/** The view a network switch waits in. */
export const switchNetworkEntry = (network: Network): EntryOf<'SwitchNetwork'> => ({
  view: 'SwitchNetwork',
  data: { caipNetworkId: network.caipNetworkId },
})
