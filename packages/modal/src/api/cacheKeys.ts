/**
 * Keys in the modal's one cache of answers that more than one feature reads or refreshes: the account shows an
 * address's identity, the names feature refreshes it once a name is registered; swaps read the balances the account
 * loaded.
 */
export const identityKey = (address: string) => `identity:${address.toLowerCase()}`

/** The cache keys of one account on one network: everything read for it starts with `account:<caip>:<address>`. */
export const accountKey = (network: { caipNetworkId: string }, address: string) =>
  `account:${network.caipNetworkId}:${address.toLowerCase()}`

/** The account's token balances on the network (docs/behaviour.md#balances). */
export const tokenBalancesKey = (network: { caipNetworkId: string }, address: string) =>
  `${accountKey(network, address)}:tokens`
