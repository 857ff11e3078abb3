/**
 * Keys in the modal's one cache of answers that more than one feature reads or refreshes: the account shows an
 * address's identity, the names feature refreshes it once a name is registered.
 */
export const identityKey = (address: string) => `identity:${address.toLowerCase()}`
