import { encodeFunctionData, getAddress, maxUint256, parseAbi, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { CALL_WARNINGS, describeCall, feeText } from './callText'

const TOKEN = `0x${'a'.repeat(40)}`
/** Decoded addresses come back checksummed. */
const SPENDER = getAddress(`0x${'b'.repeat(40)}`)
const OWNER = getAddress(`0x${'c'.repeat(40)}`)
const erc20 = parseAbi([
  'function approve(address,uint256)',
  'function transfer(address,uint256)',
  'function transferFrom(address,address,uint256)',
  'function permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'function setApprovalForAll(address,bool)',
  'function mint() payable',
])
const call = (data: `0x${string}`, value?: string) =>
  describeCall({ to: TOKEN, data, ...(value ? { value } : {}) }, 31337)
const ZERO = `0x${'0'.repeat(64)}` as const

describe('a call in words', () => {
  it('names the common token functions and the pass’s mint, and flags unlimited approvals and full access', () => {
    expect(call(encodeFunctionData({ abi: erc20, functionName: 'approve', args: [SPENDER, 5n] }))).toEqual({
      action: `Allow ${SPENDER} to spend 5 units of the token at ${TOKEN}`,
    })
    expect(
      call(encodeFunctionData({ abi: erc20, functionName: 'approve', args: [SPENDER, maxUint256] })),
    ).toEqual({
      action: `Allow ${SPENDER} to spend an unlimited amount of the token at ${TOKEN}`,
      warning: CALL_WARNINGS.unlimited,
    })
    expect(
      call(encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [SPENDER, 7n] })).action,
    ).toBe(`Transfer 7 units of the token at ${TOKEN} to ${SPENDER}`)
    expect(
      call(encodeFunctionData({ abi: erc20, functionName: 'transferFrom', args: [OWNER, SPENDER, 3n] }))
        .action,
    ).toBe(`Transfer 3 (units, or the NFT of that number) of ${TOKEN} from ${OWNER} to ${SPENDER}`)
    const permit = call(
      encodeFunctionData({
        abi: erc20,
        functionName: 'permit',
        args: [OWNER, SPENDER, maxUint256, maxUint256, 27, ZERO, ZERO],
      }),
    )
    expect(permit).toEqual({
      action: `Let ${SPENDER} spend an unlimited amount of ${OWNER}'s token at ${TOKEN}, until no end`,
      warning: CALL_WARNINGS.unlimited,
    })
    expect(
      call(encodeFunctionData({ abi: erc20, functionName: 'setApprovalForAll', args: [SPENDER, true] })),
    ).toEqual({
      action: `Allow ${SPENDER} to take all your tokens of ${TOKEN}`,
      warning: CALL_WARNINGS.everything,
    })
    expect(call(encodeFunctionData({ abi: erc20, functionName: 'mint' })).action).toBe(`Mint at ${TOKEN}`)
  })

  it('says plainly what it cannot read, and names plain sends, deployments and the fee', () => {
    expect(call('0xdeadbeef0000')).toEqual({
      action: `Call function 0xdeadbeef of the contract at ${TOKEN} (6 bytes of data)`,
      warning: CALL_WARNINGS.unknown,
    })
    // The right selector with arguments that do not decode is no approve either.
    expect(call('0x095ea7b3').warning).toBe(CALL_WARNINGS.unknown)
    expect(describeCall({ to: SPENDER, value: '0x2386f26fc10000' }, 31337).action).toBe(
      `Send 0.01 ETH to ${SPENDER}`,
    )
    expect(describeCall({ to: null, data: '0x6000' }, 31337).action).toBe(
      'Create a contract (2 bytes of code)',
    )
    expect(feeText(parseEther('0.000042'), 31337)).toBe('Up to 0.000042 ETH')
    expect(feeText(undefined, 31337)).toBe('Not known until it is sent')
  })

  it("names a call to the wallet's own address as its own account's, never as a token's, with a warning", () => {
    const approve = encodeFunctionData({ abi: erc20, functionName: 'approve', args: [SPENDER, 5n] })
    // A wallet delegated to a smart account runs its own code when called: what it does next is not shown here.
    expect(
      describeCall({ to: TOKEN, data: approve }, 31337, TOKEN.toUpperCase().replace('0X', '0x')),
    ).toEqual({
      action: 'Call your own account: function 0x095ea7b3 (68 bytes of data)',
      warning: CALL_WARNINGS.ownAccount,
    })
    expect(CALL_WARNINGS.ownAccount).toBe(
      "A call to your own account can make it do anything with what it holds, and this wallet can't show what. Approve only if you trust the site.",
    )
    expect(describeCall({ to: OWNER, value: '0x2386f26fc10000' }, 31337, OWNER).action).toBe(
      'Send 0.01 ETH to your own address',
    )
    expect(describeCall({ to: TOKEN, data: approve }, 31337, OWNER).action).toBe(
      `Allow ${SPENDER} to spend 5 units of the token at ${TOKEN}`,
    )
  })
})
