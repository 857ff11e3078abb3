import type { Hex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { createScriptedWallet } from '../../src/scripted-wallet'
import type { ScriptedWalletOptions, WalletEvent } from '../../src/types'

export const TEST_ORIGIN = 'http://127.0.0.1:4000'

/** A Node-side wallet whose events land in an array, and a `call` that speaks EIP-1193 to it. */
export function scriptedWalletForTest(options: Partial<ScriptedWalletOptions> = {}) {
  const events: WalletEvent[] = []
  const privateKey: Hex = options.privateKey ?? generatePrivateKey()
  const wallet = createScriptedWallet(
    { privateKey, chains: [{ id: 31337 }, { id: 1, name: 'Ethereum' }], ...options },
    async (event) => {
      events.push(event)
    },
  )
  const call = (method: string, params?: unknown) => wallet.handle({ method, params, origin: TEST_ORIGIN })
  return { wallet, events, call, privateKey }
}
