import { describe, expect, it } from 'vitest'
import { breakableName } from './breakableName'

describe('breakableName', () => {
  it.each([
    ['Safe{Wallet}', ['Safe', '{Wallet}']],
    ['1inch Wallet', ['1inch Wallet']],
    ['Wallet.app', ['Wallet.', 'app']],
    ['imToken (beta)', ['imToken ', '(beta)']],
    ['A-B/C_D', ['A-', 'B/', 'C_', 'D']],
    ['', []],
  ])('%j → %j, and the parts join back to the name', (name, parts) => {
    expect(breakableName(name)).toEqual(parts)
    expect(breakableName(name).join('')).toBe(name)
  })
})
