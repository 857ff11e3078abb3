import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createWalletState, WalletConfigError } from './state'

describe('createWalletState', () => {
  const privateKey = generatePrivateKey()

  it('starts on initialChainId, else the first chain, without permission', () => {
    expect(createWalletState({ privateKey, chains: [{ id: 5 }, { id: 7 }] })).toMatchObject({
      chainId: 5,
      permitted: false,
      locked: false,
      connected: true,
    })
    expect(createWalletState({ privateKey, chains: [{ id: 5 }, { id: 7 }], initialChainId: 7 }).chainId).toBe(
      7,
    )
  })

  it('refuses a configuration without chains or with a foreign initialChainId', () => {
    expect(() => createWalletState({ privateKey, chains: [] })).toThrow(WalletConfigError)
    expect(() => createWalletState({ privateKey, chains: [{ id: 5 }], initialChainId: 9 })).toThrow(
      WalletConfigError,
    )
  })
})
