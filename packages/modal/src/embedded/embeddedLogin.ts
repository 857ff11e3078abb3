import type { Chains } from '../chains/createChains'
import { EMAIL_LOGIN_USED_KEY } from '../chains/evm/embeddedWalletOptions'

/**
 * What the browser keeps of an embedded-wallet login goes with the login (docs/behaviour.md#email). `connected` is
 * called when an AUTH connection starts; `ended` when it ends (a disconnect), and, with nothing connected, when the
 * login-used flag is gone while `kept()` still holds something: the connector drops the flag when the frame's
 * is-connected check failed, so a reload of a dead session forgets it too.
 */
export function followEmbeddedLogin({
  chains,
  storage,
  kept,
  connected,
  ended,
}: {
  chains: Chains
  storage: Pick<Storage, 'getItem'> | undefined
  kept(): boolean
  connected?(): void
  ended(): void
}): () => void {
  let loggedIn = false
  return chains.subscribe(() => {
    const account = chains.getAccount()
    if (account.connector?.type === 'AUTH' && account.address) {
      if (!loggedIn) connected?.()
      loggedIn = true
    } else if (loggedIn && !account.address) {
      loggedIn = false
      ended()
    } else if (
      account.status === 'disconnected' &&
      storage?.getItem(EMAIL_LOGIN_USED_KEY) !== 'true' &&
      kept()
    )
      ended()
  })
}
