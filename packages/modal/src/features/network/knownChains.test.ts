import { describe, expect, it } from 'vitest'
import { unsupportedNetwork } from '../../chains/createChains'
import { devnetNetwork } from '../../testing/devnet'
import { networkName } from './knownChains'

// The behaviour these tests check: docs/behaviour.md#network-switch.

describe('network names', () => {
  it('a well-known chain the site does not configure is named (chain 1 is Ethereum), not "Unknown Network"', () => {
    expect(networkName(unsupportedNetwork('eip155:1'), false)).toBe('Ethereum')
    expect(networkName(unsupportedNetwork('eip155:8453'), false)).toBe('Base')
    expect(networkName(unsupportedNetwork('eip155:42161'), false)).toBe('Arbitrum One')
  })

  it("keeps the site's own name, and the placeholder's for a chain nobody knows", () => {
    expect(networkName(devnetNetwork, true)).toBe(devnetNetwork.name)
    expect(networkName(unsupportedNetwork('eip155:4242'), false)).toBe('Unknown Network')
  })
})
