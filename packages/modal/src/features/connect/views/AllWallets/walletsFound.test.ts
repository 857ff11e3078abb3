import { describe, expect, it } from 'vitest'
import { walletsFound } from './walletsFound'

describe('the search count', () => {
  it('is singular for one wallet', () => {
    expect(walletsFound(1)).toBe('1 wallet found')
    expect(walletsFound(0)).toBe('0 wallets found')
    expect(walletsFound(12)).toBe('12 wallets found')
  })
})
