import { createPublicClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestAnvil, type TestAnvil } from '../test/support/anvil'
import { fundedKey } from './funded-key'

let anvil: TestAnvil

beforeAll(async () => {
  anvil = await startTestAnvil()
})

afterAll(async () => {
  await anvil?.stop()
})

describe('fundedKey', () => {
  it('gives each call a new account holding 10 ETH, or the balance asked for', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const [first, second] = await Promise.all([
      fundedKey(anvil.rpcUrl),
      fundedKey(anvil.rpcUrl, { balance: parseEther('0.25') }),
    ])
    expect(first).not.toBe(second)
    expect(await client.getBalance({ address: privateKeyToAccount(first).address })).toBe(parseEther('10'))
    expect(await client.getBalance({ address: privateKeyToAccount(second).address })).toBe(parseEther('0.25'))
  })
})
