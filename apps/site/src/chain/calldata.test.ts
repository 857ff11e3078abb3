import { allAccessPassAbi, multicall3Abi } from '@allaccess/chain/deployments'
import {
  type Abi,
  decodeFunctionResult,
  encodeFunctionData,
  encodeFunctionResult,
  type Hex,
  toFunctionSelector,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { callData, decodeAggregate3, decodeString, encodeAggregate3, SELECTORS } from './calldata'

const PASS: Hex = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ACCOUNT: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const functionItem = (abi: Abi, name: string) => {
  const item = abi.find((candidate) => candidate.type === 'function' && candidate.name === name)
  if (item?.type !== 'function') throw new Error(`${name} is not in the ABI`)
  return item
}

describe('the page’s hand-encoded calls agree with viem’s ABI codec and the compiled contracts', () => {
  it.each(Object.entries(SELECTORS))('selector of %s', (name, selector) => {
    const abi = name === 'aggregate3' ? multicall3Abi : allAccessPassAbi
    expect(toFunctionSelector(functionItem(abi as Abi, name))).toBe(selector)
  })

  it('calls with no, uint256 and address arguments', () => {
    expect(callData(SELECTORS.price)).toBe(
      encodeFunctionData({ abi: allAccessPassAbi, functionName: 'price' }),
    )
    expect(callData(SELECTORS.tokenURI, 12345678901234567890n)).toBe(
      encodeFunctionData({ abi: allAccessPassAbi, functionName: 'tokenURI', args: [12345678901234567890n] }),
    )
    expect(callData(SELECTORS.mintedBy, ACCOUNT)).toBe(
      encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mintedBy', args: [ACCOUNT] }),
    )
  })

  it.each([
    ['none', []],
    ['one selector', ['0xa035b1fe']],
    ['calls of one and two words plus 4 bytes', ['0xa035b1fe', callData(SELECTORS.mintedBy, ACCOUNT), '0x']],
  ] as [string, Hex[]][])('aggregate3 with %s', (_, calls) => {
    expect(encodeAggregate3(PASS, calls)).toBe(
      encodeFunctionData({
        abi: multicall3Abi,
        functionName: 'aggregate3',
        args: [calls.map((data) => ({ target: PASS, allowFailure: false, callData: data }))],
      }),
    )
  })

  it('reads every call’s return data from an aggregate3 answer', () => {
    const returned: Hex[] = ['0x', `0x${'00'.repeat(31)}2a`, `0x${'ab'.repeat(70)}`]
    const answer = encodeFunctionResult({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      result: returned.map((returnData) => ({ success: true, returnData })),
    })
    expect(decodeAggregate3(answer)).toEqual(returned)
    expect(
      decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: answer }),
    ).toHaveLength(3)
  })

  it.each(['', 'data:application/json;base64,eyJuYW1lIjoiUGFzcyAjMSJ9', 'ünïcödé ✓ '.repeat(20)])(
    'reads a string answer: %s',
    (value) => {
      const answer = encodeFunctionResult({ abi: allAccessPassAbi, functionName: 'tokenURI', result: value })
      expect(decodeString(answer)).toBe(value)
    },
  )

  it.each([
    ['not hex', '0xzz' as Hex],
    ['odd length', '0x123' as Hex],
    ['too short', '0x20' as Hex],
    ['an offset past the end', `0x${'00'.repeat(31)}ff` as Hex],
    ['a length past the end', `0x${'00'.repeat(31)}20${'00'.repeat(31)}40` as Hex],
  ])('refuses a malformed answer: %s', (_, answer) => {
    expect(() => decodeString(answer)).toThrow('Malformed call answer')
    expect(() => decodeAggregate3(answer)).toThrow('Malformed call answer')
  })
})
