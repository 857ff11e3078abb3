import { FRAME_ERROR_TEXTS } from '@allaccess/frame-protocol'
import { IDBFactory } from 'fake-indexeddb'
import {
  createWalletClient,
  custom,
  type Hex,
  numberToHex,
  pad,
  parseEther,
  parseTransaction,
  stringToHex,
  verifyMessage,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { grantPermissions } from 'viem/experimental'
import { describe, expect, it } from 'vitest'
import { createPermissionStore, PERMISSION_CAPABILITY } from './permissions'
import { ProviderError } from './rpc'
import { type ApprovalRequest, createRpcHandler, type Network } from './rpcHandler'
import { openVault, type Vault } from './vault'

const account = privateKeyToAccount(generatePrivateKey())
const network = { chainId: 31337, rpcUrl: 'http://gateway.test/v1/?chainId=eip155:31337' }

const NOW = 1_800_000_000
/** USDC's token contract on Ethereum mainnet. */
const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const SITE = 'https://pass.example'
/** What the devnet answers to what a transaction's preparation and sending ask. */
const CHAIN_ANSWERS: Record<string, unknown> = {
  eth_chainId: '0x7a69',
  eth_getTransactionCount: '0x0',
  eth_estimateGas: '0x5208',
  eth_getCode: '0x',
  eth_maxPriorityFeePerGas: '0x1',
  eth_getBlockByNumber: { baseFeePerGas: '0x1', number: '0x1', timestamp: '0x1' },
  eth_sendRawTransaction: `0x${'f'.repeat(64)}`,
}

function handler({
  approve = true,
  signedIn = true,
  site = SITE,
  vault = openVault(new IDBFactory()),
  whileAsked = () => {},
}: {
  approve?: boolean
  signedIn?: boolean
  site?: string
  vault?: Vault
  /** What happens while the user looks at the approval (the host switching network, say). */
  whileAsked?: (switchTo: (next: Network) => void) => void
} = {}) {
  const asked: ApprovalRequest[] = []
  const forwarded: { method: string; params: unknown; url: string }[] = []
  let current: Network = network
  const refused: string[] = []
  const permissions = createPermissionStore({ vault, now: () => NOW })
  const handle = createRpcHandler({
    account: async () => account,
    signedIn: async () => signedIn,
    network: () => current,
    approve: async (request) => {
      asked.push(request)
      whileAsked((next) => {
        current = next
      })
      return approve
    },
    refused: (method) => refused.push(method),
    permissions,
    site,
    now: () => NOW,
    fetch: async (url, init) => {
      const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown }
      forwarded.push({ method: body.method, params: body.params, url: String(url) })
      const result = CHAIN_ANSWERS[body.method] ?? '0x10'
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }))
    },
  })
  return { handle, asked, forwarded, refused, permissions }
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
    expect(forwarded).toEqual([
      { method: 'eth_getBalance', params: [account.address, 'latest'], url: network.rpcUrl },
    ])
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
    for (const method of ['eth_sign', 'wallet_requestPermissions', 'eth_signTransaction', 'admin_peers'])
      expect(await codeOf(handle({ method, params: [], chainId: 31337 }))).toEqual([
        4200,
        FRAME_ERROR_TEXTS.notAllowed,
      ])
    // The user is told too, once per refused call.
    expect(refused).toEqual(['eth_sign', 'wallet_requestPermissions', 'eth_signTransaction', 'admin_peers'])
    // A call's `to` is an address, its data hex (docs/embedded-wallet.md#rpc).
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

  it('refuses typed data whose salt names another chain (no chainId in its domain) before asking; takes the salt of this chain', async () => {
    const salted = (chainId: number) => ({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'verifyingContract', type: 'address' },
          { name: 'salt', type: 'bytes32' },
        ],
        Transfer: [{ name: 'amount', type: 'uint256' }],
      },
      primaryType: 'Transfer',
      domain: { name: 'Bridge', verifyingContract: USDC_MAINNET, salt: pad(numberToHex(chainId)) },
      message: { amount: '1' },
    })
    const { handle, asked } = handler()
    const sign = (data: object) =>
      handle({ method: 'eth_signTypedData_v4', params: [account.address, data], chainId: 31337 })
    expect(await codeOf(sign(salted(137)))).toEqual([
      -32602,
      'Invalid parameters: typed data is for chain 137, not this network (31337)',
    ])
    expect(asked).toEqual([])
    expect(await sign(salted(31337))).toMatch(/^0x[0-9a-f]{130}$/)
    // A random salt names no chain: the screen then says the signature is valid on any network.
    expect(await sign({ ...salted(1), domain: { name: 'Bridge', salt: `0x${'ab'.repeat(32)}` } })).toMatch(
      /^0x/,
    )
  })

  it('refuses typed data that is a UserOperation (v0.8 hashes one as EIP-712 under the EntryPoint) before asking', async () => {
    const operation = (domain: object, primaryType = 'PackedUserOperation') => ({
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        [primaryType]: [
          { name: 'sender', type: 'address' },
          { name: 'callData', type: 'bytes' },
        ],
      },
      primaryType,
      domain,
      message: { sender: account.address, callData: '0x' },
    })
    const { handle, asked } = handler()
    const sign = (data: object) =>
      handle({ method: 'eth_signTypedData_v4', params: [account.address, data], chainId: 31337 })
    const refusal = [
      -32602,
      'Invalid parameters: typed data for an EntryPoint is a UserOperation: the wallet makes operations only from calls it shows (wallet_sendCalls, eth_sendUserOperation)',
    ]
    const v08 = {
      name: 'ERC4337',
      version: '1',
      chainId: 31337,
      verifyingContract: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
    }
    expect(await codeOf(sign(operation(v08)))).toEqual(refusal)
    expect(await codeOf(sign(operation({ ...v08, name: 'Other' }, 'Order')))).toEqual(refusal)
    expect(await codeOf(sign(operation({ name: 'ERC4337' }, 'Order')))).toEqual(refusal)
    expect(await codeOf(sign(operation({ name: 'Shop' }, 'UserOperation')))).toEqual(refusal)
    expect(
      await codeOf(
        sign(operation({ verifyingContract: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' }, 'Order')),
      ),
    ).toEqual(refusal)
    expect(asked).toEqual([])
  })

  it("refuses a batch whose own chainId is not the request's network, before asking", async () => {
    const { handle, asked } = handler()
    const calls = [{ to: `0x${'5'.repeat(40)}`, value: '0x1' }]
    expect(
      await codeOf(
        handle({
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', chainId: '0x1', calls }],
          chainId: 31337,
        }),
      ),
    ).toEqual([-32602, 'Invalid parameters: the calls are for chain 1, not this network (31337)'])
    expect(asked).toEqual([])
  })

  it('refuses typed data bound to another chain (a mainnet USDC Permit on the devnet) before asking; signs this chain’s, shown with its domain', async () => {
    const permit = (chainId: number | string) => ({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', version: '2', chainId, verifyingContract: USDC_MAINNET },
      message: {
        owner: account.address,
        spender: `0x${'5'.repeat(40)}`,
        value: '1000000000',
        nonce: '0',
        deadline: '1900000000',
      },
    })
    const { handle, asked } = handler()
    for (const chainId of [1, '0x1', '1'])
      expect(
        await codeOf(
          handle({
            method: 'eth_signTypedData_v4',
            params: [account.address, JSON.stringify(permit(chainId))],
            chainId: 31337,
          }),
        ),
      ).toEqual([-32602, 'Invalid parameters: typed data is for chain 1, not this network (31337)'])
    expect(
      await codeOf(
        handle({ method: 'eth_signTypedData_v4', params: [account.address, '{'], chainId: 31337 }),
      ),
    ).toEqual([-32602, 'Invalid parameters: typed data is not JSON'])
    expect(asked).toEqual([])
    const signature = await handle({
      method: 'eth_signTypedData_v4',
      params: [account.address, JSON.stringify(permit(31337))],
      chainId: 31337,
    })
    expect(asked[0]).toMatchObject({
      method: 'eth_signTypedData_v4',
      params: [account.address, { primaryType: 'Permit', domain: { name: 'USD Coin', chainId: 31337 } }],
    })
    const { EIP712Domain: _, ...types } = permit(31337).types
    expect(signature).toBe(await account.signTypedData({ ...permit(31337), types } as never))
  })

  it('gives no accounts before sign-in, and eth_requestAccounts says so', async () => {
    const { handle } = handler({ signedIn: false })
    expect(await handle({ method: 'eth_accounts', chainId: 31337 })).toEqual([])
    expect(((await codeOf(handle({ method: 'eth_requestAccounts', chainId: 31337 }))) as unknown[])[0]).toBe(
      4100,
    )
  })

  it('sends on the network the request was made on, even when the host switches network while the user decides', async () => {
    const mainnet = { chainId: 1, rpcUrl: 'http://gateway.test/v1/?chainId=eip155:1' }
    const { handle, forwarded } = handler({ whileAsked: (switchTo) => switchTo(mainnet) })
    await handle({
      method: 'eth_sendTransaction',
      params: [{ to: `0x${'c'.repeat(40)}`, value: '0x1' }],
      chainId: 31337,
    })
    expect(forwarded.map((call) => call.url)).not.toContain(mainnet.rpcUrl)
    const raw = forwarded.find((call) => call.method === 'eth_sendRawTransaction')?.params as [Hex]
    expect(parseTransaction(raw[0]).chainId).toBe(31337)
  })

  it('says in wallet_getCapabilities which permissions it grants, for the chain it is on', async () => {
    expect(
      await handler().handle({ method: 'wallet_getCapabilities', params: [account.address], chainId: 31337 }),
    ).toEqual({
      '0x7a69': { permissions: PERMISSION_CAPABILITY },
    })
  })
})

describe('permissions (ERC-7715) in the frame', () => {
  const FRIEND = `0x${'c'.repeat(40)}` as const
  const sendCalls = (context: string | undefined, value: bigint) => ({
    method: 'wallet_sendCalls',
    params: [
      {
        calls: [{ to: FRIEND, value: numberToHex(value) }],
        ...(context ? { capabilities: { permissions: { context } } } : {}),
      },
    ],
    chainId: 31337,
  })

  it("grants with the user's approval what viem's grantPermissions asks; a covered batch is sent unasked, others are asked; revoking is approved too", async () => {
    const { handle, asked, forwarded } = handler()
    const client = createWalletClient({
      transport: custom({ request: ({ method, params }) => handle({ method, params, chainId: 31337 }) }),
    })
    const granted = await grantPermissions(client, {
      expiry: NOW + 3600,
      signer: { type: 'wallet' },
      permissions: [
        {
          type: 'native-token-transfer',
          data: { ticker: 'ETH' },
          policies: [{ type: 'token-allowance', data: { allowance: parseEther('0.01') } }],
        },
      ],
    })
    expect(granted.expiry).toBe(NOW + 3600)
    // The grant's answer names the rate limit it got by default, 10 calls an hour.
    expect(granted.grantedPermissions[0]?.policies).toEqual([
      { type: 'token-allowance', data: { allowance: parseEther('0.01') } },
      { type: 'rate-limit', data: { count: 10, interval: 3600 } },
    ])
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ method: 'wallet_grantPermissions', chainId: 31337 })
    const context = granted.permissionsContext

    expect(await handle(sendCalls(context, parseEther('0.006')))).toEqual({
      id: expect.stringMatching(/^0x/),
    })
    expect(asked).toHaveLength(1)
    const sent = forwarded.filter((call) => call.method === 'eth_sendRawTransaction')
    expect(sent).toHaveLength(1)
    // Past the allowance, the user decides.
    await handle(sendCalls(context, parseEther('0.006')))
    expect(asked.map((request) => request.method)).toEqual(['wallet_grantPermissions', 'wallet_sendCalls'])

    expect(
      await handle({
        method: 'wallet_revokePermissions',
        params: [{ permissionsContext: context }],
        chainId: 31337,
      }),
    ).toBeNull()
    expect(asked.at(-1)).toMatchObject({ method: 'wallet_revokePermissions', grant: { context } })
    expect(await codeOf(handle(sendCalls(context, 1n)))).toEqual([
      -32602,
      'Invalid parameters: unknown or expired permissions context',
    ])
  })

  it('grants and revokes nothing the user turned down; another site cannot use or revoke a grant', async () => {
    const vault = openVault(new IDBFactory())
    const grant = {
      method: 'wallet_grantPermissions',
      params: [
        {
          expiry: NOW + 60,
          permissions: [
            {
              type: 'native-token-transfer',
              data: { ticker: 'ETH' },
              policies: [{ type: 'token-allowance', data: { allowance: '0x100' } }],
            },
          ],
        },
      ],
      chainId: 31337,
    }
    expect(await codeOf(handler({ approve: false, vault }).handle(grant))).toEqual([
      4001,
      FRAME_ERROR_TEXTS.rejected,
    ])
    const { permissionsContext } = (await handler({ vault }).handle(grant)) as { permissionsContext: Hex }
    const revoke = { method: 'wallet_revokePermissions', params: [{ permissionsContext }], chainId: 31337 }
    expect(await codeOf(handler({ approve: false, vault }).handle(revoke))).toEqual([
      4001,
      FRAME_ERROR_TEXTS.rejected,
    ])
    const other = handler({ vault, site: 'https://other.example' })
    expect(((await codeOf(other.handle(revoke))) as unknown[])[0]).toBe(-32602)
    expect(((await codeOf(other.handle(sendCalls(permissionsContext, 1n)))) as unknown[])[0]).toBe(-32602)
    expect(other.asked).toEqual([])
    // Still live for its own site: a covered batch goes unasked.
    const own = handler({ vault })
    await own.handle(sendCalls(permissionsContext, 1n))
    expect(own.asked).toEqual([])
    for (const params of [[{ expiry: 'soon' }], [{ permissionsContext: '0x12' }], []])
      for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions'])
        expect(((await codeOf(own.handle({ method, params, chainId: 31337 }))) as unknown[])[0]).toBe(-32602)
  })
})
