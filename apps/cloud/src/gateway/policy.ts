import { GATEWAY_METHODS } from '@allaccess/protocol'

/**
 * Methods the gateway answers itself, never asking the node: a node's own accounts are not the caller's
 * (anvil lists its unlocked dev accounts), so a public gateway has none.
 */
export const LOCAL_ANSWERS: ReadonlyMap<string, unknown> = new Map([['eth_accounts', []]])

export function isMethodAllowed(method: string): boolean {
  return GATEWAY_METHODS.has(method)
}

/** The text for a call the gateway refuses (apps/cloud/README.md#routes). */
export const NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed'
