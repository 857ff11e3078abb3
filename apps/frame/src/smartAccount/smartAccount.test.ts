import { fundAccount } from '@allaccess/chain'
import { allAccessPassAbi, simple7702AccountAbi } from '@allaccess/chain/deployments'
import { type BundlerDevnet, startBundlerDevnet } from '@allaccess/cloud'
import { IDBFactory } from 'fake-indexeddb'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  parseEther,
} from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { recoverAuthorizationAddress } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPermissionStore } from '../permissions'
import { type ApprovalRequest, createRpcHandler } from '../rpcHandler'
import { openVault } from '../vault'
import { SIMPLE_7702_ACCOUNT, smartAccountRoutes } from './config'
import { createSmartAccount } from './index'

/**
 * The e-mail wallet's smart account against a real devnet: anvil with the contracts, Alto, and the cloud's
 * bundler and paymaster routes in front of them, the local project's policy sponsoring the pass's mint and a
 * delegation alone.
 */
const PROJECT = 'allaccess-local'
const SITE = 'Pass (http://127.0.0.1:4000)'
const PRICE = parseEther('0.01')
const signal = new AbortController().signal

let stack: BundlerDevnet
let anvil: BundlerDevnet['anvil']
let cloud: BundlerDevnet['cloud'] | undefined
let deployment: BundlerDevnet['deployment']

beforeAll(async () => {
  stack = await startBundlerDevnet()
  ;({ anvil, cloud, deployment } = stack)
}, 240_000)
afterAll(() => stack?.close())

const chain = () => createPublicClient({ transport: http(anvil.rpcUrl) })
const mint = () => ({
  to: deployment.addresses.allAccessPass,
  value: '0x2386f26fc10000',
  data: encodeFunctionData({ abi: allAccessPassAbi, functionName: 'mint' }),
})

/** A fresh e-mail wallet holding `wei`, its frame handlers on the devnet; `asked` is every approval shown. */
async function wallet(
  wei: bigint,
  {
    approve = true,
    beforeAnswer = async () => {},
    answered = (_method: string, result: unknown) => result,
  }: {
    approve?: boolean
    /** Runs while the approval is on screen, before the user answers. */
    beforeAnswer?: () => Promise<void>
    /** What the stack answers a JSON-RPC method with, as the frame reads it (a hostile bundler's lie, say). */
    answered?: (method: string, result: unknown) => unknown
  } = {},
) {
  const account = privateKeyToAccount(generatePrivateKey())
  if (wei > 0n) await fundAccount(anvil.rpcUrl, account.address, wei)
  const asked: ApprovalRequest[] = []
  const answer = async (request: ApprovalRequest) => {
    asked.push(request)
    await beforeAnswer()
    return approve
  }
  const network = () => ({ chainId: 31337, rpcUrl: anvil.rpcUrl })
  const vault = openVault(new IDBFactory())
  // Every JSON-RPC request the smart account makes (to the chain, the bundler and the paymaster).
  const sent: { method: string; params?: unknown[] }[] = []
  const recording: typeof fetch = async (input, init) => {
    const requests = typeof init?.body === 'string' ? [JSON.parse(init.body)].flat() : []
    sent.push(...requests)
    const response = await fetch(input, init)
    const [request] = requests
    if (requests.length !== 1 || !request) return response
    const body = (await response.json()) as { result?: unknown }
    const result = 'result' in body ? answered(request.method, body.result) : undefined
    return Response.json(result === undefined ? body : { ...body, result }, { status: response.status })
  }
  const smart = createSmartAccount({
    cloudUrl: cloud?.url as string,
    projectId: PROJECT,
    vault,
    account: async () => account,
    network,
    approve: answer,
    fetch: recording,
  })
  const handle = createRpcHandler({
    account: async () => account,
    signedIn: async () => true,
    network,
    approve: answer,
    refused: () => {},
    permissions: createPermissionStore({ vault, now: () => Math.floor(Date.now() / 1000) }),
    site: SITE,
    smartCalls: smart.smartCalls,
  })
  const rpc = (method: string, params: unknown) => handle({ method, params, chainId: 31337 })
  const sendCalls = (calls: object[], extra: object = {}) =>
    rpc('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: account.address, calls, ...extra }])
  return { account, asked, smart, rpc, sendCalls, network, sent }
}

const paymasterService = () => ({
  capabilities: {
    paymasterService: { url: smartAccountRoutes(cloud?.url as string, PROJECT, 31337).paymasterUrl },
  },
})

async function statusOf(rpc: (method: string, params: unknown) => Promise<unknown>, id: string) {
  for (let turn = 0; turn < 240; turn++) {
    const status = (await rpc('wallet_getCallsStatus', [id])) as { status: number }
    if (status.status !== 100) return status
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`batch ${id} still pending`)
}

const passesOf = (owner: Hex) =>
  chain().readContract({
    address: deployment.addresses.allAccessPass,
    abi: allAccessPassAbi,
    functionName: 'balanceOf',
    args: [owner],
  })

describe("the e-mail wallet's smart account (EIP-7702, ERC-4337 v0.8), on the devnet", () => {
  it('a user with exactly the price mints in one sponsored operation that also delegates the address', async () => {
    const { account, asked, rpc, sendCalls } = await wallet(PRICE)
    expect(await rpc('wallet_getCapabilities', [account.address])).toMatchObject({
      '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: true } },
    })
    const { id } = (await sendCalls([mint()], { atomicRequired: true, ...paymasterService() })) as {
      id: string
    }
    expect(asked).toHaveLength(1)
    const [approval] = asked
    expect(approval).toMatchObject({
      method: 'wallet_sendCalls',
      operation: { sponsored: true, delegation: SIMPLE_7702_ACCOUNT },
    })
    expect(approval && 'fee' in approval && approval.fee).toBeGreaterThan(0n)
    // One nonce sequence (key 0): the next operation replaces one never included, never runs beside it.
    expect(approval && 'operation' in approval && approval.operation?.userOperation.nonce).toBe(0n)
    expect(await statusOf(rpc, id)).toMatchObject({
      status: 200,
      atomic: true,
      receipts: [{ status: '0x1' }],
    })
    expect(await passesOf(account.address)).toBe(1n)
    expect(await chain().getBalance({ address: account.address })).toBe(0n)
    expect(await rpc('wallet_getCapabilities', [account.address])).toMatchObject({
      '0x7a69': { atomic: { status: 'supported' } },
    })
  }, 120_000)

  it('initSmartAccount delegates a wallet holding nothing, sponsored; then switches to eoa and back', async () => {
    const { account, asked, smart, rpc, sendCalls, network } = await wallet(0n)
    const fields = () => smart.types.accountsOf(account.address, network())
    expect(await fields()).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    await smart.handlers.initSmartAccount({}, signal)
    expect(asked).toEqual([
      expect.objectContaining({
        method: 'initSmartAccount',
        prepared: expect.objectContaining({ sponsored: true, delegation: SIMPLE_7702_ACCOUNT }),
      }),
    ])
    expect(await fields()).toMatchObject({ preferredAccountType: 'smartAccount', smartAccountDeployed: true })
    expect(await chain().getBalance({ address: account.address })).toBe(0n)
    // Once delegated, nothing more to do.
    await smart.handlers.initSmartAccount({}, signal)
    expect(asked).toHaveLength(1)

    expect(await smart.handlers.setPreferredAccount({ type: 'eoa' }, signal)).toEqual({
      type: 'eoa',
      address: account.address,
    })
    expect(await fields()).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: true })
    expect(await rpc('wallet_getCapabilities', [account.address])).toMatchObject({
      '0x7a69': { atomic: { status: 'unsupported' } },
    })
    expect(await rpc('wallet_getCapabilities', [account.address])).not.toHaveProperty(
      '0x7a69.paymasterService',
    )
    // An eoa sends calls one by one: a site that needs them atomic is told so, before anything is asked.
    await expect(sendCalls([mint()], { atomicRequired: true })).rejects.toMatchObject({ code: 5760 })
    expect(asked).toHaveLength(1)
    expect(await smart.handlers.setPreferredAccount({ type: 'smartAccount' }, signal)).toEqual({
      type: 'smartAccount',
      address: account.address,
    })
    expect(await fields()).toMatchObject({ preferredAccountType: 'smartAccount' })
  }, 120_000)

  it('eth_sendUserOperation is approved as the calls it makes and sent as the wallet’s own operation', async () => {
    const { account, asked, smart, rpc, network } = await wallet(PRICE)
    const callData = encodeFunctionData({
      abi: simple7702AccountAbi,
      functionName: 'executeBatch',
      args: [[{ target: mint().to, value: PRICE, data: mint().data }]],
    })
    // The site's own gas and paymaster fields are not taken: the frame prepares the operation it shows.
    const op = {
      sender: account.address,
      nonce: '0x0',
      callData,
      callGasLimit: '0x1',
      paymaster: account.address,
    }
    const hash = (await rpc('eth_sendUserOperation', [op, entryPoint08Address])) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(asked).toEqual([
      expect.objectContaining({
        method: 'wallet_sendCalls',
        params: [
          { from: account.address, atomicRequired: true, calls: [{ ...mint(), value: numberToHex(PRICE) }] },
        ],
        operation: expect.objectContaining({ sponsored: true, delegation: SIMPLE_7702_ACCOUNT }),
      }),
    ])
    await expect.poll(() => passesOf(account.address), { timeout: 30_000 }).toBe(1n)
    await expect(
      rpc('eth_sendUserOperation', [{ ...op, sender: mint().to }, entryPoint08Address]),
    ).rejects.toMatchObject({ code: 4100, message: 'The request names another account than this wallet' })
    await smart.handlers.setPreferredAccount({ type: 'eoa' }, signal)
    expect(await smart.types.accountsOf(account.address, network())).toMatchObject({
      preferredAccountType: 'eoa',
    })
    await expect(rpc('eth_sendUserOperation', [op, entryPoint08Address])).rejects.toMatchObject({
      code: 4200,
      message:
        'This account is not a smart account on this network: switch it to a smart account to send operations',
    })
    expect(asked).toHaveLength(1)
  }, 120_000)

  it("follows no hash but its operation's, and sends no authorization whose nonce the key spent meanwhile", async () => {
    const other = `0x${'cd'.repeat(32)}`
    const lied = await wallet(PRICE, {
      answered: (method, result) => (method === 'eth_sendUserOperation' ? other : result),
    })
    await expect(lied.sendCalls([mint()], paymasterService())).rejects.toMatchObject({
      code: -32603,
      message: 'The bundler answered with the hash of another operation: this one is not followed',
    })
    let spend = async () => {}
    const raced = await wallet(parseEther('0.02'), { beforeAnswer: () => spend() })
    spend = async () => {
      const client = createWalletClient({ account: raced.account, transport: http(anvil.rpcUrl) })
      const hash = await client.sendTransaction({
        to: '0x000000000000000000000000000000000000dEaD',
        value: 1n,
        chain: null,
      })
      await chain().waitForTransactionReceipt({ hash })
    }
    await expect(raced.sendCalls([mint()], paymasterService())).rejects.toMatchObject({
      code: -32603,
      message: 'Your account sent a transaction while you decided: approve its delegation again',
    })
    expect(raced.sent.map(({ method }) => method)).not.toContain('eth_sendUserOperation')
    expect(await chain().getCode({ address: raced.account.address })).toBeUndefined()
  }, 120_000)

  it("refuses calls outside the project's policy in the paymaster's words, before the user is asked", async () => {
    const { asked, sendCalls } = await wallet(PRICE)
    const gift = { to: deployment.addresses.testUsd, value: '0x1' }
    await expect(sendCalls([gift], paymasterService())).rejects.toMatchObject({
      code: -32003,
      message: expect.stringMatching(/^Sponsorship refused by the project's policy \(calls\.contract\): /),
    })
    expect(asked).toHaveLength(0)
  }, 60_000)

  it('a batch rejected in the frame signs, grants and sends nothing; another paymaster is refused', async () => {
    const { account, asked, sendCalls, sent } = await wallet(PRICE, { approve: false })
    await expect(sendCalls([mint()], paymasterService())).rejects.toMatchObject({ code: 4001 })
    expect(asked).toHaveLength(1)
    expect(await passesOf(account.address)).toBe(0n)
    expect(await chain().getCode({ address: account.address })).toBeUndefined()
    // Estimated with the paymaster's stub and a stand-in authorization: no grant was counted against the
    // project's caps, and no authorization the user's key signed left the frame (or reached the approval).
    const methods = sent.map(({ method }) => method)
    expect(methods).toContain('eth_estimateUserOperationGas')
    expect(methods).toContain('pm_getPaymasterStubData')
    expect(methods).not.toContain('pm_getPaymasterData')
    expect(methods).not.toContain('eth_sendUserOperation')
    const approved = asked[0] && 'operation' in asked[0] ? asked[0].operation : undefined
    const authorizations = [
      approved?.userOperation.authorization,
      ...sent.map(({ params }) => (params?.[0] as { eip7702Auth?: Record<string, Hex> })?.eip7702Auth),
    ].filter((auth) => auth !== undefined)
    expect(authorizations.length).toBeGreaterThan(2)
    for (const auth of authorizations) {
      const authority = await recoverAuthorizationAddress({
        authorization: {
          address: auth.address as Hex,
          chainId: Number(auth.chainId),
          nonce: Number(auth.nonce),
          r: auth.r as Hex,
          s: auth.s as Hex,
          yParity: Number(auth.yParity),
        },
      }).catch(() => undefined)
      expect(authority).not.toBe(account.address)
    }
    await expect(
      sendCalls([mint()], { capabilities: { paymasterService: { url: 'https://pm.evil.example/rpc' } } }),
    ).rejects.toMatchObject({
      code: 5700,
      message: "The wallet pays no gas through another paymaster than its project's own",
    })
  }, 60_000)

  it('setPreferredAccount smartAccount on a network without it fails and leaves eoa (spec §4)', async () => {
    const { account, smart } = await wallet(0n)
    const sepolia = { chainId: 11155111, rpcUrl: anvil.rpcUrl }
    const handlers = createSmartAccount({
      cloudUrl: cloud?.url as string,
      projectId: PROJECT,
      vault: openVault(new IDBFactory()),
      account: async () => account,
      network: () => sepolia,
      approve: async () => true,
    })
    await expect(handlers.handlers.setPreferredAccount({ type: 'smartAccount' }, signal)).rejects.toThrow(
      'Smart accounts are not available on this network',
    )
    await expect(handlers.handlers.initSmartAccount({}, signal)).rejects.toThrow(
      'Smart accounts are not available on this network',
    )
    expect(await handlers.types.accountsOf(account.address, sepolia)).toEqual({
      accounts: [{ address: account.address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(await smart.handlers.getSmartAccountEnabledNetworks({}, signal)).toEqual({
      smartAccountEnabledNetworks: [31337],
    })
  })
})
