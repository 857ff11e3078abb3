import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import { stringToHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { ProviderError } from './rpc'
import { type ApprovalRequest, createRpcHandler } from './rpcHandler'

const account = privateKeyToAccount(generatePrivateKey())
const network = { chainId: 31337, rpcUrl: 'http://gateway.test/v1/?chainId=eip155:31337' }

function handler({ approve = true, signedIn = true } = {}) {
  const asked: ApprovalRequest[] = []
  const forwarded: { method: string; params: unknown }[] = []
  const refused: string[] = []
  const handle = createRpcHandler({
    account: async () => account,
    signedIn: async () => signedIn,
    network: () => network,
    approve: async (request) => {
      asked.push(request)
      return approve
    },
    refused: (method) => refused.push(method),
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown }
      forwarded.push({ method: body.method, params: body.params })
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: '0x10' }))
    },
  })
  return { handle, asked, forwarded, refused }
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ProviderError ? [error.code, error.message] : error),
  )

describe('the frame’s RPC handler', () => {
  it('passes safe reads to the network’s RPC as they are, and answers the account and chain itself', async () => {
    const { handle, forwarded, asked } = handler()
    expect(
      await handle({ method: 'eth_getBalance', params: [account.address, 'latest'], chainId: 31337 }),
    ).toBe('0x10')
    expect(forwarded).toEqual([{ method: 'eth_getBalance', params: [account.address, 'latest'] }])
    expect(await handle({ method: 'eth_chainId', chainId: 31337 })).toBe('0x7a69')
    expect(await handle({ method: 'eth_accounts', chainId: 31337 })).toEqual([account.address])
    expect(asked).toEqual([])
  })

  it('signs personal_sign only after the approval, with the wallet’s key', async () => {
    const { handle, asked } = handler()
    const signature = (await handle({
      method: 'personal_sign',
      params: [stringToHex('hello'), account.address],
      chainId: 31337,
    })) as `0x${string}`
    expect(asked.map((request) => request.method)).toEqual(['personal_sign'])
    expect(await verifyMessage({ address: account.address, message: 'hello', signature })).toBe(true)
  })

  it('refuses: turned down (4001), another account (4100), not on the list (4200), bad calls, another chain', async () => {
    expect(
      await codeOf(
        handler({ approve: false }).handle({
          method: 'personal_sign',
          params: [stringToHex('x'), account.address],
          chainId: 31337,
        }),
      ),
    ).toEqual([4001, FRAME_ERROR_TEXTS.rejected])
    const { handle, asked, refused } = handler()
    expect(
      (
        (await codeOf(
          handle({ method: 'personal_sign', params: ['0x00', `0x${'1'.repeat(40)}`], chainId: 31337 }),
        )) as unknown[]
      )[0],
    ).toBe(4100)
    for (const method of ['eth_sign', 'wallet_grantPermissions', 'eth_sendUserOperation', 'admin_peers'])
      expect(await codeOf(handle({ method, params: [], chainId: 31337 }))).toEqual([
        4200,
        FRAME_ERROR_TEXTS.notAllowed,
      ])
    // The user is told too, once per refused call.
    expect(refused).toEqual(['eth_sign', 'wallet_grantPermissions', 'eth_sendUserOperation', 'admin_peers'])
    // Spec §5: a call's `to` starts with 0x (an address), its data is hex.
    const calls = (call: unknown) => ({
      method: 'wallet_sendCalls',
      params: [{ calls: [call] }],
      chainId: 31337,
    })
    expect(((await codeOf(handle(calls({ to: 'vitalik.eth' })))) as unknown[])[0]).toBe(-32602)
    expect(((await codeOf(handle(calls({ to: `0x${'2'.repeat(40)}`, data: 'zz' })))) as unknown[])[0]).toBe(
      -32602,
    )
    expect(((await codeOf(handle({ method: 'eth_call', params: [], chainId: 1 }))) as unknown[])[0]).toBe(
      4901,
    )
    expect(asked).toEqual([])
  })

  it('gives no accounts before sign-in, and eth_requestAccounts says so', async () => {
    const { handle } = handler({ signedIn: false })
    expect(await handle({ method: 'eth_accounts', chainId: 31337 })).toEqual([])
    expect(((await codeOf(handle({ method: 'eth_requestAccounts', chainId: 31337 }))) as unknown[])[0]).toBe(
      4100,
    )
  })
})
