import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetNetwork } from '../../testing/devnet'
import { type SmartAccountStack, startSmartAccountStack } from '../../testing/smartAccountStack'
import { getBatchSupport } from './getBatchSupport'

let stack: SmartAccountStack
beforeAll(async () => {
  stack = await startSmartAccountStack()
}, 120_000)
afterAll(() => stack?.close())

const refusing = async () => {
  throw Object.assign(new Error('The method does not exist'), { code: 4200 })
}

describe('getBatchSupport (EIP-5792 wallet_getCapabilities)', () => {
  it('a wallet with a bundler on the network batches atomically and takes a paymaster', async () => {
    const { address, request } = await stack.wallet(0n)
    expect(await getBatchSupport(request, address, stack.network)).toEqual({ atomic: true, paymaster: true })
  })

  it('a wallet without wallet_getCapabilities supports neither', async () => {
    expect(await getBatchSupport(refusing, '0x1', devnetNetwork)).toEqual({ atomic: false, paymaster: false })
  })

  it('reads EIP-5792 2.0 and 1.0 answers, the chain or every chain (0x0), and says no to unsupported', async () => {
    const answering = (answer: unknown) => async () => answer
    const read = (answer: unknown) => getBatchSupport(answering(answer), '0x1', devnetNetwork)
    expect(await read({ '0x7a69': { atomic: { status: 'ready' } } })).toEqual({
      atomic: true,
      paymaster: false,
    })
    expect(await read({ '0x7a69': { atomic: { status: 'unsupported' } } })).toEqual({
      atomic: false,
      paymaster: false,
    })
    expect(
      await read({ '0x0': { atomicBatch: { supported: true }, paymasterService: { supported: true } } }),
    ).toEqual({ atomic: true, paymaster: true })
    expect(await read({ '0x1': { atomic: { status: 'supported' } } })).toEqual({
      atomic: false,
      paymaster: false,
    })
    // WalletConnect sessions carry capabilities as JSON text.
    expect(await read('{"0x7a69":{"atomic":{"status":"supported"}}}')).toEqual({
      atomic: true,
      paymaster: false,
    })
    await expect(read(['no'])).rejects.toMatchObject({ text: 'Error parsing wallet capabilities' })
  })
})
